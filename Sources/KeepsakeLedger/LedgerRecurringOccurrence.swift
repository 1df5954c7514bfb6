public import KeepsakeStore

/// One occurrence of a recurring rule not made yet: the rule and the day.
public struct LedgerRecurringOccurrence: Sendable, Hashable, Codable {
    /// The rule.
    public var rule: LedgerRecurringRule
    /// The day the transaction will be made for.
    public var day: LedgerDay
    /// The id the transaction will have (``Ledger/occurrenceID(rule:day:)``).
    public var transactionID: RecordID
}
