import Foundation
public import KeepsakeStore

/// What a budget is set from; ``Ledger/setBudget(_:)`` checks every field.
public struct LedgerBudgetDraft: Sendable, Hashable {
    /// The category: trimmed, then 1 to ``Ledger/maxCategoryLength`` characters.
    public var category: String
    /// The amount per month (zero or more) in the budget's currency.
    public var amount: Money
    /// The first month the budget applies to.
    public var month: LedgerMonth
    /// Whether a month's rest (or overspend) carries over to the next month.
    public var carryOver: Bool
    /// The ledger book to write it in; the caller's own ledger book when `nil`.
    public var book: BookID?

    /// Creates a draft.
    public init(category: String, amount: Money, month: LedgerMonth, carryOver: Bool = false, book: BookID? = nil) {
        self.category = category
        self.amount = amount
        self.month = month
        self.carryOver = carryOver
        self.book = book
    }

    /// A draft from text as a person types it: the month as `YYYY-MM`, the amount as a decimal in
    /// `currencyCode` (trimmed, any case), parsed exactly: more decimals than the currency has
    /// (`12.345` USD, `10.5` KRW), a sign or a grouping separator are refused with
    /// ``KeepsakeError/Code/invalidArgument`` and the reason, as are an unknown currency or month.
    public init(typedMonth monthText: String, amount amountText: String, currencyCode: String, category: String,
                carryOver: Bool = false, book: BookID? = nil) throws {
        let currency = try Currency(code: currencyCode.trimmingCharacters(in: .whitespaces).uppercased())
        let amount = try Money(parsing: amountText, currency: currency)
        let month = try LedgerMonth(parsing: monthText.trimmingCharacters(in: .whitespaces))
        self.init(category: category, amount: amount, month: month, carryOver: carryOver, book: book)
    }
}
