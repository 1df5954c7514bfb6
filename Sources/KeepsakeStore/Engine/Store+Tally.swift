extension Store {
    /// Counts the live records of a collection in a date range, grouped by field values (see
    /// ``FieldTallyRequest``), over the books the caller reads. The database does the grouping on
    /// the rows the date index finds; no record is read into memory.
    ///
    /// Throws ``KeepsakeError/Code/invalidArgument`` for no key, more than
    /// ``FieldTallyRequest/maxKeys`` keys, a key or summed field that is not a field name, or a range
    /// that does not end after it starts.
    public func tally(_ request: FieldTallyRequest) throws -> [FieldTally] {
        guard (1...FieldTallyRequest.maxKeys).contains(request.keys.count) else {
            throw KeepsakeError(.invalidArgument, "A tally groups by 1 to \(FieldTallyRequest.maxKeys) fields; \(request.keys.count) were given.")
        }
        for key in request.keys { try Self.checkFieldName(key) }
        if let summing = request.summing { try Self.checkFieldName(summing) }
        guard request.dateFrom < request.dateUntil else {
            throw KeepsakeError(.invalidArgument, "The range must end after it starts; \(request.dateFrom) is not before \(request.dateUntil).")
        }
        return try metadata.read(as: caller) { tx in
            var request = request
            request.books = try access(tx).readFilter(request.books)
            return try tx.tally(request)
        }
    }
}
