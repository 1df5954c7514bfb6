import KeepsakeLedger
import KeepsakeStore

/// What the ledger's month page shows: every transaction of the month, the totals per currency
/// and the totals per category, read from the ledger in one go (or the failure to show instead).
struct LedgerMonthSummary: Sendable {
    /// The month's transactions, in the ledger's order.
    private(set) var transactions: [LedgerTransaction] = []
    /// Income, expense and balance per currency.
    private(set) var totals: [Currency: LedgerTotals] = [:]
    /// The same per category, per currency.
    private(set) var categoryTotals: [Currency: [String: LedgerTotals]] = [:]
    /// Why the month could not be read; `nil` when it was.
    private(set) var error: KeepsakeError?

    /// Reads `month` of `ledger`.
    init(ledger: Ledger, month: LedgerMonth) {
        do {
            transactions = try ledger.transactions(in: month)
            totals = try ledger.totals(year: month.year, month: month.month)
            categoryTotals = try ledger.categoryTotals(year: month.year, month: month.month)
        } catch {
            self = LedgerMonthSummary()
            self.error = KeepsakeError.wrapping(error)
        }
    }

    /// Nothing read yet.
    private init() {}
}
