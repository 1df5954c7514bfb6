/// What kind of place a money account is: cash in hand, a bank account or a card.
public enum LedgerAccountKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Cash in hand (the kind of the default account of each currency).
    case cash
    /// A bank account.
    case bank
    /// A credit or debit card.
    case card
}
