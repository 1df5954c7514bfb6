/// The totals of one month, one entry per currency used that month.
public struct LedgerMonthTotals: Sendable, Hashable, Codable {
    /// The month.
    public let month: LedgerMonth
    /// Income, expense and balance per currency; empty when the month has no transactions.
    public var totals: [Currency: LedgerTotals]

    /// Totals for `month`.
    public init(month: LedgerMonth, totals: [Currency: LedgerTotals] = [:]) {
        self.month = month
        self.totals = totals
    }
}
