public import Foundation
public import KeepsakeStore

/// Money moved between two of one's own money accounts on a day: one record, so both sides exist
/// or neither. Transfers are listed, and count in the accounts' balances, but never in income,
/// expense or category totals.
public struct LedgerTransfer: Sendable, Hashable, Codable, Identifiable {
    /// The record id.
    public var id: RecordID
    /// The day of the transfer.
    public var date: LedgerDay
    /// The account the money leaves.
    public var from: RecordID
    /// The account the money arrives in.
    public var to: RecordID
    /// What leaves ``from``, in its currency; greater than zero.
    public var amount: Money
    /// What arrives in ``to``, in its currency: equal to ``amount`` when both accounts have the same
    /// currency.
    public var toAmount: Money
    /// A free note (may be empty).
    public var memo: String
    /// The ledger book it is in (that of both accounts).
    public var book: BookID?
    /// The login account that made it; `nil` for the local operator.
    public var author: AccountID?
    /// When it was stored.
    public var createdAt: Date
    /// Incremented by every change.
    public var version: Int64
}
