public import Foundation

extension Store {
    static let recordColumns = "id, collection, date, fields, created_at, updated_at, trashed_at, version"
    static let attachmentColumns = "id, record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at"

    /// The record with `id`, live or trashed.
    public func record(_ id: RecordID) throws -> Record {
        try database.read { db in
            guard let record = try Self.loadRecord(db, id) else { throw KeepsakeError.recordNotFound(id.string) }
            return record
        }
    }

    /// The record with `id`, or `nil` if there is none.
    public func recordIfPresent(_ id: RecordID) throws -> Record? {
        try database.read { db in try Self.loadRecord(db, id) }
    }

    /// One page of records. Records come with their attachments, whose thumbnail paths are derived;
    /// no image is read.
    public func list(_ query: RecordQuery) throws -> RecordPage {
        guard (1...1000).contains(query.limit) else {
            throw KeepsakeError(.invalidArgument, "A page holds 1 to 1000 records; \(query.limit) was asked for.")
        }
        guard query.offset >= 0 else { throw KeepsakeError(.invalidArgument, "The offset must not be negative.") }
        let column: String = switch query.sort {
        case .date: "date"
        case .created: "created_at"
        case .updated: "updated_at"
        }
        var sql = "SELECT \(Self.recordColumns), \(column) FROM record WHERE collection = ?"
        var bindings: [SQLValue] = [.text(query.collection.name)]
        switch query.trash {
        case .live: sql += " AND trashed_at IS NULL"
        case .trashed: sql += " AND trashed_at IS NOT NULL"
        case .all: break
        }
        if let from = query.dateFrom { sql += " AND date >= ?"; bindings.append(.real(from.timeIntervalSince1970)) }
        if let until = query.dateUntil { sql += " AND date < ?"; bindings.append(.real(until.timeIntervalSince1970)) }
        for (key, value) in query.fieldEquals.sorted(by: { $0.key < $1.key }) {
            try Self.checkFieldName(key)
            let jsonPath = "$.\"\(key)\""
            switch value {
            case .string(let text):
                sql += " AND (json_extract(fields, ?) = ? OR EXISTS (SELECT 1 FROM json_each(fields, ?) WHERE json_each.type = 'text' AND json_each.value = ?))"
                bindings += [.text(jsonPath), .text(text), .text(jsonPath), .text(text)]
            case .integer(let number):
                sql += " AND json_extract(fields, ?) = ?"
                bindings += [.text(jsonPath), .integer(number)]
            case .bool(let flag):
                sql += " AND json_extract(fields, ?) = ?"
                bindings += [.text(jsonPath), .integer(flag ? 1 : 0)]
            case .strings:
                throw KeepsakeError(.invalidArgument, "Filter on one value of the list field \(key), not on a whole list.")
            }
        }
        let comparison = query.descending ? "<" : ">"
        let direction = query.descending ? "DESC" : "ASC"
        if let after = query.after {
            sql += " AND (\(column), id) \(comparison) (?, ?)"
            bindings += [.real(after.sortValue), .text(after.id.string)]
        }
        sql += " ORDER BY \(column) \(direction), id \(direction) LIMIT ?"
        bindings.append(.int(query.limit + 1))
        if query.after == nil, query.offset > 0 {
            sql += " OFFSET ?"
            bindings.append(.int(query.offset))
        }
        return try database.read { db in
            var rows = try db.query(sql, bindings) { statement in
                (try Self.decodeRecord(statement), statement.double(8))
            }
            let hasMore = rows.count > query.limit
            if hasMore { rows.removeLast() }
            var records = rows.map(\.0)
            try Self.attachImages(db, to: &records)
            let next = hasMore ? rows.last.map { RecordCursor(sortValue: $0.1, id: $0.0.id) } : nil
            return RecordPage(records: records, nextCursor: next)
        }
    }

