/// The changes to make to a recurring rule; `nil` leaves a field as it is. Occurrences already
/// made keep what they were made with (they are transactions of their own).
public struct LedgerRecurringEdit: Sendable, Hashable {
    /// Expense or income.
    public var kind: TransactionKind?
    /// A new amount (with its currency).
    public var amount: Money?
    /// A new category.
    public var category: String?
    /// A new memo.
    public var memo: String?
    /// A new last day.
    public var end: LedgerDay?
    /// A new count.
    public var count: Int?

    /// Creates an edit; pass only what changes.
    public init(kind: TransactionKind? = nil, amount: Money? = nil, category: String? = nil, memo: String? = nil,
                end: LedgerDay? = nil, count: Int? = nil) {
        self.kind = kind
        self.amount = amount
        self.category = category
        self.memo = memo
        self.end = end
        self.count = count
    }
}
