public import KeepsakeStore

/// One page of a ledger list.
public struct LedgerPage: Sendable, Hashable {
    /// The transactions, newest day first.
    public var transactions: [LedgerTransaction]
    /// Pass it as `after:` to get the next page; `nil` on the last page.
    public var nextCursor: RecordCursor?
}
