public import Foundation
public import KeepsakeStore

/// A money account of the ledger (cash, a bank account or a card) — not a login account of
/// docs/ACCOUNTS.md. Every transaction belongs to one; its balance on a day is its opening balance
/// plus the income, minus the expenses, plus the transfers in and minus the transfers out up to and
/// including that day.
///
/// A money account is a record of the ``Ledger/accountCollection`` collection in a ledger book,
/// next to the transactions it holds, and follows that book's members and roles (a viewer reads
/// it, an editor or owner changes it).
public struct LedgerAccount: Sendable, Hashable, Codable, Identifiable {
    /// The record id.
    public var id: RecordID
    /// Its name, unique among the live accounts of its book (for example `Cash KRW`, `Shinhan`).
    public var name: String
    /// Cash, bank or card.
    public var kind: LedgerAccountKind
    /// The balance before its first transaction; its currency is the account's currency.
    public var openingBalance: Money
    /// Whether it is the default account of its currency, which holds the transactions stored
    /// without an account (see ``Ledger/defaultAccountID(for:in:)``).
    public var isDefault: Bool
    /// Whether it is stored yet: a default account is listed before its first use without being
    /// stored, and stored on the first operation that needs it (a transfer, a rename).
    public var isStored: Bool
    /// The ledger book it is in (with the transactions it holds).
    public var book: BookID?
    /// When it was made.
    public var createdAt: Date
    /// Incremented by every change (0 while it is not stored).
    public var version: Int64
    /// The bank's identifier of the account, for one an import made (`OFX:<BANKID>/<ACCTID>`,
    /// `IBAN:<IBAN>`, `QIF:<name>`): a later import of the same account's statements finds it by
    /// this; `nil` for an account made by hand.
    public var bankAccountID: String? = nil

    /// The account's currency.
    public var currency: Currency { openingBalance.currency }
}
