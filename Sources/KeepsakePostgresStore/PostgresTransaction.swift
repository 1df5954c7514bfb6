import Foundation
import KeepsakePostgres
import KeepsakeStore

/// The reads and writes of one PostgreSQL transaction, for the engine (``MetadataReader`` and
/// ``MetadataWriter``). Lives only inside ``PostgresMetadataStore/read(_:)`` (a `REPEATABLE READ READ
/// ONLY` snapshot) or ``PostgresMetadataStore/write(_:)`` (`READ COMMITTED`, see there for the locks
/// that make each decision on the latest committed state and hold it until COMMIT).
///
/// Statements are prepared once per connection and always take bound parameters. Methods throw
/// ``PostgresError`` as it comes, so the pool can run the transaction again after a deadlock or a
/// connection lost before COMMIT; the store turns it into a ``KeepsakeError`` at its boundary.
final class PostgresTransaction: MetadataWriter {
    let connection: PostgresConnection
    let context: PostgresStoreContext
    /// A write transaction: reads of records lock them, folder checks take the folder's lock.
    let writable: Bool
    /// Change-log entries to insert when the body has returned, just before COMMIT.
    var pendingChanges: [(record: String, collection: String, book: String?, kind: String, at: Double, audience: String?)] = []

    /// Who acts, as bound for row-level security: ``operatorCaller`` or an account id.
    let caller: String

    /// The value of `keepsake.caller` for the local operator.
    static let operatorCaller = "operator"

    init(connection: PostgresConnection, context: PostgresStoreContext, writable: Bool, caller: String) {
        self.connection = connection
        self.context = context
        self.writable = writable
        self.caller = caller
    }

    /// The value of `keepsake.caller` for `caller`.
    static func binding(_ caller: Caller) -> String {
        switch caller.identity {
        case .localOperator: operatorCaller
        case .account(let id): id.string
        }
    }

    /// Binds `caller` for the rest of the transaction on `connection` (its first statement): what
    /// the policies of ``PostgresAccessSchema`` let it see and change.
    static func bind(_ caller: String, on connection: PostgresConnection) throws {
        _ = try connection.query("SELECT set_config('keepsake.caller', $1, true)", [caller])
    }

    // MARK: - Records

    /// In a write transaction the record row is locked (`FOR NO KEY UPDATE`) until COMMIT: it is the
    /// lock of the record and its images, taken by every writer of either, so what the engine reads
    /// here stays what it writes over.
    ///
    /// A lock needs the right to change the row: for an account that may read the record but not
    /// write it, the locked read finds nothing, and the record is read again without the lock, so the
    /// engine sees it and refuses the write as forbidden (any change it tried would find no row).
    func record(_ id: RecordID) throws -> Record? {
        let lock = writable ? " FOR NO KEY UPDATE" : ""
        var found = try connection.query("SELECT \(PostgresRows.recordColumns) FROM record WHERE id = $1\(lock)", [id.string]).first
        if found == nil, writable, caller != Self.operatorCaller {
            found = try connection.query("SELECT \(PostgresRows.recordColumns) FROM record WHERE id = $1", [id.string]).first
        }
        guard let row = found else { return nil }
        var record = try PostgresRows.record(row)
        record.images = try connection.query("SELECT \(PostgresRows.attachmentColumns) FROM attachment WHERE record_id = $1 ORDER BY position",
                                             [id.string]).map { try PostgresRows.attachment($0) }
        return record
    }

    func collection(of id: RecordID) throws -> CollectionName? {
        try connection.query("SELECT collection FROM record WHERE id = $1", [id.string]).first.map { try CollectionName(try $0.decode(String.self, at: 0)) }
    }

