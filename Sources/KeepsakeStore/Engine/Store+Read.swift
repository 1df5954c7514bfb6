import Foundation

extension Store {
    /// The record with `id`, live or trashed.
    public func record(_ id: RecordID) throws -> Record {
        guard let record = try recordIfPresent(id) else { throw KeepsakeError.recordNotFound(id.string) }
        return record
    }

    /// The record with `id`, or `nil` if there is none.
    public func recordIfPresent(_ id: RecordID) throws -> Record? {
        try metadata.read(as: caller) { tx in
            guard let record = try tx.record(id), try access(tx).canRead(record.book) else { return nil }
            return record
        }
    }

    /// One page of records. Records come with their attachments, whose thumbnail paths are derived;
    /// no image is read.
    public func list(_ query: RecordQuery) throws -> RecordPage {
        guard (1...1000).contains(query.limit) else {
            throw KeepsakeError(.invalidArgument, "A page holds 1 to 1000 records; \(query.limit) was asked for.")
        }
        guard query.offset >= 0 else { throw KeepsakeError(.invalidArgument, "The offset must not be negative.") }
        for (key, value) in query.fieldEquals {
            try Self.checkFieldName(key)
            if case .strings = value {
                throw KeepsakeError(.invalidArgument, "Filter on one value of the list field \(key), not on a whole list.")
            }
        }
        return try metadata.read(as: caller) { tx in
            var query = query
            query.books = try access(tx).readFilter(query.books)
            return try tx.list(query)
        }
    }

    /// Number of records in a collection (live by default) that the caller reads, of these books
    /// only when `books` is given.
    public func count(_ collection: CollectionName, trash: RecordQuery.TrashFilter = .live, books: Set<BookID>? = nil) throws -> Int {
        try metadata.read(as: caller) { tx in try tx.count(collection, trash: trash, books: try access(tx).readFilter(books)) }
    }

    /// Every record of `collection` matching `query`'s filters, page by page in the query's order
    /// (its `limit` is the page size, its paging fields are ignored); `body` sees each page.
    public func forEachPage(of query: RecordQuery, _ body: (RecordPage) throws -> Void) throws {
        var query = query
        query.offset = 0
        query.after = nil
        while true {
            let page = try list(query)
            try body(page)
            guard let next = page.nextCursor else { return }
            query.after = next
        }
    }

    /// Every record `query` matches, in the query's order, read page by page as
    /// ``forEachPage(of:_:)`` reads them (its `limit` is the page size).
    public func allRecords(matching query: RecordQuery) throws -> [Record] {
        var records: [Record] = []
        try forEachPage(of: query) { records += $0.records }
        return records
    }

    // MARK: - Field checks

    static func checkFieldName(_ key: String) throws {
        let ok = (1...64).contains(key.utf8.count) && key.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }
        guard ok else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(key)) is not a field name: use 1 to 64 letters, digits or '_'.")
        }
    }

    static func checkFields(_ fields: [String: FieldValue]) throws {
        for key in fields.keys { try checkFieldName(key) }
    }
}
