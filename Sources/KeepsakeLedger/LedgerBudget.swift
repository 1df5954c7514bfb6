public import Foundation
public import KeepsakeStore

/// A monthly budget: how much may be spent in one category, in one currency, each month from
/// ``month`` on, until a budget of a later month for the same category and currency in the same
/// book replaces it.
///
/// A budget is a record of the ``Ledger/budgetCollection`` collection, in a ledger book next to the
/// transactions it budgets (that book's members and roles: a viewer reads it, an editor or owner
/// changes it; sharing the book shares its budgets, deleting it deletes them). Its id is derived from
/// the book, category, currency and month, so there is at most one budget per book, category,
/// currency and month: setting it again changes it.
public struct LedgerBudget: Sendable, Hashable, Codable, Identifiable {
    /// The record id (derived from book, category, currency and month).
    public var id: RecordID
    /// The category it budgets (the same rules as a transaction's category).
    public var category: String
    /// The amount per month, zero or more; its currency is the budget's currency. Zero ends an
    /// earlier budget of the category from ``month`` on.
    public var amount: Money
    /// The first month it applies to.
    public var month: LedgerMonth
    /// Whether what is left at the end of a month (or overspent: a negative rest) carries over to
    /// the next month's budget.
    public var carryOver: Bool
    /// The ledger book it is in.
    public var book: BookID?
    /// The account that last wrote it; `nil` for the local operator without an account.
    public var author: AccountID?
    /// When it was first set.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Incremented by every change.
    public var version: Int64

    /// The currency of the budget.
    public var currency: Currency { amount.currency }
}
