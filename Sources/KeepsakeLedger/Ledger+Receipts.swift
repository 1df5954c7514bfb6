public import KeepsakeStore

extension Ledger {
    /// Attaches a receipt photo to a live transaction, or replaces the one it has, only if the
    /// transaction is still at `expectedVersion` (when given), in one atomic engine operation: the
    /// whole image set becomes exactly this receipt, so two attaches at the same moment still leave
    /// one receipt (the later commit wins).
    ///
    /// The old receipt's file stays readable until the commit that stops referring to it and is
    /// removed right after; if the new image is refused, nothing changes.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.conflict` (in the trash, or changed meanwhile), or
    ///   an image error (`.corruptImage`, `.unsupportedImage`, `.imageTooLarge`).
    @discardableResult
    public func attachReceipt(to id: RecordID, source: ImageSource, expectedVersion: Int64? = nil) throws -> LedgerTransaction {
        _ = try ledgerRecord(id)
        return try Self.transaction(from: try store.setImages(of: id, to: [.new(source)], expectedVersion: expectedVersion))
    }

    /// Removes a live transaction's receipt, only if the transaction is still at `expectedVersion`
    /// (when given); its file is removed after the commit. Does nothing (and returns the
    /// transaction) when there is no receipt.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, or `.conflict` if the transaction is in the trash
    ///   or was changed meanwhile.
    @discardableResult
    public func removeReceipt(from id: RecordID, expectedVersion: Int64? = nil) throws -> LedgerTransaction {
        let record = try ledgerRecord(id)
        try KeepsakeError.checkVersion(id, current: record.version, expected: expectedVersion)
        if record.isTrashed {
            throw KeepsakeError(.conflict, "Transaction \(id) is in the trash; restore it before changing its receipt.")
        }
        guard !record.images.isEmpty else { return try Self.transaction(from: record) }
        return try Self.transaction(from: try store.setImages(of: id, to: [], expectedVersion: record.version))
    }
}
