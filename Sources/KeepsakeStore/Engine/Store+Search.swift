public import Foundation

extension Store {
    /// Records of `collection` whose text fields (titles, notes, tags: every string value) contain
    /// all the words of `text`, newest first. Each word also matches as a prefix, so "picnic" finds
    /// "picnics" and Korean words find their forms with particles ("피크닉" finds "피크닉을").
    /// Uses SQLite FTS5; the user's text is never interpreted as query syntax.
    public func search(_ text: String, in collection: CollectionName, trash: RecordQuery.TrashFilter = .live,
                       limit: Int = 50, offset: Int = 0) throws -> [Record] {
        guard (1...1000).contains(limit), offset >= 0 else {
            throw KeepsakeError(.invalidArgument, "A search page holds 1 to 1000 records and the offset must not be negative.")
        }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation || $0.isSymbol }).map(String.init)
        guard !words.isEmpty else { return [] }
        // Each word becomes a quoted FTS5 string (quotes doubled) with a prefix star: no operators.
        let match = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
        let trashFilter = switch trash {
        case .live: " AND r.trashed_at IS NULL"
        case .trashed: " AND r.trashed_at IS NOT NULL"
        case .all: ""
        }
        let columns = Self.recordColumns.split(separator: ",").map { "r." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        return try database.read { db in
            var records = try db.query("""
                SELECT \(columns) FROM record_text t
                JOIN record_search_key k ON k.key = t.rowid
                JOIN record r ON r.id = k.record_id
                WHERE record_text MATCH ? AND r.collection = ?\(trashFilter)
                ORDER BY r.date DESC, r.id DESC LIMIT ? OFFSET ?
                """, [.text(match), .text(collection.name), .int(limit), .int(offset)], Self.decodeRecord)
            try Self.attachImages(db, to: &records)
            return records
        }
    }

    /// Creates several records without images in one transaction: all of them or none (a CSV import).
    @discardableResult
    public func createMany(_ drafts: [RecordDraft]) throws -> [Record] {
        guard drafts.allSatisfy({ $0.images.isEmpty }) else {
            throw KeepsakeError(.invalidArgument, "createMany takes records without images; add images with addImages afterwards.")
        }
        let prepared = try drafts.map { draft in (draft.id ?? RecordID(), draft, try Self.encodeFields(draft.fields)) }
        guard Set(prepared.map(\.0)).count == prepared.count else {
            throw KeepsakeError(.invalidArgument, "The same record id appears twice in one batch; nothing was stored.")
        }
        try finishOwnLeftovers()
        return try database.write { db in
            let timestamp = now()
            var records: [Record] = []
            for (id, draft, fields) in prepared {
                if try db.scalarInt("SELECT count(*) FROM record WHERE id = ?", [.text(id.string)]) > 0 {
                    throw KeepsakeError(.conflict, "A record with id \(id) already exists; nothing was stored.")
                }
                let date = (draft.date ?? clock()).timeIntervalSince1970
                try db.run("INSERT INTO record (id, collection, date, fields, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                           [.text(id.string), .text(draft.collection.name), .real(date), .text(fields), .real(timestamp), .real(timestamp)])
                try db.run("INSERT INTO change (record_id, collection, kind, at) VALUES (?, ?, 'inserted', ?)",
                           [.text(id.string), .text(draft.collection.name), .real(timestamp)])
                records.append(Record(id: id, collection: draft.collection, date: Date(timeIntervalSince1970: date), fields: draft.fields, images: [],
                                      createdAt: Date(timeIntervalSince1970: timestamp), updatedAt: Date(timeIntervalSince1970: timestamp),
                                      trashedAt: nil, version: 1))
            }
            return records
        }
    }
}
