/// What a recurring rule makes, and when: the template of each occurrence (kind, amount,
/// category, memo) and its schedule from a start day, until an optional end day or for an
/// optional count of occurrences, whichever comes first.
///
/// A ``LedgerRecurringDraft`` and a stored ``LedgerRecurringRule`` each hold one
/// (``LedgerRecurringTermsHolder``) and read its fields as their own (`rule.amount`), so each field
/// is written once, here; an edit is applied to them by ``applying(_:)``.
public struct LedgerRecurringTerms: Sendable, Hashable, Codable {
    /// Expense or income.
    public var kind: TransactionKind
    /// The amount of each occurrence; greater than zero.
    public var amount: Money
    /// The category of each occurrence.
    public var category: String
    /// The memo of each occurrence (may be empty).
    public var memo: String
    /// When it happens.
    public var schedule: LedgerRecurringSchedule
    /// The first day an occurrence may fall on.
    public var start: LedgerDay
    /// The last day an occurrence may fall on, if any; not before ``start``.
    public var end: LedgerDay?
    /// How many occurrences there are at most, if limited; 1 or more.
    public var count: Int?

    /// Creates the terms of a rule.
    public init(kind: TransactionKind, amount: Money, category: String, memo: String, schedule: LedgerRecurringSchedule,
                start: LedgerDay, end: LedgerDay?, count: Int?) {
        (self.kind, self.amount, self.category, self.memo) = (kind, amount, category, memo)
        (self.schedule, self.start, self.end, self.count) = (schedule, start, end, count)
    }

    /// These terms with `edit`'s changes: its given fields replace these, `removeEnd` and
    /// `removeCount` drop the end and the count (unchecked: the ledger checks the result).
    public func applying(_ edit: LedgerRecurringEdit) -> LedgerRecurringTerms {
        LedgerRecurringTerms(kind: edit.kind ?? kind, amount: edit.amount ?? amount, category: edit.category ?? category,
                             memo: edit.memo ?? memo, schedule: edit.schedule ?? schedule, start: edit.start ?? start,
                             end: edit.removeEnd ? nil : edit.end ?? end, count: edit.removeCount ? nil : edit.count ?? count)
    }
}
