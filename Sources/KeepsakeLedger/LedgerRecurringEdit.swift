/// The changes to make to a recurring rule; `nil` leaves a field as it is. Occurrences already
/// made keep what they were made with (they are transactions of their own), and a day already made
/// (through the rule's ``LedgerRecurringRule/createdThrough``) is never made again, whatever the
/// new schedule or start says.
public struct LedgerRecurringEdit: Sendable, Hashable {
    /// Expense or income.
    public var kind: TransactionKind?
    /// A new amount (with its currency).
    public var amount: Money?
    /// A new category.
    public var category: String?
    /// A new memo.
    public var memo: String?
    /// A new schedule (every month on another day, weekly instead of monthly, …): later occurrences
    /// fall on its days.
    public var schedule: LedgerRecurringSchedule?
    /// A new first day. A count is counted from the start, so with a count it moves the last day too.
    public var start: LedgerDay?
    /// A new last day.
    public var end: LedgerDay?
    /// A new count.
    public var count: Int?
    /// Drop the last day: the rule goes on (until its count, if it has one).
    public var removeEnd: Bool
    /// Drop the count: the rule goes on (until its last day, if it has one).
    public var removeCount: Bool

    /// Creates an edit; pass only what changes. Giving `end` with `removeEnd` (or `count` with
    /// `removeCount`) is refused by ``Ledger/updateRecurring(_:_:expectedVersion:)``.
    public init(kind: TransactionKind? = nil, amount: Money? = nil, category: String? = nil, memo: String? = nil,
                schedule: LedgerRecurringSchedule? = nil, start: LedgerDay? = nil,
                end: LedgerDay? = nil, count: Int? = nil, removeEnd: Bool = false, removeCount: Bool = false) {
        (self.kind, self.amount, self.category, self.memo) = (kind, amount, category, memo)
        (self.schedule, self.start, self.end, self.count) = (schedule, start, end, count)
        (self.removeEnd, self.removeCount) = (removeEnd, removeCount)
    }
}
