public import KeepsakeStore

/// The changes to make to a transaction; `nil` leaves a field as it is.
///
/// The receipt is changed with ``Ledger/attachReceipt(to:source:)`` and
/// ``Ledger/removeReceipt(from:)`` instead.
public struct LedgerEdit: Sendable, Hashable {
    /// A new day.
    public var date: LedgerDay?
    /// Expense or income.
    public var kind: TransactionKind?
    /// A new amount (with its currency).
    public var amount: Money?
    /// A new category.
    public var category: String?
    /// A new memo.
    public var memo: String?
    /// Another money account (of the amount's currency).
    public var account: RecordID?
    /// New parts (``LedgerSplit``, summing to the new amount); an empty list makes the transaction
    /// unsplit again (its category stays the largest part's unless ``category`` is given).
    public var splits: [LedgerSplit]?

    /// Creates an edit; pass only what changes.
    public init(date: LedgerDay? = nil, kind: TransactionKind? = nil, amount: Money? = nil, category: String? = nil, memo: String? = nil, account: RecordID? = nil,
                splits: [LedgerSplit]? = nil) {
        self.splits = splits
        self.date = date
        self.kind = kind
        self.amount = amount
        self.category = category
        self.memo = memo
        self.account = account
    }
}
