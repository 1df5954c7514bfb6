import Foundation

/// The reads and writes of one SQLite transaction, for the engine (``MetadataReader`` and
/// ``MetadataWriter``). Lives only inside ``SQLiteMetadataStore/read(_:)`` or
/// ``SQLiteMetadataStore/write(_:)``, on the thread that holds the connection.
struct SQLiteTransaction: MetadataWriter {
    let db: Database

    static let recordColumns = "id, collection, date, fields, created_at, updated_at, trashed_at, version, book_id, author_id"
    static let attachmentColumns = "id, record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at"

    // MARK: - Records

    func record(_ id: RecordID) throws -> Record? {
        guard var record = try db.queryOne("SELECT \(Self.recordColumns) FROM record WHERE id = ?", [.text(id.string)], SQLiteRows.record) else {
            return nil
        }
        record.images = try db.query("SELECT \(Self.attachmentColumns) FROM attachment WHERE record_id = ? ORDER BY position",
                                     [.text(id.string)], SQLiteRows.attachment)
        return record
    }

    func collection(of id: RecordID) throws -> CollectionName? {
        try db.queryOne("SELECT collection FROM record WHERE id = ?", [.text(id.string)]) { try CollectionName($0.requiredText(0)) }
    }

    func count(_ collection: CollectionName, trash: RecordQuery.TrashFilter, books: Set<BookID>?) throws -> Int {
        let (condition, bookBindings) = Self.bookCondition(books, column: "book_id")
        let index = Self.bookIndex(books, sortColumn: "date")
        return Int(try db.scalarInt("SELECT count(*) FROM record\(index) WHERE collection = ?" + trash.sqlCondition(prefix: "") + condition,
                                    [.text(collection.name)] + bookBindings))
    }

    func recordCount() throws -> Int {
        Int(try db.scalarInt("SELECT count(*) FROM record"))
    }

    func trashed(before cutoff: Double, in collection: CollectionName?, books: Set<BookID>?) throws -> [RecordID] {
        var sql = "SELECT id FROM record WHERE trashed_at IS NOT NULL AND trashed_at <= ?"
        var bindings: [SQLValue] = [.real(cutoff)]
        if let collection {
            sql += " AND collection = ?"
            bindings.append(.text(collection.name))
        }
        let (condition, bookBindings) = Self.bookCondition(books, column: "book_id")
        sql += condition
        bindings += bookBindings
        return try db.query(sql + " ORDER BY trashed_at", bindings) { try RecordID(parsing: $0.requiredText(0)) }
    }

    func collectionFigures(books: Set<BookID>?) throws -> [StoreStatus.Collection] {
        var collections: [String: StoreStatus.Collection] = [:]
        let (recordBooks, recordBindings) = Self.bookCondition(books, column: "book_id")
        let (imageBooks, imageBindings) = Self.bookCondition(books, column: "r.book_id")
        for (name, live, trashed) in try db.query("""
            SELECT collection, sum(trashed_at IS NULL), sum(trashed_at IS NOT NULL) FROM record WHERE 1\(recordBooks) GROUP BY collection
            """, recordBindings, { ($0.requiredText(0), $0.int(1), $0.int(2)) }) {
            collections[name] = .init(name: name, live: live, trashed: trashed, images: 0, bytes: 0)
        }
        for (name, images, bytes) in try db.query("""
            SELECT r.collection, count(*), sum(a.byte_size) FROM attachment a JOIN record r ON r.id = a.record_id WHERE 1\(imageBooks)
            GROUP BY r.collection
            """, imageBindings, { ($0.requiredText(0), $0.int(1), $0.int64(2)) }) {
            collections[name]?.images = images
            collections[name]?.bytes = bytes
        }
        return collections.values.sorted { $0.name < $1.name }
    }

