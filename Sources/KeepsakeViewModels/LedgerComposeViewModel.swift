import Foundation
public import KeepsakeLedger
public import KeepsakeStore
public import Observation

/// Add / edit a transaction: the amount is typed as text and parsed exactly for its currency (no
/// floating point); a receipt photo can be attached, replaced or removed.
@MainActor @Observable
public final class LedgerComposeViewModel: RecordComposing, FailureReporting {
    /// The transaction being edited; `nil` for a new one.
    public let editingID: RecordID?
    /// The day, as `YYYY-MM-DD`.
    public var dateText: String
    /// Expense or income.
    public var kind: TransactionKind
    /// The amount as typed, e.g. `12.50`.
    public var amountText: String
    /// ISO 4217 code, e.g. `KRW`.
    public var currencyCode: String
    /// Category (required).
    public var category: String
    /// Memo.
    public var memo: String
    /// A newly picked receipt photo to attach (replacing any current one).
    public var newReceipt: ImageSource?
    /// Remove the current receipt on save.
    public var removesReceipt = false
    /// The book a new transaction goes in; the caller's own ledger book when `nil` (an edit keeps
    /// the transaction's book: moving it is another operation).
    public var book: BookID?
    /// The money account a new transaction belongs to; the default account of its currency when `nil`.
    public var account: RecordID?
    /// The parts of a split transaction as typed, `category=amount` each (``LedgerSplit/init(typed:currency:)``);
    /// `nil` leaves an edited transaction's parts as they are (a new one is not split), empty makes
    /// it unsplit. With parts, the category may be left empty: it is the largest part's.
    public var splitTexts: [String]?
    /// The current receipt when editing.
    public private(set) var currentReceipt: Attachment?
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// True while saving (``save()`` sets it).
    public var isSaving = false
    /// The ledger.
    public let ledger: Ledger

    /// A new transaction on `day`.
    public init(ledger: Ledger, day: LedgerDay, currencyCode: String = "KRW") {
        self.ledger = ledger
        editingID = nil
        dateText = day.string
        kind = .expense
        amountText = ""
        self.currencyCode = currencyCode
        category = ""
        memo = ""
    }

    /// Edits `transaction`.
    public init(ledger: Ledger, editing transaction: LedgerTransaction) {
        self.ledger = ledger
        editingID = transaction.id
        dateText = transaction.date.string
        kind = transaction.kind
        amountText = transaction.amount.amountString
        currencyCode = transaction.amount.currency.code
        category = transaction.category
        memo = transaction.memo
        currentReceipt = transaction.receipt
    }

    /// The draft, parsed and checked; throws the first problem as a sentence-bearing error.
    public func makeDraft() throws -> LedgerTransactionDraft {
        let splitting = splitTexts?.isEmpty == false
        // With parts, the transaction's category is the largest part's (the ledger sets it).
        let typedCategory = splitting && category.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "split" : category
        var draft = try LedgerTransactionDraft(typedDate: dateText, kind: kind, amount: amountText, currencyCode: currencyCode,
                                               category: typedCategory, memo: memo, receipt: newReceipt)
        draft.book = book
        draft.account = account
        if let splitTexts {
            let currency = draft.amount.currency
            draft.splits = try splitTexts.map { try LedgerSplit(typed: $0, currency: currency) }
        }
        return draft
    }

    /// Throws the first problem of the form: the draft's, or a missing category.
    public func checkForm() throws {
        _ = try makeDraft()
    }

    /// Creates the transaction, or applies the edit and then the receipt change (a new receipt
    /// attached, or the old one removed when asked).
    public func saveOperation() throws -> @Sendable () throws -> LedgerTransaction {
        let ledger = ledger, editingID = editingID, removes = removesReceipt, changesSplits = splitTexts != nil
        let draft = try makeDraft()
        return { () throws -> LedgerTransaction in
            guard let id = editingID else { return try ledger.create(draft) }
            let edit = LedgerEdit(date: draft.date, kind: draft.kind, amount: draft.amount, category: draft.category, memo: draft.memo,
                                  account: draft.account, splits: changesSplits ? draft.splits : nil)
            var result = try ledger.update(id, edit, expectedVersion: nil)
            if let receipt = draft.receipt {
                result = try ledger.attachReceipt(to: id, source: receipt)
            } else if removes, result.receipt != nil {
                result = try ledger.removeReceipt(from: id)
            }
            return result
        }
    }

    /// Shows the saved receipt and forgets the receipt change just saved.
    public func didSave(_ saved: LedgerTransaction) {
        currentReceipt = saved.receipt
        newReceipt = nil
        removesReceipt = false
    }
}