    func count(_ collection: CollectionName, trash: RecordQuery.TrashFilter, books: Set<BookID>?) throws -> Int {
        guard let books else {
            return try connection.query("SELECT count(*) FROM record WHERE collection = $1" + trash.sqlCondition(prefix: ""), [collection.name]).scalar(Int.self)
        }
        return try connection.query("SELECT count(*) FROM record WHERE collection = $1 AND book_id = ANY ($2::text[])" + trash.sqlCondition(prefix: ""),
                                    [collection.name, books.map(\.string).sorted()]).scalar(Int.self)
    }

    func recordCount() throws -> Int {
        try connection.query("SELECT count(*) FROM record").scalar(Int.self)
    }

    func trashed(before cutoff: Double, in collection: CollectionName?, books: Set<BookID>?) throws -> [RecordID] {
        var sql = "SELECT id FROM record WHERE trashed_at IS NOT NULL AND trashed_at <= $1::float8"
        var parameters: [any PostgresEncodable] = [cutoff]
        if let collection {
            parameters.append(collection.name)
            sql += " AND collection = $\(parameters.count)"
        }
        if let books {
            parameters.append(books.map(\.string).sorted())
            sql += " AND book_id = ANY ($\(parameters.count)::text[])"
        }
        return try connection.query(sql + " ORDER BY trashed_at, id", parameters).map { try RecordID(parsing: try $0.decode(String.self, at: 0)) }
    }

    func collectionFigures(books: Set<BookID>?) throws -> [StoreStatus.Collection] {
        var collections: [String: StoreStatus.Collection] = [:]
        // `nil` (every book) is bound as NULL: the condition is then true for every row.
        let bookList: [String]? = books.map { $0.map(\.string).sorted() }
        for row in try connection.query("""
            SELECT collection, count(*) FILTER (WHERE trashed_at IS NULL), count(*) FILTER (WHERE trashed_at IS NOT NULL)
            FROM record WHERE $1::text[] IS NULL OR book_id = ANY ($1::text[]) GROUP BY collection
            """, [bookList]) {
            let name = try row.decode(String.self, at: 0)
            collections[name] = .init(name: name, live: try row.decode(Int.self, at: 1), trashed: try row.decode(Int.self, at: 2), images: 0, bytes: 0)
        }
        for row in try connection.query("""
            SELECT r.collection, count(*), coalesce(sum(a.byte_size), 0) FROM attachment a JOIN record r ON r.id = a.record_id
            WHERE $1::text[] IS NULL OR r.book_id = ANY ($1::text[]) GROUP BY r.collection
            """, [bookList]) {
            let name = try row.decode(String.self, at: 0)
            collections[name]?.images = try row.decode(Int.self, at: 1)
            collections[name]?.bytes = try row.decode(Int64.self, at: 2)
        }
        return collections.values.sorted { $0.name < $1.name }
    }

    func insertRecord(_ record: NewRecord) throws {
        let stored = try StoredFields(record.fields)
        let inserted = try connection.execute("""
            INSERT INTO record (id, collection, date, fields, field_index, search, created_at, updated_at, trashed_at, next_image_seq, book_id, author_id)
            VALUES ($1, $2, $3::float8, $4, $5::jsonb, array_to_tsvector($6::text[]), $7::float8, $8::float8, $9::float8, $10::int8, $11, $12)
            ON CONFLICT (id) DO NOTHING
            """, [record.id.string, record.collection.name, record.date, stored.json, stored.index, stored.words,
                  record.createdAt, record.updatedAt, record.trashedAt, record.nextImageNumber, record.book.string, record.author?.string])
        if inserted == 0 {
            throw KeepsakeError(.conflict, "A record with id \(record.id) already exists; nothing was stored.")
        }
    }

    func updateRecord(_ id: RecordID, _ change: RecordChange) throws -> Bool {
        let stored = try StoredFields(change.fields)
        return try connection.execute("""
            UPDATE record SET date = $1::float8, fields = $2, field_index = $3::jsonb, search = array_to_tsvector($4::text[]),
                trashed_at = $5::float8, updated_at = $6::float8, version = version + 1
            WHERE id = $7
            """, [change.date, stored.json, stored.index, stored.words, change.trashedAt, change.updatedAt, id.string]) == 1
    }

