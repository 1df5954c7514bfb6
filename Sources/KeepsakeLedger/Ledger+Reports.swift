import KeepsakeStore

extension Ledger {
    /// Income, expense and balance of each month of `year`, per currency: twelve entries,
    /// January first. Live transactions only.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a year outside 1...9999,
    ///   `.limitExceeded` if a sum overflows 64-bit minor units.
    public func monthlyTotals(year: Int) throws -> [LedgerMonthTotals] {
        let months = try (1...12).map { try LedgerMonth(year: year, month: $0) }
        var result = months.map { LedgerMonthTotals(month: $0) }
        for transaction in try transactions(year: year, month: nil) {
            let index = transaction.date.month - 1
            try Self.add(transaction, to: &result[index].totals)
        }
        return result
    }

    /// Expense and income per category, per currency, of one month of `year` (or of the whole year
    /// when `month` is `nil`). Live transactions only.
    ///
    /// Each part of a split transaction counts in its own category (``LedgerTransaction/splits``).
    ///
    /// - Returns: currency → category → totals.
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a bad year or month, `.limitExceeded` on overflow.
    public func categoryTotals(year: Int, month: Int? = nil) throws -> [Currency: [String: LedgerTotals]] {
        try Self.categoryTotals(of: try transactions(year: year, month: month))
    }

    /// Expense and income per category, per currency, of `transactions` (each part of a split
    /// transaction in its own category): for a caller that has read a month's transactions already.
    ///
    /// - Returns: currency → category → totals.
    /// - Throws: ``KeepsakeError`` `.limitExceeded` on overflow.
    public static func categoryTotals(of transactions: [LedgerTransaction]) throws -> [Currency: [String: LedgerTotals]] {
        var result: [Currency: [String: LedgerTotals]] = [:]
        for transaction in transactions {
            let currency = transaction.amount.currency
            // A split transaction counts each part in its own category.
            for part in transaction.categoryParts {
                var share = transaction
                share.amount = part.amount
                share.category = part.category
                share.splits = []
                var totals = result[currency]?[part.category] ?? LedgerTotals(currency: currency)
                try totals.add(share)
                result[currency, default: [:]][part.category] = totals
            }
        }
        return result
    }

    /// Income minus expense of one month of `year` (or of the whole year when `month` is `nil`),
    /// per currency. Live transactions only.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a bad year or month, `.limitExceeded` on overflow.
    public func balance(year: Int, month: Int? = nil) throws -> [Currency: Money] {
        try totals(year: year, month: month).mapValues(\.balance)
    }

    /// Income, expense and balance of one month of `year` (or of the whole year when `month` is
    /// `nil`), per currency. Live transactions only.
    public func totals(year: Int, month: Int? = nil) throws -> [Currency: LedgerTotals] {
        try Self.totals(of: try transactions(year: year, month: month))
    }

    /// Income, expense and balance of `transactions`, per currency: for a caller that has read a
    /// month's transactions already.
    ///
    /// - Throws: ``KeepsakeError`` `.limitExceeded` on overflow.
    public static func totals(of transactions: [LedgerTransaction]) throws -> [Currency: LedgerTotals] {
        var result: [Currency: LedgerTotals] = [:]
        for transaction in transactions {
            try add(transaction, to: &result)
        }
        return result
    }

    /// The live transactions of a month, or of a year when `month` is `nil`, oldest first.
    private func transactions(year: Int, month: Int?) throws -> [LedgerTransaction] {
        if let month {
            let range = try LedgerMonth(year: year, month: month).dateRange
            return try allTransactions(from: range.from, until: range.until)
        }
        let january = try LedgerMonth(year: year, month: 1)
        let december = try LedgerMonth(year: year, month: 12)
        return try allTransactions(from: january.dateRange.from, until: december.dateRange.until)
    }

    private static func add(_ transaction: LedgerTransaction, to totals: inout [Currency: LedgerTotals]) throws {
        let currency = transaction.amount.currency
        try totals[currency, default: LedgerTotals(currency: currency)].add(transaction)
    }
}
