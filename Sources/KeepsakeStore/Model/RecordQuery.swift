public import Foundation

/// What to list: a collection, a sort, filters and a page.
public struct RecordQuery: Sendable, Hashable {
    /// The sort key.
    public enum SortKey: String, Sendable, Hashable, Codable {
        /// The record's date.
        case date
        /// Creation time.
        case created
        /// Last change time.
        case updated
    }

    /// Live records, trashed ones, or both.
    public enum TrashFilter: String, Sendable, Hashable, Codable {
        case live, trashed, all
    }

    /// The collection to list.
    public var collection: CollectionName
    /// Sort key (newest first by default).
    public var sort: SortKey = .date
    /// Newest first when `true`.
    public var descending: Bool = true
    /// At most this many records (1...1000).
    public var limit: Int = 50
    /// Skip this many (limit/offset paging); ignored when `after` is set.
    public var offset: Int = 0
    /// Keyset paging: continue after this cursor (from ``RecordPage/nextCursor``).
    public var after: RecordCursor?
    /// Only records whose date is in this range (inclusive lower, exclusive upper bound).
    public var dateFrom: Date?
    /// Exclusive upper bound of the date.
    public var dateUntil: Date?
    /// Only records whose field equals this value (strings and integers), or, for a list field,
    /// contains it.
    public var fieldEquals: [String: FieldValue] = [:]
    /// Live (default), trashed, or all records.
    public var trash: TrashFilter = .live
    /// Only records in these books; `nil` for no filter. The engine narrows it to what the caller
    /// reads (a caller's own value is intersected, never widened).
    public var books: Set<BookID>?

    /// A query for the newest live records of a collection.
    public init(collection: CollectionName) {
        self.collection = collection
    }
}

/// An opaque position in a sorted list, for keyset paging.
public struct RecordCursor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The sort value of the last record seen.
    public var sortValue: Double
    /// Its id (ties are broken by id).
    public var id: RecordID

    /// Creates a cursor.
    public init(sortValue: Double, id: RecordID) {
        self.sortValue = sortValue
        self.id = id
    }

    /// A printable token: `<sort value>_<id>`.
    public var description: String { "\(sortValue.bitPattern)_\(id.string)" }

    /// Parses a token made by ``description``.
    public init(parsing token: String) throws {
        let parts = token.split(separator: "_")
        guard parts.count == 2, let bits = UInt64(parts[0]), let id = try? RecordID(parsing: String(parts[1])) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(token)) is not a valid page cursor; use the cursor printed with the previous page.")
        }
        self.init(sortValue: Double(bitPattern: bits), id: id)
    }
}

/// One page of a list.
public struct RecordPage: Sendable, Hashable {
    /// The records, in order.
    public var records: [Record]
    /// Where the next page starts; `nil` when this is the last page.
    public var nextCursor: RecordCursor?

    /// Creates a page (a metadata store builds these).
    public init(records: [Record], nextCursor: RecordCursor?) {
        self.records = records
        self.nextCursor = nextCursor
    }
}
