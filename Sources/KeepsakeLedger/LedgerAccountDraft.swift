public import KeepsakeStore

/// What a new money account is made of; ``Ledger/createAccount(_:)`` checks every field.
public struct LedgerAccountDraft: Sendable {
    /// The name: trimmed, 1 to ``Ledger/maxAccountNameLength`` characters on one line.
    public var name: String
    /// Cash, bank or card.
    public var kind: LedgerAccountKind
    /// The opening balance (may be negative, for a card's debt); its currency is the account's.
    public var openingBalance: Money
    /// The ledger book to make it in (with the transactions it will hold); the caller's default ledger book when `nil`.
    public var book: BookID?
    /// A chosen record id (an API retry with the same Idempotency-Key uses the same one); a new
    /// UUID when `nil`.
    public var id: RecordID?

    /// Creates a draft.
    public init(name: String, kind: LedgerAccountKind, openingBalance: Money, book: BookID? = nil, id: RecordID? = nil) {
        self.name = name
        self.kind = kind
        self.openingBalance = openingBalance
        self.book = book
        self.id = id
    }
}
