import Foundation

extension Store {
    /// Changes logged after `sequence`, oldest first.
    public func changes(after sequence: Int64, limit: Int = 1000) throws -> [StoreChange] {
        try metadata.read { try $0.changes(after: sequence, limit: limit) }
    }

    /// The sequence number of the newest logged change (0 for an empty log).
    public func lastChangeSequence() throws -> Int64 {
        try metadata.read { try $0.lastChangeSequence() }
    }

    /// Every change made after `sequence` (after now, by default), by this or any other instance
    /// sharing the store, as an asynchronous sequence. Between batches it waits on the metadata
    /// store (a notification where it has them, `pollInterval` otherwise); cancel the consuming task
    /// to stop it.
    public func changeStream(after sequence: Int64? = nil, pollInterval: Duration = .milliseconds(100)) -> AsyncThrowingStream<StoreChange, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var last = try sequence ?? self.lastChangeSequence()
                    while !Task.isCancelled {
                        let batch = try self.changes(after: last)
                        for change in batch {
                            continuation.yield(change)
                            last = change.sequence
                        }
                        if batch.isEmpty { try await self.metadata.waitForChanges(timeout: pollInterval) }
                    }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