    func deleteRecord(_ id: RecordID) throws {
        try connection.execute("DELETE FROM record WHERE id = $1", [id.string])
    }

    /// One `UPDATE … RETURNING`: concurrent reservations wait for each other on the row and each
    /// adds to the number the previous one left, so no number is handed out twice.
    func reserveImageNumbers(of id: RecordID, count: Int) throws -> Int64? {
        try connection.query("UPDATE record SET next_image_seq = next_image_seq + $1::int8 WHERE id = $2 RETURNING next_image_seq",
                             [count, id.string]).first.map { try $0.decode(Int64.self, at: 0) - Int64(count) }
    }

    // MARK: - Images

    /// Locks the image's record first (the order every writer takes them in), then removes the row.
    func deleteAttachment(_ id: Int64) throws {
        try connection.execute("""
            WITH owner AS (SELECT r.id FROM record r WHERE r.id = (SELECT record_id FROM attachment WHERE id = $1::int8) FOR NO KEY UPDATE)
            DELETE FROM attachment WHERE id = $1::int8 AND record_id IN (SELECT id FROM owner)
            """, [id])
    }

    /// Positions are unique per record (`UNIQUE (record_id, position)`, checked row by row): every row
    /// of the record moves to a negative position first, then takes its new one; new rows come last.
    /// Three statements whatever the number of images.
    func setImages(of id: RecordID, to slots: [AttachmentSlot]) throws -> [Int64] {
        try connection.execute("UPDATE attachment SET position = -1 - position WHERE record_id = $1", [id.string])
        var existingIDs: [Int64] = [], existingPositions: [Int] = []
        var new: [(position: Int, image: NewAttachment)] = []
        for (position, slot) in slots.enumerated() {
            switch slot {
            case .existing(let attachmentID):
                existingIDs.append(attachmentID)
                existingPositions.append(position)
            case .new(let image):
                new.append((position, image))
            }
        }
        if !existingIDs.isEmpty {
            let moved = try connection.execute("""
                UPDATE attachment a SET position = v.position FROM unnest($1::int8[], $2::int4[]) AS v(id, position)
                WHERE a.id = v.id AND a.record_id = $3
                """, [existingIDs, existingPositions, id.string])
            guard moved == existingIDs.count else {
                throw KeepsakeError(.conflict, "An image no longer belongs to record \(id) (it changed meanwhile); reload it and try again.", remedy: .reloadAndRetry)
            }
        }
        var ids = Array(repeating: Int64(0), count: slots.count)
        for (attachmentID, position) in zip(existingIDs, existingPositions) { ids[position] = attachmentID }
        if !new.isEmpty {
            let images = new.map(\.image)
            let rows = try connection.query("""
                INSERT INTO attachment (record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at,
                                        thumbnail_format, created_at, added_by)
                SELECT $1, v.* FROM unnest($2::int4[], $3::text[], $4::int8[], $5::text[], $6::text[], $7::text[], $8::int4[], $9::int4[],
                                           $10::float8[], $11::text[], $12::float8[], $13::text[]) AS v
                RETURNING id, position
                """, [id.string, new.map(\.position), images.map(\.key.string), images.map(\.byteSize), images.map(\.sha256),
                      images.map(\.sourceSHA256), images.map(\.mediaType), images.map(\.width), images.map(\.height),
                      images.map(\.capturedAt), images.map(\.thumbnailFormat.rawValue), images.map(\.createdAt),
                      images.map(\.addedBy?.string)])
            for row in rows { ids[try row.decode(Int.self, at: 1)] = try row.decode(Int64.self, at: 0) }
        }
        return ids
    }

    func attachmentExists(id: Int64, key: RelativePath) throws -> Bool {
        try connection.query("SELECT EXISTS (SELECT 1 FROM attachment WHERE id = $1::int8 AND path = $2)", [id, key.string]).scalar(Bool.self)
    }

