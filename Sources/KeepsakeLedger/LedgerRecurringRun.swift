/// What ``Ledger/createDueOccurrences(through:)`` did.
public struct LedgerRecurringRun: Sendable, Hashable {
    /// The transactions made now, oldest first.
    public var created: [LedgerTransaction] = []
    /// Occurrences that were already there (made by another server meanwhile, or deleted by the
    /// person and still in the trash): left as they are.
    public var alreadyThere = 0
    /// Rules whose occurrences could not be made, each with the reason (for example, the rule's
    /// author no longer writes its ledger book); the other rules ran.
    public var failures: [String] = []

    /// Creates an empty run report.
    public init() {}
}