    func insertRecord(_ record: NewRecord) throws {
        if try db.scalarInt("SELECT count(*) FROM record WHERE id = ?", [.text(record.id.string)]) > 0 {
            throw KeepsakeError(.conflict, "A record with id \(record.id) already exists; nothing was stored.")
        }
        try db.run("""
            INSERT INTO record (id, collection, date, fields, created_at, updated_at, trashed_at, next_image_seq, book_id, author_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(record.id.string), .text(record.collection.name), .real(record.date), .text(try FieldsJSON.encode(record.fields)),
                  .real(record.createdAt), .real(record.updatedAt), .optionalReal(record.trashedAt), .integer(record.nextImageNumber),
                  .text(record.book.string), .optionalText(record.author?.string)])
    }

    func updateRecord(_ id: RecordID, _ change: RecordChange) throws -> Bool {
        try db.run("UPDATE record SET date = ?, fields = ?, trashed_at = ?, updated_at = ?, version = version + 1 WHERE id = ?",
                   [.real(change.date), .text(try FieldsJSON.encode(change.fields)), .optionalReal(change.trashedAt), .real(change.updatedAt),
                    .text(id.string)]) == 1
    }

    func deleteRecord(_ id: RecordID) throws {
        try db.run("DELETE FROM record WHERE id = ?", [.text(id.string)])
    }

    func reserveImageNumbers(of id: RecordID, count: Int) throws -> Int64? {
        try db.queryOne("UPDATE record SET next_image_seq = next_image_seq + ? WHERE id = ? RETURNING next_image_seq",
                        [.int(count), .text(id.string)]) { $0.int64(0) - Int64(count) }
    }

    // MARK: - Images

    func deleteAttachment(_ id: Int64) throws {
        try db.run("DELETE FROM attachment WHERE id = ?", [.integer(id)])
    }

    func setImages(of id: RecordID, to slots: [AttachmentSlot]) throws -> [Int64] {
        // Positions are unique per record: move every row out of the way first.
        try db.run("UPDATE attachment SET position = -1 - position WHERE record_id = ?", [.text(id.string)])
        var ids: [Int64] = []
        for (position, slot) in slots.enumerated() {
            switch slot {
            case .existing(let attachmentID):
                guard try db.run("UPDATE attachment SET position = ? WHERE id = ? AND record_id = ?",
                                 [.int(position), .integer(attachmentID), .text(id.string)]) == 1 else {
                    throw KeepsakeError(.conflict, "Image \(attachmentID) no longer belongs to record \(id) (it changed meanwhile); reload it and try again.")
                }
                ids.append(attachmentID)
            case .new(let image):
                try db.run("""
                    INSERT INTO attachment (record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at,
                                            added_by)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(id.string), .int(position), .text(image.key.string), .integer(image.byteSize), .text(image.sha256),
                          .text(image.sourceSHA256), .text(image.mediaType), .int(image.width), .int(image.height),
                          .optionalReal(image.capturedAt), .text(image.thumbnailFormat.rawValue), .real(image.createdAt),
                          .optionalText(image.addedBy?.string)])
                ids.append(db.lastInsertRowID)
            }
        }
        return ids
    }

    func attachmentExists(id: Int64, key: RelativePath) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM attachment WHERE id = ? AND path = ?", [.integer(id), .text(key.string)]) > 0
    }

    /// The write transaction holds SQLite's write lock, so no other writer can change the row.
    func lockAttachment(id: Int64, key: RelativePath) throws -> Bool {
        try attachmentExists(id: id, key: key)
    }

    func isReferenced(_ key: RelativePath) throws -> Bool {
        try db.scalarInt("SELECT (SELECT count(*) FROM attachment WHERE path = ?) + (SELECT count(*) FROM intent_file WHERE path = ?)",
                         [.text(key.string), .text(key.string)]) > 0
    }

    func isReferenced(prefix: String) throws -> Bool {
        // Keys hold no GLOB characters (they are checked paths); a prefix from elsewhere is escaped.
        let pattern = Self.globEscaped(prefix) + "*"
        return try db.scalarInt("SELECT (SELECT count(*) FROM attachment WHERE path GLOB ?) + (SELECT count(*) FROM intent_file WHERE path GLOB ?)",
                                [.text(pattern), .text(pattern)]) > 0
    }

    func attachments(after key: RelativePath?, limit: Int) throws -> [StoredAttachment] {
        let columns = Self.attachmentColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        return try db.query("""
            SELECT \(columns), r.collection, r.book_id FROM attachment a JOIN record r ON r.id = a.record_id
            WHERE a.path > ? ORDER BY a.path LIMIT ?
            """, [.text(key?.string ?? ""), .int(limit)]) {
            StoredAttachment(attachment: try SQLiteRows.attachment($0), collection: try CollectionName($0.requiredText(13)),
                             book: try $0.text(14).map { try BookID(parsing: $0) })
        }
    }

    // MARK: - Journal

    func intent(_ id: String) throws -> Intent? {
        try db.queryOne("SELECT id, owner, kind, record_id, state, created_at FROM intent WHERE id = ?", [.text(id)], SQLiteRows.intent)
    }

    func lockIntent(_ id: String) throws -> Intent? {
        try intent(id)  // a write transaction holds the whole database already
    }

    func intents(ownedBy owner: String) throws -> [String] {
        try db.query("SELECT id FROM intent WHERE owner = ? ORDER BY created_at, id", [.text(owner)]) { $0.requiredText(0) }
    }

    func intentCount() throws -> Int {
        Int(try db.scalarInt("SELECT count(*) FROM intent"))
    }

    func removableFiles(of intent: String, role: IntentFileRole) throws -> [IntentFile] {
        try db.query("""
            SELECT f.path, f.thumbnail_format FROM intent_file f
            WHERE f.intent_id = ? AND f.role = ?
              AND NOT EXISTS (SELECT 1 FROM attachment a WHERE a.path = f.path)
              AND NOT EXISTS (SELECT 1 FROM intent_file o WHERE o.path = f.path AND o.intent_id != f.intent_id AND o.role = 'new')
            ORDER BY f.path
            """, [.text(intent), .text(role.rawValue)]) { row in
            IntentFile(key: try RelativePath(row.requiredText(0)), role: role, thumbnailFormat: try SQLiteRows.format(row.requiredText(1)))
        }
    }

    func journalledNewKeys() throws -> Set<RelativePath> {
        Set(try db.query("SELECT path FROM intent_file WHERE role = 'new'") { try RelativePath($0.requiredText(0)) })
    }

    func assertLive() throws {
        // This process's flock is held for as long as it lives; it cannot be a zombie.
    }

    func insertIntent(_ intent: Intent) throws {
        try db.run("INSERT INTO intent (id, owner, kind, record_id, state, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                   [.text(intent.id), .text(intent.owner), .text(intent.kind.rawValue), .optionalText(intent.recordID?.string),
                    .text(intent.state.rawValue), .real(intent.createdAt)])
    }

    func addIntentFiles(_ files: [IntentFile], to intent: String) throws {
        for file in files {
            try db.run("INSERT OR IGNORE INTO intent_file (intent_id, path, role, thumbnail_format) VALUES (?, ?, ?, ?)",
                       [.text(intent), .text(file.key.string), .text(file.role.rawValue), .text(file.thumbnailFormat.rawValue)])
        }
    }

    func markCommitted(_ intent: String, owner: String) throws -> Bool {
        try db.run("UPDATE intent SET state = 'committed' WHERE id = ? AND owner = ? AND state = 'pending'", [.text(intent), .text(owner)]) == 1
    }

    func claimIntent(_ intent: String, from owner: String, to newOwner: String) throws -> Bool {
        try db.run("UPDATE intent SET owner = ? WHERE id = ? AND owner = ?", [.text(newOwner), .text(intent), .text(owner)]) == 1
    }

    func deleteIntent(_ intent: String) throws {
        try db.run("DELETE FROM intent WHERE id = ?", [.text(intent)])
    }

    // MARK: - Change log

    func appendChange(record: RecordID, collection: CollectionName, book: BookID?, kind: ChangeKind, at: Double, audience: AccountID?) throws {
        try db.run("INSERT INTO change (record_id, collection, kind, at, book_id, audience_id) VALUES (?, ?, ?, ?, ?, ?)",
                   [.text(record.string), .text(collection.name), .text(kind.rawValue), .real(at), .optionalText(book?.string),
                    .optionalText(audience?.string)])
    }

    func changes(after sequence: Int64, limit: Int, books: Set<BookID>?, audience: ChangeAudience?) throws -> [StoreChange] {
        let (condition, bookBindings) = Self.bookCondition(books, column: "book_id")
        var filter = "(audience_id IS NULL\(condition))"
        var bindings = [SQLValue.integer(sequence)] + bookBindings
        if let audience {
            let (audienceCondition, audienceBindings) = Self.bookCondition(audience.books, column: "book_id")
            filter = "(\(filter) OR (audience_id = ?\(audienceCondition)))"
            bindings += [.text(audience.account.string)] + audienceBindings
        }
        return try db.query("SELECT seq, record_id, collection, kind, at, book_id, audience_id FROM change WHERE seq > ? AND \(filter) ORDER BY seq LIMIT ?",
                            bindings + [.int(limit)]) { row in
            guard let kind = ChangeKind(rawValue: row.requiredText(3)) else {
                throw KeepsakeError(.database, "Change \(row.int64(0)) has an unknown kind in the database.", remedy: .checkStore)
            }
            return StoreChange(sequence: row.int64(0), recordID: try RecordID(parsing: row.requiredText(1)),
                               collection: try CollectionName(row.requiredText(2)), kind: kind, at: Date(timeIntervalSince1970: row.double(4)),
                               book: try row.text(5).map { try BookID(parsing: $0) }, audience: try row.text(6).map { try AccountID(parsing: $0) })
        }
    }

    func lastChangeSequence() throws -> Int64 {
        try db.scalarInt("SELECT coalesce(max(seq), 0) FROM change")
    }

    // MARK: - Settings

    func setting(_ key: String, in namespace: String) throws -> String? {
        try db.scalarText("SELECT value FROM setting WHERE namespace = ? AND key = ?", [.text(namespace), .text(key)])
    }

    func settings(in namespace: String) throws -> [String: String] {
        Dictionary(try db.query("SELECT key, value FROM setting WHERE namespace = ?", [.text(namespace)]) { ($0.requiredText(0), $0.requiredText(1)) },
                   uniquingKeysWith: { first, _ in first })
    }

    func insertSetting(_ key: String, in namespace: String, value: String) throws -> Bool {
        try db.run("INSERT INTO setting (namespace, key, value) VALUES (?, ?, ?) ON CONFLICT (namespace, key) DO NOTHING",
                   [.text(namespace), .text(key), .text(value)]) == 1
    }

    func setSetting(_ key: String, in namespace: String, to value: String?) throws {
        if let value {
            try db.run("INSERT INTO setting (namespace, key, value) VALUES (?, ?, ?) ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value",
                       [.text(namespace), .text(key), .text(value)])
        } else {
            try db.run("DELETE FROM setting WHERE namespace = ? AND key = ?", [.text(namespace), .text(key)])
        }
    }

    // MARK: - Idempotency keys

    static let idempotencyColumns = "scope, key, fingerprint, target, lease_until, response, created_at, expires_at"

    func idempotencyRecord(scope: String, key: String) throws -> IdempotencyRecord? {
        try db.queryOne("SELECT \(Self.idempotencyColumns) FROM idempotency WHERE scope = ? AND key = ?", [.text(scope), .text(key)]) { row in
            IdempotencyRecord(scope: row.requiredText(0), key: row.requiredText(1), fingerprint: row.requiredText(2), target: row.text(3),
                              leaseUntil: row.double(4), response: row.isNull(5) ? nil : row.blob(5),
                              createdAt: row.double(6), expiresAt: row.double(7))
        }
    }

    func insertIdempotencyRecord(_ record: IdempotencyRecord) throws -> Bool {
        try db.run("INSERT INTO idempotency (\(Self.idempotencyColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, key) DO NOTHING",
                   Self.bindings(record)) == 1
    }

    func updateIdempotencyRecord(_ record: IdempotencyRecord) throws {
        try db.run("UPDATE idempotency SET fingerprint = ?3, target = ?4, lease_until = ?5, response = ?6, created_at = ?7, expires_at = ?8 WHERE scope = ?1 AND key = ?2",
                   Self.bindings(record))
    }

    func deleteIdempotencyRecords(expiredBefore cutoff: Double, limit: Int) throws -> Int {
        try db.run("DELETE FROM idempotency WHERE (scope, key) IN (SELECT scope, key FROM idempotency WHERE expires_at < ? LIMIT ?)", [.real(cutoff), .int(limit)])
    }

    private static func bindings(_ record: IdempotencyRecord) -> [SQLValue] {
        [.text(record.scope), .text(record.key), .text(record.fingerprint), .optionalText(record.target), .real(record.leaseUntil),
         record.response.map { .blob(Data($0)) } ?? .null, .real(record.createdAt), .real(record.expiresAt)]
    }

    // MARK: - Helpers

    /// ` INDEXED BY` the index that leads with the book and then sorts by `sortColumn`, when the
    /// records of some books are asked for: without statistics SQLite would rather walk the whole
    /// collection in order (`record_by_date`) than sort the records of several books, which is
    /// far slower when the books hold a small part of the collection.
    static func bookIndex(_ books: Set<BookID>?, sortColumn: String) -> String {
        guard let books, !books.isEmpty else { return "" }
        switch sortColumn {
        case "created_at": return " INDEXED BY record_by_book_created"
        case "updated_at": return " INDEXED BY record_by_book_updated"
        default: return " INDEXED BY record_by_book_date"
        }
    }

    /// The SQL condition (with a leading ` AND `) limiting `column` to `books`, and its bindings:
    /// none for `nil`, `= ?` for one book (so the `record_by_book_*` indexes give the order), a
    /// JSON array for several (one statement for every count).
    static func bookCondition(_ books: Set<BookID>?, column: String) -> (String, [SQLValue]) {
        guard let books else { return ("", []) }
        guard let only = books.first else { return (" AND 0", []) }
        if books.count == 1 { return (" AND \(column) = ?", [.text(only.string)]) }
        let ids = "[" + books.sorted().map { "\"\($0.string)\"" }.joined(separator: ",") + "]"
        return (" AND \(column) IN (SELECT value FROM json_each(?))", [.text(ids)])
    }

    static func globEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "*", "?", "[": escaped += "[\(character)]"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
