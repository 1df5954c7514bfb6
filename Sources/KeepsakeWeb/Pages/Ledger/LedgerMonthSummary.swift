import KeepsakeLedger
import KeepsakeStore

/// What the ledger's month page shows: every transaction of the month, the totals per currency
/// and the totals per category, figured from one read of the month (or the failure to show instead).
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
            // One read of the month: the totals are figured from the same transactions.
            transactions = try ledger.transactions(in: month)
            totals = try Ledger.totals(of: transactions)
            categoryTotals = try Ledger.categoryTotals(of: transactions)
        } catch {
            self = LedgerMonthSummary()
            self.error = KeepsakeError.wrapping(error)
        }
    }

    /// Nothing read yet.
    private init() {}
}
