import Foundation

/// Decoders from result rows to the engine's values; every path and id read back is checked again.
enum SQLiteRows {
    /// One decoder for every row (it holds no state between calls).
    private static let fieldsDecoder = JSONDecoder()

    /// A record from the columns of ``SQLiteTransaction/recordColumns`` (images not loaded).
    static func record(_ row: Statement) throws -> Record {
        let fieldsJSON = row.requiredText(3)
        let fields: [String: FieldValue]
        do {
            fields = try FieldsJSON.decode(fieldsJSON) ?? fieldsDecoder.decode([String: FieldValue].self, from: Data(fieldsJSON.utf8))
        } catch {
            throw KeepsakeError(.database, "The fields of record \(row.requiredText(0)) are not valid JSON in the database.", remedy: .checkStore)
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
            version: row.int64(7),
            book: try row.text(8).map { try BookID(parsing: $0) },
            author: try row.text(9).map { try AccountID(parsing: $0) })
    }

    /// An account from the columns of ``SQLiteTransaction/accountColumns``.
    static func account(_ row: Statement) throws -> Account {
        Account(id: try AccountID(parsing: row.requiredText(0)), login: try LoginName(row.requiredText(1)), displayName: row.requiredText(2),
                language: row.requiredText(3), timeZone: row.requiredText(4), isAdmin: row.int64(5) != 0,
                disabledAt: row.optionalDouble(6).map(Date.init(timeIntervalSince1970:)), passwordHash: row.text(7),
                credentialVersion: row.int64(8), createdAt: Date(timeIntervalSince1970: row.double(9)),
                quota: row.isNull(10) ? nil : row.int64(10))
    }

    /// A book from the columns of ``SQLiteTransaction/bookColumns``.
    static func book(_ row: Statement) throws -> Book {
        Book(id: try BookID(parsing: row.requiredText(0)), collection: try CollectionName(row.requiredText(1)), name: row.requiredText(2),
             defaultOf: try row.text(3).map { try AccountID(parsing: $0) }, createdAt: Date(timeIntervalSince1970: row.double(4)))
    }

    /// An invitation from the columns of ``SQLiteTransaction/invitationColumns``.
    static func invitation(_ row: Statement) throws -> Invitation {
        Invitation(id: try InvitationID(parsing: row.requiredText(0)), madeBy: try row.text(1).map { try AccountID(parsing: $0) },
                   madeAt: Date(timeIntervalSince1970: row.double(2)), expiresAt: Date(timeIntervalSince1970: row.double(3)),
                   usedAt: row.optionalDouble(4).map(Date.init(timeIntervalSince1970:)), usedBy: try row.text(5).map { try AccountID(parsing: $0) },
                   isAdmin: row.int64(6) != 0)
    }

    /// A role by its name.
    static func role(_ name: String) throws -> BookRole {
        guard let role = BookRole(rawValue: name) else {
            throw KeepsakeError(.database, "A book membership has an unknown role (\(KeepsakeError.printable(name))) in the database.", remedy: .checkStore)
        }
        return role
    }

    /// An attachment from the columns of ``SQLiteTransaction/attachmentColumns``.
    static func attachment(_ row: Statement) throws -> Attachment {
        Attachment(
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
            thumbnailFormat: try format(row.requiredText(11)),
            createdAt: Date(timeIntervalSince1970: row.double(12)))
    }

    /// An intent from `id, owner, kind, record_id, state, created_at`.
    static func intent(_ row: Statement) throws -> Intent {
        guard let kind = IntentKind(rawValue: row.requiredText(2)), let state = IntentState(rawValue: row.requiredText(4)) else {
            throw KeepsakeError(.database, "Journal entry \(KeepsakeError.printable(row.requiredText(0))) has an unknown kind or state.", remedy: .checkStore)
        }
        return Intent(id: row.requiredText(0), owner: row.requiredText(1), kind: kind,
                      recordID: try row.text(3).map { try RecordID(parsing: $0) }, state: state, createdAt: row.double(5))
    }

    /// A stored thumbnail format by its name.
    static func format(_ name: String) throws -> StoredImageFormat {
        guard let format = StoredImageFormat(rawValue: name) else {
            throw KeepsakeError(.database, "An image row has an unknown thumbnail format (\(KeepsakeError.printable(name))) in the database.", remedy: .checkStore)
        }
        return format
    }
}
