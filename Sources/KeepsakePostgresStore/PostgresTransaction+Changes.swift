import Foundation
import KeepsakePostgres
import KeepsakeStore

extension PostgresTransaction {
    /// Kept until the body has returned: ``flushChanges()`` inserts them just before COMMIT.
    /// The record\'s book decides who reads the entry (the change log\'s row-level security).
    func appendChange(record: RecordID, collection: CollectionName, book: BookID?, kind: ChangeKind, at: Double) throws {
        pendingChanges.append((record.string, collection.name, book?.string, kind.rawValue, at))
    }

    /// Inserts the change-log entries of this transaction and notifies the listeners, at its very
    /// end. The change log's advisory lock is taken first and held until COMMIT, so sequence numbers
    /// are handed out in commit order: a reader that sees entry n has seen every entry before it, and
    /// reading on from the last number seen never skips one. The lock is held only across this
    /// insert and the COMMIT; `NOTIFY` is delivered at COMMIT, and not at all on a rollback.
    func flushChanges() throws {
        guard !pendingChanges.isEmpty else { return }
        _ = try connection.query("SELECT pg_advisory_xact_lock($1::int8)", [context.keys.changeLog.value])
        _ = try connection.query("""
            WITH added AS (
                INSERT INTO change (record_id, collection, book_id, kind, at)
                SELECT v.record_id, v.collection, v.book_id, v.kind, v.at
                FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[]) WITH ORDINALITY AS v(record_id, collection, book_id, kind, at, n)
                ORDER BY v.n
                RETURNING seq)
            SELECT pg_notify($6, max(seq)::text) FROM added
            """, [pendingChanges.map(\.record), pendingChanges.map(\.collection), pendingChanges.map(\.book), pendingChanges.map(\.kind),
                  pendingChanges.map(\.at), context.keys.changeChannel])
    }

    func changes(after sequence: Int64, limit: Int, books: Set<BookID>?) throws -> [StoreChange] {
        guard let books else {
            return try connection.query("SELECT seq, record_id, collection, kind, at, book_id FROM change WHERE seq > $1::int8 ORDER BY seq LIMIT $2::int4",
                                        [sequence, limit]).map(PostgresRows.change)
        }
        return try connection.query("""
            SELECT seq, record_id, collection, kind, at, book_id FROM change
            WHERE seq > $1::int8 AND book_id = ANY ($3::text[]) ORDER BY seq LIMIT $2::int4
            """, [sequence, limit, books.map(\.string).sorted()]).map(PostgresRows.change)
    }

    func lastChangeSequence() throws -> Int64 {
        try connection.query("SELECT coalesce(max(seq), 0) FROM change").scalar(Int64.self)
    }

    // MARK: - Settings

    func setting(_ key: String, in namespace: String) throws -> String? {
        try connection.query("SELECT value FROM setting WHERE namespace = $1 AND key = $2", [namespace, key]).first.map { try $0.decode(String.self, at: 0) }
    }

    func settings(in namespace: String) throws -> [String: String] {
        Dictionary(try connection.query("SELECT key, value FROM setting WHERE namespace = $1", [namespace]).map {
            (try $0.decode(String.self, at: 0), try $0.decode(String.self, at: 1))
        }, uniquingKeysWith: { first, _ in first })
    }

    func insertSetting(_ key: String, in namespace: String, value: String) throws -> Bool {
        guard !value.contains("\u{0}") else {
            throw KeepsakeError(.invalidArgument, "The setting \(KeepsakeError.printable(namespace)).\(KeepsakeError.printable(key)) holds a NUL character, which PostgreSQL text cannot store; nothing was changed.")
        }
        return try connection.execute("INSERT INTO setting (namespace, key, value) VALUES ($1, $2, $3) ON CONFLICT (namespace, key) DO NOTHING",
                                      [namespace, key, value]) == 1
    }

    func setSetting(_ key: String, in namespace: String, to value: String?) throws {
        if let value {
            guard !value.contains("\u{0}") else {
                throw KeepsakeError(.invalidArgument, "The setting \(KeepsakeError.printable(namespace)).\(KeepsakeError.printable(key)) holds a NUL character, which PostgreSQL text cannot store; nothing was changed.")
            }
            try connection.execute("INSERT INTO setting (namespace, key, value) VALUES ($1, $2, $3) ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value",
                                   [namespace, key, value])
        } else {
            try connection.execute("DELETE FROM setting WHERE namespace = $1 AND key = $2", [namespace, key])
        }
    }
}
