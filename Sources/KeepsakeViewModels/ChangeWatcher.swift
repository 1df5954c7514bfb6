import Foundation
import KeepsakeStore

/// Feeds a view model the store's changes (from this process or any other sharing the store) that
/// concern one collection, calling `refresh` for each. Runs until the calling task is cancelled; if
/// the store cannot be read, `failed` receives the error (the view shows it) and watching stops.
///
/// It subscribes first and then refreshes once, so a change made after the view last loaded but
/// before the watching task ran (a busy machine can start it late) is never missed.
func watchChanges(of store: Store, collection: CollectionName, pollInterval: Duration,
                  matching filter: @escaping @Sendable (StoreChange) -> Bool = { _ in true },
                  refresh: @MainActor () async -> Void, failed: @MainActor (any Error) -> Void) async {
    let changes = store.changeStream(pollInterval: pollInterval)
    await refresh()
    do {
        for try await change in changes where change.collection == collection && filter(change) {
            await refresh()
        }
    } catch {
        await failed(error)
    }
}
