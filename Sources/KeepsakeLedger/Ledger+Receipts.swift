public import KeepsakeStore

extension Ledger {
    /// Attaches a receipt photo to a live transaction, or replaces the one it has, in one atomic
    /// engine operation: the whole image set becomes exactly this receipt, so two attaches at the same
    /// moment still leave one receipt (the later commit wins).
    ///
    /// The old receipt's file stays readable until the commit that stops referring to it and is
    /// removed right after; if the new image is refused, nothing changes.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.conflict` (in the trash), or an image error
    ///   (`.corruptImage`, `.unsupportedImage`, `.imageTooLarge`).
    @discardableResult
    public func attachReceipt(to id: RecordID, source: ImageSource) throws -> LedgerTransaction {
        _ = try ledgerRecord(id)
        return try Self.transaction(from: try store.setImages(of: id, to: [.new(source)]))
    }

    /// Removes a live transaction's receipt; its file is removed after the commit. Does nothing
    /// (and returns the transaction) when there is no receipt.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, or `.conflict` if the transaction is in the trash.
    @discardableResult
    public func removeReceipt(from id: RecordID) throws -> LedgerTransaction {
        let record = try ledgerRecord(id)
        if record.isTrashed {
            throw KeepsakeError(.conflict, "Transaction \(id) is in the trash; restore it before changing its receipt.")
        }
        let updated: Record = switch record.images.count {
        case 0: record
        case 1: try store.removeImage(of: id, at: 0)
        default: try store.setImages(of: id, to: [])
        }
        return try Self.transaction(from: updated)
    }
}
