public import KeepsakeStore

extension Ledger: RecordApp {
    /// Stores a new transaction (``add(_:)``).
    @discardableResult
    public func create(_ draft: LedgerTransactionDraft) throws -> LedgerTransaction {
        try add(draft)
    }

    /// The transaction with `id` (``transaction(_:)``).
    public func read(_ id: RecordID) throws -> LedgerTransaction {
        try transaction(id)
    }

    /// Moves a transaction to the trash, only if it is still at `expectedVersion` (when given).
    @discardableResult
    public func delete(_ id: RecordID, expectedVersion: Int64?) throws -> LedgerTransaction {
        _ = try ledgerRecord(id)
        return try Self.transaction(from: try store.trash(id, expectedVersion: expectedVersion))
    }

    /// Takes a transaction out of the trash, only if it is still at `expectedVersion` (when given).
    @discardableResult
    public func restore(_ id: RecordID, expectedVersion: Int64?) throws -> LedgerTransaction {
        _ = try ledgerRecord(id)
        return try Self.transaction(from: try store.restore(id, expectedVersion: expectedVersion))
    }

    /// Attaches or replaces the receipt (``attachReceipt(to:source:)``), only if the transaction is
    /// still at `expectedVersion` (when given).
    @discardableResult
    public func attachReceipt(to id: RecordID, source: ImageSource, expectedVersion: Int64?) throws -> LedgerTransaction {
        _ = try ledgerRecord(id)
        return try Self.transaction(from: try store.setImages(of: id, to: [.new(source)], expectedVersion: expectedVersion))
    }

    /// Removes the receipt (``removeReceipt(from:)``), only if the transaction is still at
    /// `expectedVersion` (when given).
    @discardableResult
    public func removeReceipt(from id: RecordID, expectedVersion: Int64?) throws -> LedgerTransaction {
        let record = try ledgerRecord(id)
        try KeepsakeError.checkVersion(id, current: record.version, expected: expectedVersion)
        if record.isTrashed {
            throw KeepsakeError(.conflict, "Transaction \(id) is in the trash; restore it before changing its receipt.")
        }
        guard !record.images.isEmpty else { return try Self.transaction(from: record) }
        return try Self.transaction(from: try store.setImages(of: id, to: [], expectedVersion: record.version))
    }
}
