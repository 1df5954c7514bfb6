import Foundation
import Synchronization

/// The sorted names of the folders a listing is in the middle of, kept for the page that continues it.
///
/// A page of ``FolderBlobStore/list(prefix:after:limit:)`` ends inside a folder (a collection of
/// 100,000 record folders, say); reading and sorting that folder again for every page made a
/// listing page by page quadratic. So a page leaves the names of the folders it stopped in here,
/// under its `nextAfter`, and the page that continues from exactly there takes them back instead of
/// reading the folders again. Within one listing, a folder is thus read once, when the walk first
/// enters it: an entry added to it later is not listed (an entry removed meanwhile is skipped,
/// since every entry is examined when the walk reaches it). A listing that starts afresh
/// (`after == nil`), any other `after`, or a continuation more than ``lifetime`` later reads the
/// folders again.
final class FolderListingCache: Sendable {
    /// How long a page's folders are kept for the next page.
    static let lifetime: TimeInterval = 600
    /// Listings in progress kept at once (the oldest is dropped).
    static let capacity = 4

    private struct Snapshot {
        var prefix: String
        var continuation: String
        var folders: [String: [String]]
        var taken: Date
    }

    private let snapshots = Mutex<[Snapshot]>([])

    /// Creates an empty cache.
    init() {}

    /// The folders kept for the page of `prefix` that continues from `after`, removed from the
    /// cache; empty when there are none.
    func take(prefix: String, after: String?, now: Date = Date()) -> [String: [String]] {
        guard let after else { return [:] }
        return snapshots.withLock { snapshots in
            snapshots.removeAll { now.timeIntervalSince($0.taken) > Self.lifetime }
            guard let index = snapshots.firstIndex(where: { $0.prefix == prefix && $0.continuation == after }) else { return [:] }
            return snapshots.remove(at: index).folders
        }
    }

    /// Keeps `folders` (folder key → sorted names) for the page of `prefix` that continues from `continuation`.
    func keep(_ folders: [String: [String]], prefix: String, continuation: String, now: Date = Date()) {
        guard !folders.isEmpty else { return }
        snapshots.withLock { snapshots in
            snapshots.append(Snapshot(prefix: prefix, continuation: continuation, folders: folders, taken: now))
            if snapshots.count > Self.capacity { snapshots.removeFirst(snapshots.count - Self.capacity) }
        }
    }
}
