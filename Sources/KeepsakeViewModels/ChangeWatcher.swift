import Foundation
import KeepsakeStore

/// Feeds a view model the store's changes (from this process or any other sharing the store) that
/// concern one collection, calling `refresh` for each. Runs until the calling task is cancelled; if
/// the store cannot be read, `failed` receives the error (the view shows it) and watching stops.
func watchChanges(of store: Store, collection: CollectionName, pollInterval: Duration,
                  matching filter: @escaping @Sendable (StoreChange) -> Bool = { _ in true },
                  refresh: @MainActor () async -> Void, failed: @MainActor (any Error) -> Void) async {
    do {
        for try await change in store.changeStream(pollInterval: pollInterval) where change.collection == collection && filter(change) {
            await refresh()
        }
    } catch {
        await failed(error)
    }
}
