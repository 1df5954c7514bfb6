public import Foundation

/// What to count: the live records of a collection whose date is in a range, grouped by the values
/// of a few fields, with the sum of one integer field per group. Reports that need figures and not
/// the records themselves (a year of days and their emotions) ask for this: the database groups the
/// rows the date index finds, and no record is decoded.
public struct FieldTallyRequest: Sendable, Hashable {
    /// The most fields one tally groups by.
    public static let maxKeys = 4

    /// The collection to count.
    public var collection: CollectionName
    /// Only records whose date is at or after this instant.
    public var dateFrom: Date
    /// Only records whose date is before this instant.
    public var dateUntil: Date
    /// The fields to group by (1 to ``maxKeys`` field names), in the order of ``FieldTally/values``.
    public var keys: [String]
    /// An integer field to add up per group (``FieldTally/sum``), or `nil`.
    public var summing: String?
    /// Only records in these books; `nil` for no filter. The engine narrows it to what the caller
    /// reads, as for ``RecordQuery/books``.
    public var books: Set<BookID>?
    /// Whether the groups are per book too (``FieldTally/book``): the records' book is the first
    /// thing they share, before the keys.
    public var byBook: Bool

    /// A tally of the live records of `collection` in `dateFrom ..< dateUntil`, by `keys`.
    public init(collection: CollectionName, dateFrom: Date, dateUntil: Date, keys: [String], summing: String? = nil, books: Set<BookID>? = nil,
                byBook: Bool = false) {
        self.collection = collection
        self.dateFrom = dateFrom
        self.dateUntil = dateUntil
        self.keys = keys
        self.summing = summing
        self.books = books
        self.byBook = byBook
    }
}
