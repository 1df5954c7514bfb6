extension SQLiteTransaction {
    /// `GROUP BY` over `json_extract` of the keys, on the rows `record_by_date` (or, for one book,
    /// `record_by_book_date`) finds in the range: one pass over the range's index entries and rows,
    /// nothing decoded in Swift. Per book too, `book_id` is one more group column.
    func tally(_ request: FieldTallyRequest) throws -> [FieldTally] {
        // The engine checked the names: letters, digits and '_', so a quoted JSON path needs no escaping.
        let paths = request.keys.map { "$.\"\($0)\"" }
        let groups = paths.indices.map { "json_extract(fields, ?) AS k\($0)" }.joined(separator: ", ")
        let sum = request.summing == nil ? "0" : "coalesce(sum(json_extract(fields, ?)), 0)"
        var bindings: [SQLValue] = paths.map { .text($0) }
        if let summing = request.summing { bindings.append(.text("$.\"\(summing)\"")) }
        let (bookCondition, bookBindings) = Self.bookCondition(request.books, column: "book_id")
        let book = request.byBook ? ", book_id" : ""
        let sql = "SELECT \(groups), count(*), \(sum)\(book) FROM record\(Self.bookIndex(request.books, sortColumn: "date"))"
            + " WHERE collection = ? AND trashed_at IS NULL AND date >= ? AND date < ?\(bookCondition)"
            + " GROUP BY " + paths.indices.map { "k\($0)" }.joined(separator: ", ") + book
        bindings += [.text(request.collection.name), .real(request.dateFrom.timeIntervalSince1970), .real(request.dateUntil.timeIntervalSince1970)]
        bindings += bookBindings
        let keyCount = Int32(paths.count)
        return try db.query(sql, bindings) { row in
            let values: [FieldValue?] = (0..<keyCount).map { column in
                if row.isText(column) { return .string(row.requiredText(column)) }
                if row.isInteger(column) { return .integer(row.int64(column)) }
                return nil
            }
            let book = request.byBook ? try row.text(keyCount + 2).map { try BookID(parsing: $0) } : nil
            return FieldTally(values: values, book: book, count: row.int(keyCount), sum: row.int64(keyCount + 1))
        }
    }
}
