import Foundation

extension Store {
    /// Records of `collection` whose text fields (titles, notes, tags: every string value) contain
    /// all the words of `text`, newest first. Each word also matches as a prefix, so "picnic" finds
    /// "picnics" and Korean words find their forms with particles ("피크닉" finds "피크닉을").
    /// The user's text is never interpreted as query syntax.
    /// Only records the caller reads are searched (of these books only when `books` is given).
    public func search(_ text: String, in collection: CollectionName, trash: RecordQuery.TrashFilter = .live,
                       limit: Int = 50, offset: Int = 0, books: Set<BookID>? = nil) throws -> [Record] {
        guard (1...1000).contains(limit), offset >= 0 else {
            throw KeepsakeError(.invalidArgument, "A search page holds 1 to 1000 records and the offset must not be negative.")
        }
        let words = Self.searchWords(text)
        guard !words.isEmpty else { return [] }
        return try metadata.read(as: caller) { tx in
            try tx.search(TextSearch(words: words, collection: collection, trash: trash, limit: limit, offset: offset,
                                     books: try access(tx).readFilter(books)))
        }
    }

    /// The words of a search: split at blanks, punctuation, symbols and control characters (a NUL
    /// would otherwise end the text handed to the database early: found by schemathesis).
    public static func searchWords(_ text: String) -> [String] {
        text.split(whereSeparator: { character in
            character.isWhitespace || character.isPunctuation || character.isSymbol
                || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }).map(String.init)
    }

    /// Creates several records without images in one transaction: all of them or none (a CSV import),
    /// each in its draft's book or the caller's default book of its collection.
    ///
    /// With `renewingHiddenIDs`, a draft whose chosen id is held by a record the caller may not read
    /// is made under a new random id instead (the returned record carries it), so the answer is the
    /// one a free id gets and says nothing of the other record (the ledger's CSV import, whose rows
    /// carry ids the caller typed). Without it, such a draft is refused like any taken id
    /// (``KeepsakeError/Code/conflict``, nothing stored).
    @discardableResult
    public func createMany(_ drafts: [RecordDraft], renewingHiddenIDs: Bool = false) throws -> [Record] {
        guard drafts.allSatisfy({ $0.images.isEmpty }) else {
            throw KeepsakeError(.invalidArgument, "createMany takes records without images; add images with addImages afterwards.")
        }
        for draft in drafts { try Self.checkFields(draft.fields) }
        var prepared = drafts.map { draft in (draft.id ?? RecordID(), draft) }
        guard Set(prepared.map(\.0)).count == prepared.count else {
            throw KeepsakeError(.invalidArgument, "The same record id appears twice in one batch; nothing was stored.")
        }
        if renewingHiddenIDs {
            prepared = try withHiddenIDsRenewed(prepared)
        }
        try finishOwnLeftovers()
        return try metadata.write(as: caller) { tx in
            try tx.assertLive()
            let timestamp = now()
            var records: [Record] = []
            for (id, draft) in prepared {
                let date = (draft.date ?? clock()).timeIntervalSince1970
                // Resolved per draft: the first one may make the default book the next ones go to.
                let (book, author) = try newRecordBook(draft.book, in: draft.collection, tx)
                try tx.insertRecord(NewRecord(id: id, collection: draft.collection, date: date, fields: draft.fields, createdAt: timestamp,
                                              updatedAt: timestamp, trashedAt: nil, nextImageNumber: 0, book: book, author: author))
                try tx.appendChange(record: id, collection: draft.collection, book: book, kind: .inserted, at: timestamp)
                records.append(Record(id: id, collection: draft.collection, date: Date(timeIntervalSince1970: date), fields: draft.fields, images: [],
                                      createdAt: Date(timeIntervalSince1970: timestamp), updatedAt: Date(timeIntervalSince1970: timestamp),
                                      trashedAt: nil, version: 1, book: book, author: author))
            }
            return records
        }
    }

    /// `prepared` with a new id for each chosen id that a record the caller cannot read holds.
    ///
    /// Which ids are taken is read as the local operator, inside the engine: a database with row-level
    /// rules hides the other record from the caller's own transaction, and the answer never leaves
    /// this function (the caller sees only that its record was made). A record made under one of the
    /// ids between this read and the write is refused as a conflict, as without the option.
    private func withHiddenIDsRenewed(_ prepared: [(RecordID, RecordDraft)]) throws -> [(RecordID, RecordDraft)] {
        let chosen = prepared.filter { $0.1.id != nil }.map(\.0)
        guard !chosen.isEmpty, !caller.isLocalOperator else { return prepared }
        let hidden: Set<RecordID> = try metadata.read(as: caller) { tx in
            let access = try access(tx)
            return try Set(chosen.filter { id in try tx.collection(of: id) == nil || !access.canRead(try tx.book(ofRecord: id)) })
        }
        guard !hidden.isEmpty else { return prepared }
        let taken: Set<RecordID> = try metadata.read(as: .localOperator) { tx in
            try Set(hidden.filter { try tx.collection(of: $0) != nil })
        }
        return prepared.map { id, draft in taken.contains(id) ? (RecordID(), draft) : (id, draft) }
    }
}
