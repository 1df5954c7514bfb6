import Foundation
import KeepsakePostgres
import KeepsakeStore

extension PostgresTransaction {
    /// Kept until the body has returned: ``flushChanges()`` inserts them just before COMMIT.
    /// The record\'s book decides who reads the entry (the change log\'s row-level security).
    /// An entry with an audience is read by that account alone (the `change_read` policy).
    func appendChange(record: RecordID, collection: CollectionName, book: BookID?, kind: ChangeKind, at: Double, audience: AccountID?) throws {
        pendingChanges.append((record.string, collection.name, book?.string, kind.rawValue, at, audience?.string))
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
                INSERT INTO change (record_id, collection, book_id, kind, at, audience_id)
                SELECT v.record_id, v.collection, v.book_id, v.kind, v.at, v.audience_id
                FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $7::text[])
                    WITH ORDINALITY AS v(record_id, collection, book_id, kind, at, audience_id, n)
                ORDER BY v.n
                RETURNING seq)
            SELECT pg_notify($6, max(seq)::text) FROM added
            """, [pendingChanges.map(\.record), pendingChanges.map(\.collection), pendingChanges.map(\.book), pendingChanges.map(\.kind),
                  pendingChanges.map(\.at), context.keys.changeChannel, pendingChanges.map(\.audience)])
    }

    func changes(after sequence: Int64, limit: Int, books: Set<BookID>?, audience: ChangeAudience?) throws -> [StoreChange] {
        var bindings: [any PostgresEncodable] = [sequence, limit]
        func inBooks(_ books: Set<BookID>?) -> String {
            guard let books else { return "" }
            bindings.append(books.map(\.string).sorted())
            return " AND book_id = ANY ($\(bindings.count)::text[])"
        }
        var filter = "(audience_id IS NULL\(inBooks(books)))"
        if let audience {
            bindings.append(audience.account.string)
            let account = bindings.count
            filter = "(\(filter) OR (audience_id = $\(account)::text\(inBooks(audience.books))))"
        }
        return try connection.query("""
            SELECT seq, record_id, collection, kind, at, book_id, audience_id FROM change
            WHERE seq > $1::int8 AND \(filter) ORDER BY seq LIMIT $2::int4
            """, bindings).map(PostgresRows.change)
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