    /// Number of records in a collection (live by default).
    public func count(_ collection: CollectionName, trash: RecordQuery.TrashFilter = .live) throws -> Int {
        let filter = switch trash {
        case .live: " AND trashed_at IS NULL"
        case .trashed: " AND trashed_at IS NOT NULL"
        case .all: ""
        }
        return try database.read { db in
            Int(try db.scalarInt("SELECT count(*) FROM record WHERE collection = ?" + filter, [.text(collection.name)]))
        }
    }

    // MARK: - Row decoding

    static func checkFieldName(_ key: String) throws {
        let ok = (1...64).contains(key.utf8.count) && key.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }
        guard ok else {
            throw KeepsakeError(.invalidArgument, "\(RelativePath.quoted(key)) is not a field name: use 1 to 64 letters, digits or '_'.")
        }
    }

    static func loadRecord(_ db: Database, _ id: RecordID) throws -> Record? {
        guard var record = try db.queryOne("SELECT \(recordColumns) FROM record WHERE id = ?", [.text(id.string)], decodeRecord) else {
            return nil
        }
        record.images = try loadAttachments(db, id)
        return record
    }

    static func loadAttachments(_ db: Database, _ id: RecordID) throws -> [Attachment] {
        try db.query("SELECT \(attachmentColumns) FROM attachment WHERE record_id = ? ORDER BY position", [.text(id.string)], decodeAttachment)
    }

    static func attachImages(_ db: Database, to records: inout [Record]) throws {
        guard !records.isEmpty else { return }
        let placeholders = Array(repeating: "?", count: records.count).joined(separator: ",")
        let all = try db.query("SELECT \(attachmentColumns) FROM attachment WHERE record_id IN (\(placeholders)) ORDER BY record_id, position",
                               records.map { .text($0.id.string) }, decodeAttachment)
        let grouped = Dictionary(grouping: all, by: \.recordID)
        for index in records.indices { records[index].images = grouped[records[index].id] ?? [] }
    }

    /// One decoder for every row (it holds no state between calls).
    private static let fieldsDecoder = JSONDecoder()

    static func decodeRecord(_ row: Statement) throws -> Record {
        let fieldsJSON = row.requiredText(3)
        let fields: [String: FieldValue]
        do {
            fields = try FieldsJSON.decode(fieldsJSON) ?? fieldsDecoder.decode([String: FieldValue].self, from: Data(fieldsJSON.utf8))
        } catch {
            throw KeepsakeError(.database, "The fields of record \(row.requiredText(0)) are not valid JSON in the database; run `keepsake fsck`.")
        }
        return Record(
            id: try RecordID(parsing: row.requiredText(0)),
            collection: try CollectionName(row.requiredText(1)),
            date: Date(timeIntervalSince1970: row.double(2)),
            fields: fields,
            images: [],
            createdAt: Date(timeIntervalSince1970: row.double(4)),
            updatedAt: Date(timeIntervalSince1970: row.double(5)),
            trashedAt: row.optionalDouble(6).map(Date.init(timeIntervalSince1970:)),
            version: row.int64(7))
    }

    static func decodeAttachment(_ row: Statement) throws -> Attachment {
        guard let thumbnailFormat = StoredImageFormat(rawValue: row.requiredText(11)) else {
            throw KeepsakeError(.database, "Attachment \(row.int64(0)) has an unknown thumbnail format in the database.")
        }
        return Attachment(
            id: row.int64(0),
            recordID: try RecordID(parsing: row.requiredText(1)),
            position: row.int(2),
            path: try RelativePath(row.requiredText(3)),
            byteSize: row.int64(4),
            sha256: row.requiredText(5),
            sourceSHA256: row.requiredText(6),
            mediaType: row.requiredText(7),
            width: row.int(8),
            height: row.int(9),
            capturedAt: row.optionalDouble(10).map(Date.init(timeIntervalSince1970:)),
            thumbnailFormat: thumbnailFormat,
            createdAt: Date(timeIntervalSince1970: row.double(12)))
    }

    static func encodeFields(_ fields: [String: FieldValue]) throws -> String {
        for key in fields.keys { try checkFieldName(key) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(fields), as: UTF8.self)
    }
}
