import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore

/// The store and its three apps as the caller of the request being answered sees them
/// (``RequestCaller/current``): each is made on use, over `store.acting(as:)` that caller, so
/// nothing of one request's caller is kept for the next. Making one costs a few words of memory
/// (the apps are values holding the store, itself a value over the shared core).
struct CallerApps: Sendable {
    /// The store as the local operator sees it (what the server was started with).
    let operatorStore: Store
    /// The most photos per diary entry and per post.
    let maxPhotos: Int
    /// The one caller these apps act as, whatever the request; `nil` (the server's): the caller of
    /// the request being answered.
    var caller: Caller? = nil

    /// The store acting as the current caller.
    var store: Store { operatorStore.acting(as: caller ?? RequestCaller.current) }

    /// The store for checking (and repairing) it as a whole (`fsck`), which the engine leaves to the
    /// operator of the machine: the server runs it for an admin (`account`) as that operator; for
    /// anyone else it is the caller's store, which the engine refuses (`403`).
    func maintenanceStore(for account: Account?) -> Store {
        account?.isAdmin == true && !(caller ?? RequestCaller.current).readOnly ? operatorStore : store
    }
    /// The diary, as the current caller sees it.
    var diary: Diary { Diary(store: store, maxImages: maxPhotos) }
    /// The ledger, as the current caller sees it.
    var ledger: Ledger { Ledger(store: store) }
    /// The feed, as the current caller sees it.
    var feed: Feed { Feed(store: store, maxImages: maxPhotos) }
}
