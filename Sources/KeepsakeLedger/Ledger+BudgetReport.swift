import Foundation
public import KeepsakeStore

extension Ledger {
    /// The budgets of `month` against its spending: one line per budget in effect that month (per
    /// ledger book, category and currency), by currency and category, each with what carried over
    /// from the month before, what was spent (the month's expenses of that category and currency,
    /// each part of a split expense in its own category,
    /// in the budget's own ledger book; income does not reduce it) and what is left. Both the
    /// budgets and the expenses are of the ledger books read, narrowed to ``books``.
    ///
    /// Carry-over: when the budget in effect in a month carries over, that month's rest (budget plus
    /// what it received, minus spent; negative when overspent) goes to the next month's budget of
    /// the category. The chain starts at the first month of an unbroken run of carrying budgets, so
    /// only the expenses from that month on are read, nothing older.
    ///
    /// - Throws: ``KeepsakeError`` `.limitExceeded` if a sum overflows, `.incompatibleStore` for a
    ///   record that is not a valid budget or transaction.
    public func budgetReport(for month: LedgerMonth) throws -> [LedgerBudgetLine] {
        // The carrying budgets of the months before `month`, oldest first, per line.
        var plans: [(budget: LedgerBudget, chain: [(month: LedgerMonth, budget: LedgerBudget)])] = []
        for group in Self.budgetsByKey(try allBudgets(through: month)).values {
            guard let current = Self.effective(group, at: month) else { continue }
            var chain: [(month: LedgerMonth, budget: LedgerBudget)] = []
            var earlier = month.previous
            while let previous = earlier, let budget = Self.effective(group, at: previous), budget.carryOver {
                chain.append((previous, budget))
                earlier = previous.previous
            }
            plans.append((current, chain.reversed()))
        }
        guard !plans.isEmpty else { return [] }
        let first = plans.compactMap { $0.chain.first?.month }.min() ?? month
        let spent = try expenses(from: first, through: month)
        var lines: [LedgerBudgetLine] = []
        for plan in plans {
            let currency = plan.budget.currency
            func spentIn(_ month: LedgerMonth) -> Money {
                spent[SpendingKey(month: month, book: plan.budget.book, category: plan.budget.category, currency: currency)] ?? .zero(currency)
            }
            var carried = Money.zero(currency)
            for link in plan.chain {
                carried = try link.budget.amount.adding(carried).subtracting(spentIn(link.month))
            }
            let spentNow = spentIn(month)
            let left = try plan.budget.amount.adding(carried).subtracting(spentNow)
            lines.append(LedgerBudgetLine(budget: plan.budget, carried: carried, spent: spentNow, left: left))
        }
        return lines.sorted {
            ($0.budget.currency, $0.budget.category, $0.budget.book?.string ?? "") < ($1.budget.currency, $1.budget.category, $1.budget.book?.string ?? "")
        }
    }

    /// What one month spent in one ledger book, category and currency.
    struct SpendingKey: Hashable {
        let month: LedgerMonth
        let book: BookID?
        let category: String
        let currency: Currency
    }

    /// The sums of the live expenses from the first day of `first` to the last of `last`, per
    /// month, book, category and currency; read in pages of 1000, only expenses.
    func expenses(from first: LedgerMonth, through last: LedgerMonth) throws -> [SpendingKey: Money] {
        var query = oldestFirst(Self.collection)
        query.dateFrom = first.dateRange.from
        query.dateUntil = last.dateRange.until
        query.fieldEquals[Field.kind] = .string(TransactionKind.expense.rawValue)
        var sums: [SpendingKey: Money] = [:]
        try store.forEachPage(of: query) { page in
            for record in page.records {
                let transaction = try Self.transaction(from: record)
                // A split expense counts each part in its own category.
                for part in transaction.categoryParts {
                    let key = SpendingKey(month: transaction.date.ledgerMonth, book: transaction.book, category: part.category, currency: transaction.amount.currency)
                    sums[key] = try (sums[key] ?? .zero(key.currency)).adding(part.amount)
                }
            }
        }
        return sums
    }
}
