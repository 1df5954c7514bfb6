import Foundation
import KeepsakePostgres
import KeepsakeStore

extension PostgresTransaction {
    /// One page of records, by the sort key and id, with keyset or offset paging; field filters as
    /// `jsonb` containment on the indexed copy of the fields; the books, when given, as `book_id =
    /// ANY (…)` (the `record_by_book_*` indexes lead with the book). The engine has validated the query.
    func list(_ query: RecordQuery) throws -> RecordPage {
        let column = query.sortColumn
        var parameters: [any PostgresEncodable] = []
        func bind(_ value: any PostgresEncodable, _ type: String) -> String {
            parameters.append(value)
            return "$\(parameters.count)::\(type)"
        }
        var sql = "SELECT \(PostgresRows.recordColumns), \(column) FROM record WHERE collection = \(bind(query.collection.name, "text"))"
            + query.trash.sqlCondition(prefix: "")
        if let from = query.dateFrom { sql += " AND date >= \(bind(from.timeIntervalSince1970, "float8"))" }
        if let until = query.dateUntil { sql += " AND date < \(bind(until.timeIntervalSince1970, "float8"))" }
        if let books = query.books {
            // One book as an equality, so record_by_book_date (book_id, collection, date, id) gives the
            // page in order (with = ANY the planner cannot use the index's order and walked
            // record_by_date backwards, filtering every other account's records out).
            if books.count == 1, let only = books.first {
                sql += " AND book_id = \(bind(only.string, "text"))"
            } else {
                sql += " AND book_id = ANY (\(bind(books.map(\.string).sorted(), "text[]")))"
            }
        }
        for (key, value) in query.fieldEquals.sorted(by: { $0.key < $1.key }) {
            let name = bind(key, "text")
            switch value {
            case .string(let text):
                let text = StoredFields.indexable(text)
                sql += " AND (field_index @> jsonb_build_object(\(name), \(bind(text, "text")))"
                    + " OR field_index @> jsonb_build_object(\(name), jsonb_build_array(\(bind(text, "text")))))"
            case .integer(let number):
                sql += " AND field_index @> jsonb_build_object(\(name), \(bind(number, "int8")))"
            case .bool(let flag):
                sql += " AND field_index @> jsonb_build_object(\(name), \(bind(flag, "boolean")))"
            case .strings:
                throw KeepsakeError(.invalidArgument, "Filter on one value of the list field \(key), not on a whole list.")
            }
        }
        if let after = query.after {
            sql += " AND (\(column), id) \(query.keysetComparison) (\(bind(after.sortValue, "float8")), \(bind(after.id.string, "text")))"
        }
        sql += query.orderClause + " LIMIT \(bind(query.fetchLimit, "int4"))"
        if query.after == nil, query.offset > 0 {
            sql += " OFFSET \(bind(query.offset, "int4"))"
        }
        let rows = try connection.query(sql, parameters).map { row in
            (record: try PostgresRows.record(row), sortValue: try row.decode(Double.self, at: PostgresRows.recordColumnCount))
        }
        return try RecordPage(fetched: rows, limit: query.limit) { try attachImages(to: &$0) }
    }

    /// Every word of the search, each also as a prefix, against the words stored with each record
    /// (``SearchWords``, cut as the embedded store's FTS5 cuts them), through the GIN index. The words
    /// travel as one bound `tsquery` of quoted prefix terms, so the user's text is never query syntax.
    func search(_ search: TextSearch) throws -> [Record] {
        guard let query = SearchWords.query(search.words) else { return [] }
        let books = search.books == nil ? "" : " AND book_id = ANY ($5::text[])"
        var parameters: [any PostgresEncodable] = [search.collection.name, query, search.limit, search.offset]
        if let ids = search.books { parameters.append(ids.map(\.string).sorted()) }
        var records = try connection.query("""
            SELECT \(PostgresRows.recordColumns) FROM record
            WHERE collection = $1\(search.trash.sqlCondition(prefix: ""))\(books) AND search @@ $2::tsquery
            ORDER BY date DESC, id DESC LIMIT $3::int4 OFFSET $4::int4
            """, parameters).map(PostgresRows.record)
        try attachImages(to: &records)
        return records
    }

    /// Loads the images of several records with one query.
    func attachImages(to records: inout [Record]) throws {
        guard !records.isEmpty else { return }
        let all = try connection.query("""
            SELECT \(PostgresRows.attachmentColumns) FROM attachment WHERE record_id = ANY($1::text[]) ORDER BY record_id, position
            """, [records.map(\.id.string)]).map { try PostgresRows.attachment($0) }
        let grouped = Dictionary(grouping: all, by: \.recordID)
        for index in records.indices { records[index].images = grouped[records[index].id] ?? [] }
    }
}
