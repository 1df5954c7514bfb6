import Foundation

extension SQLiteTransaction {
    /// One page of records, by the sort key and id, with keyset or offset paging; field filters
    /// through `json_extract`/`json_each`. The engine has validated the query.
    func list(_ query: RecordQuery) throws -> RecordPage {
        let column = query.sortColumn
        let index = Self.bookIndex(query.books, sortColumn: column)
        var sql = "SELECT \(Self.recordColumns), \(column) FROM record\(index) WHERE collection = ?" + query.trash.sqlCondition(prefix: "")
        var bindings: [SQLValue] = [.text(query.collection.name)]
        let (bookCondition, bookBindings) = Self.bookCondition(query.books, column: "book_id")
        sql += bookCondition
        bindings += bookBindings
        if let from = query.dateFrom { sql += " AND date >= ?"; bindings.append(.real(from.timeIntervalSince1970)) }
        if let until = query.dateUntil { sql += " AND date < ?"; bindings.append(.real(until.timeIntervalSince1970)) }
        for (key, value) in query.fieldEquals.sorted(by: { $0.key < $1.key }) {
            let jsonPath = "$.\"\(key)\""  // the engine checked the name: letters, digits and '_'
            switch value {
            case .string(let text):
                sql += " AND (json_extract(fields, ?) = ? OR EXISTS (SELECT 1 FROM json_each(fields, ?) WHERE json_each.type = 'text' AND json_each.value = ?))"
                bindings += [.text(jsonPath), .text(text), .text(jsonPath), .text(text)]
            case .integer(let number):
                sql += " AND json_extract(fields, ?) = ?"
                bindings += [.text(jsonPath), .integer(number)]
            case .bool(let flag):
                sql += " AND json_extract(fields, ?) = ?"
                bindings += [.text(jsonPath), .integer(flag ? 1 : 0)]
            case .strings:
                throw KeepsakeError(.invalidArgument, "Filter on one value of the list field \(key), not on a whole list.")
            }
        }
        if let after = query.after {
            sql += " AND (\(column), id) \(query.keysetComparison) (?, ?)"
            bindings += [.real(after.sortValue), .text(after.id.string)]
        }
        sql += query.orderClause + " LIMIT ?"
        bindings.append(.int(query.fetchLimit))
        if query.after == nil, query.offset > 0 {
            sql += " OFFSET ?"
            bindings.append(.int(query.offset))
        }
        let rows = try db.query(sql, bindings) { statement in
            (record: try SQLiteRows.record(statement), sortValue: statement.double(10))
        }
        return try RecordPage(fetched: rows, limit: query.limit) { try attachImages(to: &$0) }
    }

    /// FTS5 over every text value of a record's fields, kept by triggers in the same transactions
    /// as the records. Each word becomes a quoted FTS5 string (quotes doubled) with a prefix star,
    /// so the user's text is never query syntax.
    func search(_ search: TextSearch) throws -> [Record] {
        guard !search.words.isEmpty else { return [] }
        let match = search.words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
        let columns = Self.recordColumns.split(separator: ",").map { "r." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let (bookCondition, bookBindings) = Self.bookCondition(search.books, column: "r.book_id")
        var records = try db.query("""
            SELECT \(columns) FROM record_text t
            JOIN record_search_key k ON k.key = t.rowid
            JOIN record r ON r.id = k.record_id
            WHERE record_text MATCH ? AND r.collection = ?\(search.trash.sqlCondition(prefix: "r."))\(bookCondition)
            ORDER BY r.date DESC, r.id DESC LIMIT ? OFFSET ?
            """, [.text(match), .text(search.collection.name)] + bookBindings + [.int(search.limit), .int(search.offset)], SQLiteRows.record)
        try attachImages(to: &records)
        return records
    }

    /// Loads the images of several records with one query. The ids are bound as one JSON array, so
    /// the statement is the same for every page size: an `IN (?, ?, …)` list made one new cached
    /// statement per record count, and the connection kept hundreds of them (the soak lane's memory
    /// grew by ~50 KB per new entry while the calendar was read).
    func attachImages(to records: inout [Record]) throws {
        guard !records.isEmpty else { return }
        // Record ids are canonical lowercase UUIDs: nothing in them needs escaping in JSON.
        let ids = "[" + records.map { "\"\($0.id.string)\"" }.joined(separator: ",") + "]"
        let all = try db.query("SELECT \(Self.attachmentColumns) FROM attachment WHERE record_id IN (SELECT value FROM json_each(?)) ORDER BY record_id, position",
                               [.text(ids)], SQLiteRows.attachment)
        let grouped = Dictionary(grouping: all, by: \.recordID)
        for index in records.indices { records[index].images = grouped[records[index].id] ?? [] }
    }
}
