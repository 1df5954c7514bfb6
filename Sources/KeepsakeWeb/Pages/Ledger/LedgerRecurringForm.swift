import KeepsakeLedger
import KeepsakeStore

/// What the recurring page's form holds: the text as typed, so a refused form comes back as it
/// was sent.
struct LedgerRecurringForm: Sendable {
    /// Expense or income.
    var kind: TransactionKind = .expense
    /// The amount as typed.
    var amountText = ""
    /// The currency code.
    var currencyCode: String
    /// The category.
    var category = ""
    /// The memo.
    var memo = ""
    /// `monthly`, `weekly` or `yearly`.
    var frequency = "monthly"
    /// The day of the month as typed.
    var day = ""
    /// The weekday, 1...7, as sent.
    var weekday = "1"
    /// The month as typed.
    var month = ""
    /// The start day as typed.
    var start: String
    /// The end day as typed (may be empty).
    var end = ""
    /// The count as typed (may be empty).
    var count = ""
    /// The ledger book chosen (the rule is kept in it and its occurrences go into it); `nil` for
    /// the caller's default ledger book.
    var book: BookID?

    /// An empty form in `currencyCode`, starting `start`.
    init(currencyCode: String, start: String) {
        self.currencyCode = currencyCode
        self.start = start
    }

    /// The rule, or the refusal of what was typed.
    func draft() throws -> LedgerRecurringDraft {
        try LedgerRecurringDraft(kind: kind, amount: amountText, currencyCode: currencyCode, category: category, memo: memo,
                                 frequency: frequency, day: frequency == "weekly" ? "" : day, weekday: frequency == "weekly" ? weekday : "",
                                 month: frequency == "yearly" ? month : "", start: start, end: end, count: count, book: book)
    }
}
