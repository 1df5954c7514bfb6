public import Foundation
public import KeepsakeStore

/// One entry of the household account book: on a day, money went out (expense) or came in
/// (income), in a category, with an optional memo and at most one receipt photo.
///
/// A transaction is a record of the `ledger` collection; ``Ledger`` maps it to the record's fields
/// and back, checking every field on the way in and on the way out.
public struct LedgerTransaction: Sendable, Hashable, Codable, Identifiable, RecordAppItem {
    /// The record id (a UUID), kept by CSV export and import.
    public var id: RecordID
    /// The calendar day of the transaction, stored as `yyyy-MM-dd`.
    public var date: LedgerDay
    /// The record's date: midnight UTC at the start of ``date`` (the sort key of lists).
    public var recordDate: Date
    /// Expense or income.
    public var kind: TransactionKind
    /// The amount, always greater than zero; ``kind`` gives the direction.
    public var amount: Money
    /// The category, trimmed and non-empty (for example `식비`, `Groceries`).
    public var category: String
    /// A free note (may be empty; may hold several lines).
    public var memo: String
    /// The receipt photo, if one is attached. Its original is at `store.originalURL(of:)`; lists
    /// carry its thumbnail paths (`receipt.thumbnailPath(.small)`) and never read the image.
    public var receipt: Attachment?
    /// When the transaction was first stored.
    public var createdAt: Date
    /// When it or its receipt last changed.
    public var updatedAt: Date
    /// When it was moved to the trash; `nil` for a live transaction.
    public var trashedAt: Date?
    /// Incremented by every change (lets a caller notice a concurrent edit).
    public var version: Int64
    /// The book the record is in (``KeepsakeStore/Record/book``); `nil` only for a record made
    /// before accounts and not yet upgraded.
    public var book: BookID? = nil
    /// The account that made the record (``KeepsakeStore/Record/author``); `nil` when the local
    /// operator made it without an account.
    public var author: AccountID? = nil
    /// The money account it belongs to (``LedgerAccount``); `nil` for a transaction stored without
    /// one, which belongs to its book's default account of its currency (``Ledger/defaultAccountID(for:in:)``).
    public var account: RecordID? = nil
    /// The parts of a split transaction (``LedgerSplit``), summing to ``amount``; empty when the
    /// transaction is not split. When split, ``category`` is the largest part's category (the first
    /// of equal ones), and reports count each part in its own category.
    public var splits: [LedgerSplit] = []

    /// The categories the amount goes to: each part of a split transaction, or the whole amount in
    /// ``category``.
    public var categoryParts: [(category: String, amount: Money)] {
        splits.isEmpty ? [(category, amount)] : splits.map { ($0.category, $0.amount) }
    }

    /// Whether the transaction is in the trash.
    public var isTrashed: Bool { trashedAt != nil }

    /// The receipt, if any (``RecordAppItem``).
    public var attachments: [Attachment] { receipt.map { [$0] } ?? [] }

    /// The amount with its direction: negative for an expense, positive for income.
    public var signedAmount: Money {
        kind == .income ? amount : Money(minorUnits: -amount.minorUnits, currency: amount.currency)
    }
}
