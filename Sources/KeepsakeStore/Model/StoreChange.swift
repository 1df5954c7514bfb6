public import Foundation

/// One entry of the store's change log: a record was inserted, updated, trashed, restored or
/// deleted, left a reader's sight or came into it.
///
/// Written in the same transaction as the change itself, so every process sharing the store sees
/// the same sequence. An entry with an ``audience`` is for that account alone (its membership of
/// the book began or ended, or the book was deleted); one without is for every reader of its book.
public struct StoreChange: Sendable, Hashable, Codable {
    /// Position in the log (increasing).
    public var sequence: Int64
    /// The record.
    public var recordID: RecordID
    /// Its collection.
    public var collection: CollectionName
    /// What happened.
    public var kind: ChangeKind
    /// When.
    public var at: Date
    /// The record's book at the time (`nil` only in a log written before accounts).
    public var book: BookID?
    /// The one account this entry is for (`nil`: every reader of ``book``).
    public var audience: AccountID?

    /// Creates a change-log entry (a metadata store builds these from its rows).
    public init(sequence: Int64, recordID: RecordID, collection: CollectionName, kind: ChangeKind, at: Date, book: BookID? = nil,
                audience: AccountID? = nil) {
        self.sequence = sequence
        self.recordID = recordID
        self.collection = collection
        self.kind = kind
        self.at = at
        self.book = book
        self.audience = audience
    }
}