    /// `FOR SHARE`: a removal of the row (or a move of it) waits until this transaction ends, and a
    /// removal in progress is waited for, after which the row is found gone.
    func lockAttachment(id: Int64, key: RelativePath) throws -> Bool {
        guard writable else { return try attachmentExists(id: id, key: key) }
        return try !connection.query("SELECT 1 FROM attachment WHERE id = $1::int8 AND path = $2 FOR SHARE", [id, key.string]).isEmpty
    }

    func isReferenced(_ key: RelativePath) throws -> Bool {
        try connection.query("SELECT EXISTS (SELECT 1 FROM attachment WHERE path = $1) OR EXISTS (SELECT 1 FROM intent_file WHERE path = $1)",
                             [key.string]).scalar(Bool.self)
    }

    /// Keys in `[prefix, successor of prefix)`: an index range in byte order. In a write transaction,
    /// a folder prefix (`…/`) first takes the folder's lock, which journalling new objects there takes
    /// too: a folder found unreferenced stays so until COMMIT (the engine removes it meanwhile).
    func isReferenced(prefix: String) throws -> Bool {
        if writable, prefix.hasSuffix("/") {
            _ = try connection.query("SELECT pg_advisory_xact_lock($1::int8)", [context.keys.folder(String(prefix.dropLast())).value])
        }
        guard let upper = Self.successor(of: prefix) else {
            return try connection.query("""
                SELECT EXISTS (SELECT 1 FROM attachment WHERE starts_with(path, $1)) OR EXISTS (SELECT 1 FROM intent_file WHERE starts_with(path, $1))
                """, [prefix]).scalar(Bool.self)
        }
        return try connection.query("""
            SELECT EXISTS (SELECT 1 FROM attachment WHERE path >= $1 AND path < $2)
                OR EXISTS (SELECT 1 FROM intent_file WHERE path >= $1 AND path < $2)
            """, [prefix, upper]).scalar(Bool.self)
    }

    func attachments(after key: RelativePath?, limit: Int) throws -> [StoredAttachment] {
        try connection.query("""
            SELECT \(PostgresRows.attachmentColumns(of: "a")), r.collection, r.book_id FROM attachment a JOIN record r ON r.id = a.record_id
            WHERE a.path > $1 ORDER BY a.path LIMIT $2::int4
            """, [key?.string ?? "", limit]).map { row in
            StoredAttachment(attachment: try PostgresRows.attachment(row), collection: try CollectionName(try row.decode(String.self, at: 13)),
                             book: try row.decode(String?.self, at: 14).map { try BookID(parsing: $0) })
        }
    }

    // MARK: - Helpers

    /// The smallest text greater than every text that starts with `prefix` (in code-point order, which
    /// is the byte order of `COLLATE "C"`), or `nil` when there is none.
    static func successor(of prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if (0xD800...0xDFFF).contains(next) { next = 0xE000 }
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars)
                return String(view)
            }
        }
        return nil
    }
}

/// A record's fields as stored: the engine's JSON text (exact), a `jsonb` copy for filters (NUL
/// characters, which `jsonb` cannot hold, replaced as they are in filter values) and the search words.
struct StoredFields {
    let json: String
    let index: String
    let words: [String]

    init(_ fields: [String: FieldValue]) throws {
        json = try FieldsJSON.encode(fields)
        index = json.contains("\\u0000") ? try FieldsJSON.encode(fields.mapValues(Self.indexable)) : json
        words = SearchWords.words(of: fields)
    }

    /// A field value as the `jsonb` copy holds it.
    static func indexable(_ value: FieldValue) -> FieldValue {
        switch value {
        case .string(let text): .string(indexable(text))
        case .strings(let list): .strings(list.map(indexable))
        case .integer, .bool: value
        }
    }

    /// Text as the `jsonb` copy holds it: NUL replaced by U+FFFD.
    static func indexable(_ text: String) -> String {
        text.contains("\u{0}") ? text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text
    }
}
