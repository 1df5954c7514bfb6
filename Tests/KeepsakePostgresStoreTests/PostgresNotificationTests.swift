import Foundation
import Testing
import KeepsakeStore
import KeepsakeTestSupport

/// The change log's notifications between instances.
@Suite("PostgreSQL change notifications")
struct PostgresNotificationTests {
    @Test("waitForChanges returns when another instance commits a change, long before its timeout, and the change is then in the log")
    func aCommitElsewhereEndsTheWait() async throws {
        let place = try PostgresFolderStorePlace(label: "notify")
        let watcher = try place.open()
        let writer = try place.open()
        let start = try watcher.lastChangeSequence()
        // The first call starts listening; wait until it is in force (a change then must end a wait).
        try await watcher.metadata.waitForChanges(timeout: .seconds(2))
        let clock = ContinuousClock()
        let began = clock.now
        async let waited: Void = watcher.metadata.waitForChanges(timeout: .seconds(120))
        try await Task.sleep(for: .milliseconds(200))
        let record = try writer.create(RecordDraft(collection: "diary"))
        try await waited
        #expect(clock.now - began < .seconds(60), "the wait ran to its timeout: no notification arrived")
        #expect(try watcher.changes(after: start).map(\.recordID) == [record.id])
    }

    @Test("A cancelled wait ends at once with CancellationError")
    func aCancelledWaitEnds() async throws {
        let store = try PostgresFolderStorePlace(label: "notify-cancel").open()
        // The first call starts listening, and the listener's connection wakes every waiter once
        // (notifications may have been missed before it): let that pass before the wait that is cancelled.
        try await store.metadata.waitForChanges(timeout: .seconds(2))
        let task = Task { try await store.metadata.waitForChanges(timeout: .seconds(120)) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
