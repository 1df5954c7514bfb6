import KeepsakeLedger
import KeepsakeStore

/// What the ledger month's budget form holds: the text as typed, so a refused form comes back as
/// it was sent.
struct LedgerBudgetForm: Sendable {
    /// The category.
    var category = ""
    /// The amount as typed.
    var amountText = ""
    /// The currency code.
    var currencyCode: String
    /// Whether the rest carries over.
    var carryOver = false
    /// The ledger book chosen; `nil` for the caller's own (the page's book switcher's when it names one).
    var book: BookID?

    /// An empty form in `currencyCode`.
    init(currencyCode: String) {
        self.currencyCode = currencyCode
    }

    /// The budget from `month` on, or the refusal of what was typed.
    func draft(month: LedgerMonth) throws -> LedgerBudgetDraft {
        try LedgerBudgetDraft(typedMonth: month.string, amount: amountText, currencyCode: currencyCode, category: category,
                              carryOver: carryOver, book: book)
    }
}
