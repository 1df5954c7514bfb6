import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

/// Every write of ledger transactions, for the ledger pages and the API alike: the upload limits
/// (``WritePath``), the ledger's own rules (checked by ``Ledger``), then the store operation. A
/// refusal is a ``WriteRefusal`` in the request's language.
struct LedgerWriter: Sendable {
    /// What an edit does to a transaction's receipt.
    enum ReceiptChange: Sendable {
        /// Leaves it as it is.
        case keep
        /// Stores a new one in its place (or the first one).
        case replace(ImageSource)
        /// Removes it, if there is one.
        case remove
    }

    /// The store and apps of the request's caller.
    let apps: CallerApps
    /// The ledger written to, as the request's caller sees it.
    var ledger: Ledger { apps.ledger }
    /// The upload limits and the failure's wording.
    let path: WritePath

    /// Saves a new transaction with its receipt (`draft.receipt`, a staged upload), all or nothing.
    func create(_ draft: LedgerTransactionDraft, files: [UploadedFile], language: Language) throws(WriteRefusal) -> LedgerTransaction {
        try path.perform(files: files, language: language) { try ledger.create(draft) }
    }

    /// Applies an edit of transaction `id` (with `expectedVersion`, only if it is still at that
    /// version), then the change of its receipt.
    func update(_ id: RecordID, _ edit: LedgerEdit, receipt: ReceiptChange = .keep, expectedVersion: Int64? = nil,
                files: [UploadedFile], language: Language) throws(WriteRefusal) -> LedgerTransaction {
        try path.perform(files: files, language: language) {
            let updated = try ledger.update(id, edit, expectedVersion: expectedVersion)
            switch receipt {
            case .keep: return updated
            case .replace(let source): return try ledger.attachReceipt(to: id, source: source)
            case .remove: return updated.receipt == nil ? updated : try ledger.removeReceipt(from: id)
            }
        }
    }

    /// Moves transaction `id` to the trash (`restore`: takes it out), with `expectedVersion` only if
    /// it is still at that version.
    func trash(_ id: RecordID, restore: Bool = false, expectedVersion: Int64? = nil, language: Language) throws(WriteRefusal) -> LedgerTransaction {
        try path.trash(ledger, id, restore: restore, expectedVersion: expectedVersion, language: language)
    }

    /// Stores `source` (a staged upload among `files`) as the receipt of transaction `id`, in the
    /// place of any receipt it had.
    func attachReceipt(to id: RecordID, source: ImageSource, expectedVersion: Int64? = nil, files: [UploadedFile],
                       language: Language) throws(WriteRefusal) -> LedgerTransaction {
        try path.perform(files: files, language: language) { try ledger.attachReceipt(to: id, source: source, expectedVersion: expectedVersion) }
    }

    /// Removes the receipt of transaction `id`.
    func removeReceipt(from id: RecordID, expectedVersion: Int64? = nil, language: Language) throws(WriteRefusal) -> LedgerTransaction {
        try path.perform(files: [], language: language) { try ledger.removeReceipt(from: id, expectedVersion: expectedVersion) }
    }

    /// Imports CSV text (see docs/LEDGER.md): every row checked first, then all or nothing, or only
    /// the valid rows with `skipInvalid`.
    func importCSV(_ text: String, skipInvalid: Bool, language: Language) throws(WriteRefusal) -> LedgerImportReport {
        try path.perform(files: [], language: language) { try ledger.importCSV(text, skipInvalid: skipInvalid) }
    }
}
