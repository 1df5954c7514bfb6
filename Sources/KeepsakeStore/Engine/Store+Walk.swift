extension Store {
    /// The collections that hold records (live or in the trash), in name order; for an account,
    /// those that have a book it reads.
    public func collections() throws -> [CollectionName] {
        try metadata.read(as: caller) { tx in
            let all = try tx.collectionFigures(books: nil).map { try CollectionName($0.name) }
            let access = try access(tx)
            guard let readable = access.readable else { return all }
            let mine = Set(try tx.books(readable).map(\.collection))
            return all.filter(mine.contains)
        }
    }

    /// Every record of every collection, collection by collection (in name order), each collection
    /// page by page in its newest-first order; `trash` chooses live, trashed or all records and
    /// `pageSize` (1...1000) how many are read at a time. Records come with their attachments; no
    /// image is read. Records added meanwhile may or may not be seen, none is seen twice.
    public func forEachRecord(trash: RecordQuery.TrashFilter = .live, pageSize: Int = 500, _ body: (Record) throws -> Void) throws {
        for collection in try collections() {
            var query = RecordQuery(collection: collection)
            query.trash = trash
            query.limit = pageSize
            try forEachPage(of: query) { page in
                for record in page.records { try body(record) }
            }
        }
    }

    /// Every record in the trash, of every collection, the most recently deleted first.
    public func trashedRecords() throws -> [Record] {
        var records: [Record] = []
        try forEachRecord(trash: .trashed) { records.append($0) }
        return records.sorted { ($0.trashedAt ?? .distantPast) > ($1.trashedAt ?? .distantPast) }
    }

    /// Makes every thumbnail of every stored image again from its original (records live and in the
    /// trash), one image at a time (``remakeThumbnails(of:)``); originals are only read. An image
    /// that fails is reported, not fatal: the others are still made. `progress` is called after each
    /// image with the number done and the total.
    public func rebuildThumbnails(progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> ThumbnailRebuildReport {
        var attachments: [Attachment] = []
        try forEachRecord(trash: .all) { attachments += $0.images }
        var report = ThumbnailRebuildReport(images: attachments.count)
        for (index, attachment) in attachments.enumerated() {
            do {
                try remakeThumbnails(of: attachment)
            } catch let error as KeepsakeError {
                report.failures.append(.init(path: attachment.path, error: error))
            }
            progress(index + 1, attachments.count)
        }
        return report
    }
}
