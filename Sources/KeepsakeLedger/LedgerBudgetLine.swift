/// One line of a month's budget report: a budget in effect that month, what carried over into it,
/// what was spent and what is left.
public struct LedgerBudgetLine: Sendable, Hashable, Codable {
    /// The budget in effect (its ``LedgerBudget/month`` is the month it applies from).
    public var budget: LedgerBudget
    /// What carried over from the month before: its rest when that month's budget carries over
    /// (negative when it was overspent), otherwise zero.
    public var carried: Money
    /// The month's expenses in the budget's category and currency (income does not reduce it).
    public var spent: Money
    /// Budget plus carried minus spent; negative when the month is over budget.
    public var left: Money

    /// Whether more was spent than the budget and the carried rest allow.
    public var isOver: Bool { left.isNegative }

    /// Creates a line.
    public init(budget: LedgerBudget, carried: Money, spent: Money, left: Money) {
        self.budget = budget
        self.carried = carried
        self.spent = spent
        self.left = left
    }
}
