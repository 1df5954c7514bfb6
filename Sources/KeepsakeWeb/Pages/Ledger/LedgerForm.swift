import Foundation
import KeepsakeLedger
import KeepsakeStore

/// What the add / edit form of a transaction shows: a new one's defaults, a transaction's values,
/// or what was submitted (when the form comes back refused).
struct LedgerForm: Sendable {
    /// The transaction being edited; `nil` when adding one.
    var editingID: RecordID?
    /// The version of the transaction the edit form was made from (the outbox sends it as `If-Match`).
    var editingVersion: Int64?
    /// The day as typed (`YYYY-MM-DD`).
    var dateText: String
    /// Expense or income.
    var kind = TransactionKind.expense
    /// The amount as typed.
    var amountText = ""
    /// The currency's code.
    var currencyCode: String
    /// The category.
    var category = ""
    /// The memo.
    var memo = ""
    /// A receipt picked in a refused submission (its upload is gone).
    var newReceipt: ImageSource?
    /// Whether the stored receipt is to be removed.
    var removesReceipt = false
    /// The stored receipt of the transaction being edited.
    var currentReceipt: Attachment?
    /// The book a new transaction goes in (the form's select); `nil`: the switcher's choice or the
    /// caller's own ledger.
    var book: BookID?
    /// The money account chosen on the edit form; `nil` keeps the transaction's.
    var account: RecordID?
    /// The edited transaction's money account (its book's default of its currency when it names none).
    var currentAccount: RecordID?
    /// The money accounts the edit form offers: its book's, of its currency.
    var accountChoices: [LedgerAccount] = []
    /// The parts of a split transaction as typed, one `category amount` per line (empty: not split).
    var splitsText = ""

    /// A new transaction on `day`.
    init(day: LedgerDay, currencyCode: String) {
        dateText = day.string
        self.currencyCode = currencyCode
    }

    /// The form of `transaction`.
    init(editing transaction: LedgerTransaction) {
        self.init(day: transaction.date, currencyCode: transaction.amount.currency.code)
        (editingID, kind, amountText) = (transaction.id, transaction.kind, transaction.amount.amountString)
        editingVersion = transaction.version
        (category, memo, currentReceipt) = (transaction.category, transaction.memo, transaction.receipt)
        currentAccount = transaction.account ?? transaction.book.map { Ledger.defaultAccountID(for: transaction.amount.currency, in: $0) }
        splitsText = transaction.splits.map { "\($0.category) \($0.amount.amountString)" }.joined(separator: "\n")
    }

    /// The typed parts' lines, blank lines left out.
    var splitLines: [String] {
        splitsText.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The transaction as typed; throws the first problem (an unreadable amount or day, an
    /// unknown currency, no category).
    func draft() throws -> LedgerTransactionDraft {
        let lines = splitLines
        // With parts, the category is the largest part's (the ledger sets it).
        let typedCategory = !lines.isEmpty && category.trimmingCharacters(in: .whitespaces).isEmpty ? "split" : category
        var draft = try LedgerTransactionDraft(typedDate: dateText, kind: kind, amount: amountText, currencyCode: currencyCode,
                                               category: typedCategory, memo: memo, receipt: newReceipt)
        draft.book = book
        draft.account = account
        let currency = draft.amount.currency
        draft.splits = try lines.map { try LedgerSplit(typed: $0, currency: currency) }
        return draft
    }

    /// What the form does to the stored receipt.
    var receiptChange: LedgerWriter.ReceiptChange {
        if let newReceipt { return .replace(newReceipt) }
        return removesReceipt ? .remove : .keep
    }
}
