import KeepsakeStore

/// Income, expense and balance of a set of transactions in one currency.
///
/// Totals are exact sums of `Int64` minor units, checked for overflow; a total never mixes
/// currencies (reports key totals by ``Currency``).
public struct LedgerTotals: Sendable, Hashable, Codable {
    /// The currency of every amount here.
    public let currency: Currency
    /// Sum of the income amounts.
    public private(set) var income: Money
    /// Sum of the expense amounts.
    public private(set) var expense: Money
    /// Income minus expense (negative when more went out than came in).
    public private(set) var balance: Money
    /// How many transactions were summed.
    public private(set) var transactionCount: Int

    /// Zero totals in `currency`.
    public init(currency: Currency) {
        self.currency = currency
        income = .zero(currency)
        expense = .zero(currency)
        balance = .zero(currency)
        transactionCount = 0
    }

    /// Adds one transaction of this currency.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for another currency, `.limitExceeded` when a
    ///   sum overflows.
    public mutating func add(_ transaction: LedgerTransaction) throws {
        switch transaction.kind {
        case .income: income = try income.adding(transaction.amount)
        case .expense: expense = try expense.adding(transaction.amount)
        }
        // Both sums lie in 0...Int64.max, so their difference always fits; checked all the same.
        balance = try income.subtracting(expense)
        transactionCount += 1
    }
}
