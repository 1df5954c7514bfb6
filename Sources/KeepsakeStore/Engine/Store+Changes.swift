import Foundation

extension Store {
    /// Changes logged after `sequence` that the caller sees, oldest first: those of records in books
    /// it reads, and those addressed to its account alone (``ChangeKind/left`` when its membership
    /// of a book ended or the book was deleted, ``ChangeKind/shared`` when it was added to one),
    /// of the books its token is limited to, if it is. The local operator sees every change but
    /// those addressed to one account.
    public func changes(after sequence: Int64, limit: Int = 1000) throws -> [StoreChange] {
        try metadata.read(as: caller) { tx in try visibleChanges(after: sequence, limit: limit, tx, try access(tx)) }
    }

    /// Changes logged after `sequence` (as ``changes(after:limit:)``) with the current state of
    /// their records, all read in one transaction: what a change feed sends a mirror.
    public func changePage(after sequence: Int64, limit: Int = 1000) throws -> StoreChangePage {
        try metadata.read(as: caller) { tx in
            let access = try access(tx)
            let changes = try visibleChanges(after: sequence, limit: limit, tx, access)
            var records: [RecordID: Record] = [:]
            for id in Set(changes.map(\.recordID)) {
                if let record = try tx.record(id), access.canRead(record.book) { records[id] = record }
            }
            return StoreChangePage(changes: changes, records: records, latest: try tx.lastChangeSequence())
        }
    }

    /// The changes after `sequence` that the caller sees (see ``changes(after:limit:)``).
    private func visibleChanges(after sequence: Int64, limit: Int, _ reader: any MetadataReader, _ access: BookAccess) throws -> [StoreChange] {
        // A disabled or missing account reads no book, and nothing addressed to it either (an
        // enabled one that is in no book still reads what is addressed to it: it may just have left).
        guard case .account(let account) = caller.identity,
              try access != .nothing || reader.account(account).map({ !$0.isDisabled }) == true else {
            return try reader.changes(after: sequence, limit: limit, books: access.readable, audience: nil)
        }
        return try reader.changes(after: sequence, limit: limit, books: access.readable, audience: ChangeAudience(account: account, books: caller.books))
    }

    /// The sequence number of the newest logged change (0 for an empty log).
    public func lastChangeSequence() throws -> Int64 {
        try metadata.read(as: caller) { try $0.lastChangeSequence() }
    }

    /// Every change made after `sequence` (after now, by default), by this or any other instance
    /// sharing the store, as an asynchronous sequence. Between batches it waits on the metadata
    /// store (a notification where it has them, `pollInterval` otherwise); cancel the consuming task
    /// to stop it.
    public func changeStream(after sequence: Int64? = nil, pollInterval: Duration = .milliseconds(100)) -> AsyncThrowingStream<StoreChange, any Error> {
        // "Now" is when the stream is asked for, not when its task first runs, so a change made
        // right after this call is in the stream however late the task starts.
        let start = sequence.map { Result<Int64, any Error>.success($0) } ?? Result { try self.lastChangeSequence() }
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var last = try start.get()
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
