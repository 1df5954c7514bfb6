import Foundation
import KeepsakePostgres
import KeepsakeStore

/// Decoders from result rows to the engine's values; every path and id read back is checked again.
enum PostgresRows {
    /// The columns ``record(_:)`` reads, in order.
    static let recordColumns = "id, collection, date, fields, created_at, updated_at, trashed_at, version, book_id, author_id"
    /// The columns ``attachment(_:from:)`` reads, in order.
    static let attachmentColumns = "id, record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at"

    /// ``attachmentColumns`` of the table named `alias`.
    static func attachmentColumns(of alias: String) -> String {
        attachmentColumns.split(separator: ",").map { "\(alias)." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
    }

    /// ``recordColumns`` of the table named `alias`.
    static func recordColumns(of alias: String) -> String {
        recordColumns.split(separator: ",").map { "\(alias)." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
    }

    /// One decoder for the rare fields the fast reader leaves (it holds no state between calls).
    private static let fieldsDecoder = JSONDecoder()

    /// A record from the columns of ``recordColumns`` (images not loaded).
    static func record(_ row: PostgresRow) throws -> Record {
        let id = try row.decode(String.self, at: 0)
        let fieldsJSON = try row.decode(String.self, at: 3)
        let fields: [String: FieldValue]
        do {
            fields = try FieldsJSON.decode(fieldsJSON) ?? fieldsDecoder.decode([String: FieldValue].self, from: Data(fieldsJSON.utf8))
        } catch {
            throw KeepsakeError(.database, "The fields of record \(KeepsakeError.printable(id)) are not valid JSON in the database.", remedy: .checkStore)
        }
        return Record(id: try RecordID(parsing: id), collection: try CollectionName(try row.decode(String.self, at: 1)),
                      date: Date(timeIntervalSince1970: try row.decode(Double.self, at: 2)), fields: fields, images: [],
                      createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 4)),
                      updatedAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 5)),
                      trashedAt: try row.decode(Double?.self, at: 6).map(Date.init(timeIntervalSince1970:)),
                      version: try row.decode(Int64.self, at: 7), book: try row.decode(String?.self, at: 8).map { try BookID(parsing: $0) },
                      author: try row.decode(String?.self, at: 9).map { try AccountID(parsing: $0) })
    }

    /// An attachment from the columns of ``attachmentColumns``, starting at column `first`.
    static func attachment(_ row: PostgresRow, from first: Int = 0) throws -> Attachment {
        Attachment(id: try row.decode(Int64.self, at: first), recordID: try RecordID(parsing: try row.decode(String.self, at: first + 1)),
                   position: try row.decode(Int.self, at: first + 2), path: try RelativePath(try row.decode(String.self, at: first + 3)),
                   byteSize: try row.decode(Int64.self, at: first + 4), sha256: try row.decode(String.self, at: first + 5),
                   sourceSHA256: try row.decode(String.self, at: first + 6), mediaType: try row.decode(String.self, at: first + 7),
                   width: try row.decode(Int.self, at: first + 8), height: try row.decode(Int.self, at: first + 9),
                   capturedAt: try row.decode(Double?.self, at: first + 10).map(Date.init(timeIntervalSince1970:)),
                   thumbnailFormat: try format(try row.decode(String.self, at: first + 11)),
                   createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: first + 12)))
    }

    /// An intent from `id, owner, kind, record_id, state, created_at`.
    static func intent(_ row: PostgresRow) throws -> Intent {
        let id = try row.decode(String.self, at: 0)
        guard let kind = IntentKind(rawValue: try row.decode(String.self, at: 2)), let state = IntentState(rawValue: try row.decode(String.self, at: 4)) else {
            throw KeepsakeError(.database, "Journal entry \(KeepsakeError.printable(id)) has an unknown kind or state.", remedy: .checkStore)
        }
        return Intent(id: id, owner: try row.decode(String.self, at: 1), kind: kind,
                      recordID: try row.decode(String?.self, at: 3).map { try RecordID(parsing: $0) }, state: state,
                      createdAt: try row.decode(Double.self, at: 5))
    }

    /// The number of columns of ``recordColumns``.
    static let recordColumnCount = 10

    /// A change-log entry from `seq, record_id, collection, kind, at, book_id, audience_id`.
    static func change(_ row: PostgresRow) throws -> StoreChange {
        let sequence = try row.decode(Int64.self, at: 0)
        guard let kind = ChangeKind(rawValue: try row.decode(String.self, at: 3)) else {
            throw KeepsakeError(.database, "Change \(sequence) has an unknown kind in the database.", remedy: .checkStore)
        }
        return StoreChange(sequence: sequence, recordID: try RecordID(parsing: try row.decode(String.self, at: 1)),
                           collection: try CollectionName(try row.decode(String.self, at: 2)), kind: kind,
                           at: Date(timeIntervalSince1970: try row.decode(Double.self, at: 4)),
                           book: try row.decode(String?.self, at: 5).map { try BookID(parsing: $0) },
                           audience: try row.decode(String?.self, at: 6).map { try AccountID(parsing: $0) })
    }

    /// The columns ``account(_:)`` reads, in order.
    static let accountColumns = "id, login, display_name, language, time_zone, is_admin, disabled_at, password_hash, credential_version, created_at, quota"

    /// An account from the columns of ``accountColumns``.
    static func account(_ row: PostgresRow) throws -> Account {
        Account(id: try AccountID(parsing: try row.decode(String.self, at: 0)), login: try LoginName(try row.decode(String.self, at: 1)),
                displayName: try row.decode(String.self, at: 2), language: try row.decode(String.self, at: 3),
                timeZone: try row.decode(String.self, at: 4), isAdmin: try row.decode(Bool.self, at: 5),
                disabledAt: try row.decode(Double?.self, at: 6).map(Date.init(timeIntervalSince1970:)),
                passwordHash: try row.decode(String?.self, at: 7), credentialVersion: try row.decode(Int64.self, at: 8),
                createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 9)), quota: try row.decode(Int64?.self, at: 10))
    }

    /// The columns ``book(_:)`` reads, in order.
    static let bookColumns = "id, collection, name, default_of, created_at"

    /// A book from the columns of ``bookColumns``.
    static func book(_ row: PostgresRow) throws -> Book {
        Book(id: try BookID(parsing: try row.decode(String.self, at: 0)), collection: try CollectionName(try row.decode(String.self, at: 1)),
             name: try row.decode(String.self, at: 2), defaultOf: try row.decode(String?.self, at: 3).map { try AccountID(parsing: $0) },
             createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 4)))
    }

    /// A role by its name.
    static func role(_ name: String) throws -> BookRole {
        guard let role = BookRole(rawValue: name) else {
            throw KeepsakeError(.database, "A membership has an unknown role (\(KeepsakeError.printable(name))) in the database.", remedy: .checkStore)
        }
        return role
    }

    /// A stored thumbnail format by its name.
    static func format(_ name: String) throws -> StoredImageFormat {
        guard let format = StoredImageFormat(rawValue: name) else {
            throw KeepsakeError(.database, "An image row has an unknown thumbnail format (\(KeepsakeError.printable(name))) in the database.", remedy: .checkStore)
        }
        return format
    }
}
