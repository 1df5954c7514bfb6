public import KeepsakeStore

/// What a new transfer is made of; ``Ledger/createTransfer(_:)`` checks every field.
public struct LedgerTransferDraft: Sendable {
    /// The day.
    public var date: LedgerDay
    /// The account the money leaves.
    public var from: RecordID
    /// The account it arrives in (another account of the same book).
    public var to: RecordID
    /// What leaves ``from``, in its currency.
    public var amount: Money
    /// What arrives in ``to``: required when the accounts' currencies differ, in ``to``'s currency;
    /// when they are the same it may be left out (or must equal ``amount``).
    public var toAmount: Money?
    /// A note: trimmed, at most ``Ledger/maxMemoLength`` characters.
    public var memo: String
    /// A chosen record id (an API retry with the same Idempotency-Key uses the same one, so it can
    /// never make a second transfer); a new UUID when `nil`.
    public var id: RecordID?

    /// Creates a draft.
    public init(date: LedgerDay, from: RecordID, to: RecordID, amount: Money, toAmount: Money? = nil, memo: String = "", id: RecordID? = nil) {
        self.date = date
        self.from = from
        self.to = to
        self.amount = amount
        self.toAmount = toAmount
        self.memo = memo
        self.id = id
    }
}
