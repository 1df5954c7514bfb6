public import Foundation

extension Store {
    /// Changes logged after `sequence`, oldest first.
    public func changes(after sequence: Int64, limit: Int = 1000) throws -> [StoreChange] {
        try database.read { db in
            try db.query("SELECT seq, record_id, collection, kind, at FROM change WHERE seq > ? ORDER BY seq LIMIT ?",
                         [.integer(sequence), .int(limit)]) { row in
                StoreChange(sequence: row.int64(0), recordID: try RecordID(parsing: row.requiredText(1)),
                            collection: try CollectionName(row.requiredText(2)),
                            kind: ChangeKind(rawValue: row.requiredText(3)) ?? .updated,
                            at: Date(timeIntervalSince1970: row.double(4)))
            }
        }
    }

    /// The sequence number of the newest logged change (0 for an empty log).
    public func lastChangeSequence() throws -> Int64 {
        try database.read { db in try db.scalarInt("SELECT coalesce(max(seq), 0) FROM change") }
    }

    /// Every change made after `sequence` (after now, by default), by this or any other process
    /// sharing the store, as an asynchronous sequence. It polls the change log (one indexed query per
    /// `pollInterval`); cancel the consuming task to stop it.
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
                        if batch.isEmpty { try await Task.sleep(for: pollInterval) }
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
