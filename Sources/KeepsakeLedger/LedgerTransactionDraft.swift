import Foundation
public import KeepsakeStore

/// What a new transaction is made of; ``Ledger/create(_:)`` checks every field.
public struct LedgerTransactionDraft: Sendable {
    /// The calendar day.
    public var date: LedgerDay
    /// Expense or income.
    public var kind: TransactionKind
    /// The amount; must be greater than zero.
    public var amount: Money
    /// The category: trimmed, then 1 to ``Ledger/maxCategoryLength`` characters.
    public var category: String
    /// A note: trimmed, at most ``Ledger/maxMemoLength`` characters.
    public var memo: String
    /// A receipt photo to store with the transaction, in the same atomic operation.
    public var receipt: ImageSource?
    /// A chosen id (imports keep ids); a new UUID when `nil`.
    public var id: RecordID?
    /// The book to write it in (one of the ledger's books the caller writes); the caller's own
    /// ledger book when `nil`.
    public var book: BookID?
    /// The money account it belongs to (of the same currency); the default account of its currency
    /// when `nil`.
    public var account: RecordID?
    /// The parts of a split transaction (at least two, summing to ``amount``); empty for an unsplit
    /// one. When given, the transaction's category is the largest part's and ``category`` is not used.
    public var splits: [LedgerSplit] = []

    /// Creates a draft.
    public init(date: LedgerDay, kind: TransactionKind, amount: Money, category: String, memo: String = "",
                receipt: ImageSource? = nil, id: RecordID? = nil, book: BookID? = nil, account: RecordID? = nil) {
        self.date = date
        self.kind = kind
        self.amount = amount
        self.category = category
        self.memo = memo
        self.receipt = receipt
        self.id = id
        self.book = book
        self.account = account
    }

    /// A draft from a form's text as a person types it: the day as `YYYY-MM-DD`, the amount as a
    /// decimal in `currencyCode` (trimmed, any case), both parsed exactly. Throws
    /// ``KeepsakeError/Code/invalidArgument`` for an unknown currency, an unreadable amount or day,
    /// and for an empty category (the form's rule, before ``Ledger/create(_:)`` checks the rest).
    public init(typedDate dateText: String, kind: TransactionKind, amount amountText: String, currencyCode: String,
                category: String, memo: String, receipt: ImageSource? = nil) throws {
        let currency = try Currency(code: currencyCode.trimmingCharacters(in: .whitespaces).uppercased())
        let amount = try Money(parsing: amountText, currency: currency)
        let day = try LedgerDay(parsing: dateText.trimmingCharacters(in: .whitespaces))
        guard !category.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw KeepsakeError(.invalidArgument, "Choose a category for the transaction.")
        }
        self.init(date: day, kind: kind, amount: amount, category: category, memo: memo, receipt: receipt)
    }
}
