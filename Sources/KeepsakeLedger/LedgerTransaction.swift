public import Foundation
public import KeepsakeStore

/// One entry of the household account book: on a day, money went out (expense) or came in
/// (income), in a category, with an optional memo and at most one receipt photo.
///
/// A transaction is a record of the `ledger` collection; ``Ledger`` maps it to the record's fields
/// and back, checking every field on the way in and on the way out.
public struct LedgerTransaction: Sendable, Hashable, Codable, Identifiable, RecordAppItem, RecordStamped {
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
    /// When the transaction was made and last changed, its trash date, version (incremented by
    /// every change: lets a caller notice a concurrent edit), book and author (read as
    /// `transaction.createdAt` and so on, ``KeepsakeStore/RecordStamped``).
    public var stamp: RecordStamp
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

    /// The receipt, if any (``RecordAppItem``).
    public var attachments: [Attachment] { receipt.map { [$0] } ?? [] }

    /// The amount with its direction: negative for an expense, positive for income.
    public var signedAmount: Money {
        kind == .income ? amount : Money(minorUnits: -amount.minorUnits, currency: amount.currency)
    }
}

extension LedgerTransaction {
    enum CodingKeys: String, CodingKey {
        case id, date, recordDate, kind, amount, category, memo, receipt, account, splits
    }

    /// Decodes a transaction, its stamp's fields from beside its own.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(RecordID.self, forKey: .id), date: try container.decode(LedgerDay.self, forKey: .date),
                  recordDate: try container.decode(Date.self, forKey: .recordDate), kind: try container.decode(TransactionKind.self, forKey: .kind),
                  amount: try container.decode(Money.self, forKey: .amount), category: try container.decode(String.self, forKey: .category),
                  memo: try container.decode(String.self, forKey: .memo), receipt: try container.decodeIfPresent(Attachment.self, forKey: .receipt),
                  stamp: try RecordStamp(from: decoder), account: try container.decodeIfPresent(RecordID.self, forKey: .account),
                  splits: try container.decode([LedgerSplit].self, forKey: .splits))
    }

    /// Encodes a transaction, its stamp's fields beside its own.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(date, forKey: .date)
        try container.encode(recordDate, forKey: .recordDate)
        try container.encode(kind, forKey: .kind)
        try container.encode(amount, forKey: .amount)
        try container.encode(category, forKey: .category)
        try container.encode(memo, forKey: .memo)
        try container.encodeIfPresent(receipt, forKey: .receipt)
        try container.encodeIfPresent(account, forKey: .account)
        try container.encode(splits, forKey: .splits)
        try stamp.encode(to: encoder)
    }
}
