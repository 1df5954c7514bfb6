public import KeepsakeStore

extension Ledger: RecordApp {
    /// Moves a transaction (and its receipt) to the trash, only if it is still at `expectedVersion`
    /// (when given); ``restore(_:expectedVersion:)`` brings it back.
    @discardableResult
    public func delete(_ id: RecordID, expectedVersion: Int64? = nil) throws -> LedgerTransaction {
        _ = try ledgerRecord(id)
        return try Self.transaction(from: try store.trash(id, expectedVersion: expectedVersion))
    }

    /// Takes a transaction out of the trash, only if it is still at `expectedVersion` (when given).
    @discardableResult
    public func restore(_ id: RecordID, expectedVersion: Int64? = nil) throws -> LedgerTransaction {
        _ = try ledgerRecord(id)
        return try Self.transaction(from: try store.restore(id, expectedVersion: expectedVersion))
    }
}
