import Foundation
import KeepsakePostgres
import KeepsakeStore

extension PostgresTransaction {
    /// `GROUP BY` over each key's text and JSON type, on the rows `record_by_date` (or
    /// `record_by_book_date`) finds in the range; the fields are parsed once per row by the server.
    /// Per book too, `book_id` is one more group column.
    func tally(_ request: FieldTallyRequest) throws -> [FieldTally] {
        var parameters: [any PostgresEncodable] = []
        func bind(_ value: any PostgresEncodable, _ type: String) -> String {
            parameters.append(value)
            return "$\(parameters.count)::\(type)"
        }
        let columns = request.keys.indices.map { index in
            let name = bind(request.keys[index], "text")
            return "f ->> \(name) AS k\(index), jsonb_typeof(f -> \(name)) AS t\(index)"
        }.joined(separator: ", ")
        var summed = "NULL::int8"
        if let summing = request.summing {
            let name = bind(summing, "text")
            summed = "CASE WHEN jsonb_typeof(f -> \(name)) = 'number' THEN (f ->> \(name))::numeric::int8 END"
        }
        var filter = "collection = \(bind(request.collection.name, "text")) AND trashed_at IS NULL"
            + " AND date >= \(bind(request.dateFrom.timeIntervalSince1970, "float8")) AND date < \(bind(request.dateUntil.timeIntervalSince1970, "float8"))"
        if let books = request.books {
            if books.count == 1, let only = books.first {
                filter += " AND book_id = \(bind(only.string, "text"))"
            } else {
                filter += " AND book_id = ANY (\(bind(books.map(\.string).sorted(), "text[]")))"
            }
        }
        let book = request.byBook ? ", b" : ""
        let groups = request.keys.indices.map { "k\($0), t\($0)" }.joined(separator: ", ") + book
        let sql = """
            SELECT \(groups), count(*), coalesce(sum(s), 0)::int8 FROM (
                SELECT \(columns), \(summed) AS s, b FROM (SELECT fields::jsonb AS f, book_id AS b FROM record WHERE \(filter)) AS r
            ) AS g GROUP BY \(groups)
            """
        let keyCount = request.keys.count
        return try connection.query(sql, parameters).map { row in
            var values: [FieldValue?] = []
            for index in 0..<keyCount {
                let text = try row.decode(String?.self, at: 2 * index)
                switch (try row.decode(String?.self, at: 2 * index + 1), text) {
                case ("string", let text?): values.append(.string(text))
                case ("number", let text?): values.append(Int64(text).map(FieldValue.integer))
                case ("boolean", let text?): values.append(.integer(text == "true" ? 1 : 0))
                default: values.append(nil)
                }
            }
            let bookColumns = request.byBook ? 1 : 0
            let book = request.byBook ? try row.decode(String?.self, at: 2 * keyCount).map { try BookID(parsing: $0) } : nil
            return FieldTally(values: values, book: book, count: Int(try row.decode(Int64.self, at: 2 * keyCount + bookColumns)),
                              sum: try row.decode(Int64.self, at: 2 * keyCount + bookColumns + 1))
        }
    }
}
