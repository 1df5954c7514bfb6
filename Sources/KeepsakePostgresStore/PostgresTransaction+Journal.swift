import KeepsakePostgres
import KeepsakeStore

extension PostgresTransaction {
    func intent(_ id: String) throws -> Intent? {
        try connection.query("SELECT id, owner, kind, record_id, state, created_at FROM intent WHERE id = $1", [id]).first.map(PostgresRows.intent)
    }

    func lockIntent(_ id: String) throws -> Intent? {
        // FOR UPDATE waits for a transaction that still holds the row (an owner's COMMIT in flight).
        try connection.query("SELECT id, owner, kind, record_id, state, created_at FROM intent WHERE id = $1 FOR UPDATE", [id]).first.map(PostgresRows.intent)
    }

    func intents(ownedBy owner: String) throws -> [String] {
        try connection.query("SELECT id FROM intent WHERE owner = $1 ORDER BY created_at, id", [owner]).map { try $0.decode(String.self, at: 0) }
    }

    func intentCount() throws -> Int {
        try connection.query("SELECT count(*) FROM intent").scalar(Int.self)
    }

    func removableFiles(of intent: String, role: IntentFileRole) throws -> [IntentFile] {
        try connection.query("""
            SELECT f.path, f.thumbnail_format FROM intent_file f
            WHERE f.intent_id = $1 AND f.role = $2
              AND NOT EXISTS (SELECT 1 FROM attachment a WHERE a.path = f.path)
              AND NOT EXISTS (SELECT 1 FROM intent_file o WHERE o.path = f.path AND o.intent_id <> f.intent_id AND o.role = 'new')
            ORDER BY f.path
            """, [intent, role.rawValue]).map { row in
            IntentFile(key: try RelativePath(try row.decode(String.self, at: 0)), role: role, thumbnailFormat: try PostgresRows.format(try row.decode(String.self, at: 1)))
        }
    }

    func journalledNewKeys() throws -> Set<RelativePath> {
        Set(try connection.query("SELECT path FROM intent_file WHERE role = 'new'").map { try RelativePath(try $0.decode(String.self, at: 0)) })
    }

    /// Proves, inside this transaction, that the instance is alive: its liveness session has not been
    /// seen lost here, and the server says that very session (its process and start time, so a
    /// reused process number cannot pass) holds the instance's advisory lock now. Whoever recovers
    /// the instance must first take that lock, which it can only do once the session is gone.
    func assertLive() throws {
        let liveness = context.liveness
        if let lost = liveness.lostError { throw liveness.lostLiveness(lost.description) }
        let key = liveness.key
        let held = try connection.query("""
            SELECT EXISTS (
                SELECT 1 FROM pg_locks l
                WHERE l.locktype = 'advisory' AND l.classid = $1::oid AND l.objid = $2::oid AND l.objsubid = 1 AND l.granted
                  AND l.pid = $3::int4 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
              AND EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $3::int4 AND (extract(epoch FROM backend_start) * 1000000)::int8 = $4::int8)
            """, [key.lockClassID, key.lockObjectID, liveness.backendPID, liveness.backendStart]).scalar(Bool.self)
        guard held else { throw liveness.lostLiveness("the server no longer holds its liveness lock") }
    }

    func insertIntent(_ intent: Intent) throws {
        try connection.execute("INSERT INTO intent (id, owner, kind, record_id, state, created_at) VALUES ($1, $2, $3, $4, $5, $6::float8)",
                               [intent.id, intent.owner, intent.kind.rawValue, intent.recordID?.string, intent.state.rawValue, intent.createdAt])
    }

    /// New objects first take their folders' locks (in key order), so a transaction that found the
    /// folder unreferenced and is removing it finishes first, or waits for this one and then sees it.
    func addIntentFiles(_ files: [IntentFile], to intent: String) throws {
        guard !files.isEmpty else { return }
        let folders = Set(files.filter { $0.role == .new }.map { $0.key.parentComponents.joined(separator: "/") }).sorted()
        if !folders.isEmpty {
            _ = try connection.query("SELECT pg_advisory_xact_lock(k) FROM unnest($1::int8[]) WITH ORDINALITY AS f(k, n) ORDER BY n",
                                     [folders.map { context.keys.folder($0).value }])
        }
        try connection.execute("""
            INSERT INTO intent_file (intent_id, path, role, thumbnail_format)
            SELECT $1, v.path, v.role, v.format FROM unnest($2::text[], $3::text[], $4::text[]) AS v(path, role, format)
            ON CONFLICT DO NOTHING
            """, [intent, files.map(\.key.string), files.map(\.role.rawValue), files.map(\.thumbnailFormat.rawValue)])
    }

    /// A conditional update: if a recoverer's claim of the row is in progress, this waits for it and
    /// then reads the claimed row (`READ COMMITTED` re-checks the condition on the newest version),
    /// so whichever commits first wins and the other sees it.
    func markCommitted(_ intent: String, owner: String) throws -> Bool {
        try connection.execute("UPDATE intent SET state = 'committed' WHERE id = $1 AND owner = $2 AND state = 'pending'", [intent, owner]) == 1
    }

    func claimIntent(_ intent: String, from owner: String, to newOwner: String) throws -> Bool {
        try connection.execute("UPDATE intent SET owner = $1 WHERE id = $2 AND owner = $3", [newOwner, intent, owner]) == 1
    }

    func deleteIntent(_ intent: String) throws {
        try connection.execute("DELETE FROM intent WHERE id = $1", [intent])
    }
}
