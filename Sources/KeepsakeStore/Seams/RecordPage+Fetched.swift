extension RecordPage {
    /// The page made of the rows a backend fetched with ``RecordQuery/fetchLimit`` (one more than
    /// `limit`), each with its sort value: the extra row is dropped and says that a next page
    /// follows, whose cursor is the last kept row's sort value and id; `attachImages` gives the
    /// kept records their images.
    package init(fetched rows: [(record: Record, sortValue: Double)], limit: Int,
                 attachImages: (inout [Record]) throws -> Void) throws {
        let hasMore = rows.count > limit
        let kept = hasMore ? Array(rows.prefix(limit)) : rows
        var records = kept.map(\.record)
        try attachImages(&records)
        let next = hasMore ? kept.last.map { RecordCursor(sortValue: $0.sortValue, id: $0.record.id) } : nil
        self.init(records: records, nextCursor: next)
    }
}
