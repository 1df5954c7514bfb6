internal import CSQLite
import Foundation

/// One SQLite connection: a thin wrapper with prepared statements, bound parameters only and typed errors.
///
/// Not thread-safe by itself; ``SerializedDatabase`` gives each connection to one caller at a time.
final class Database {
    private(set) var handle: OpaquePointer?
    private var statementCache: [String: Statement] = [:]
    /// The file this connection opened.
    let path: String

    /// Done once, before the first connection opens (SQLite initialises then): no memory
    /// statistics, so connections used by different threads do not wait on one process-wide
    /// mutex at every allocation. Nothing reads those statistics; if SQLite was initialised
    /// already (by another library in the process) this changes nothing.
    private static let processSetUp: Void = { _ = keepsake_sqlite_disable_memory_statistics() }()

    /// Opens (creating if needed) the database at `path` in WAL mode with foreign keys on.
    init(path: String, busyTimeoutMilliseconds: Int32 = 10_000, readOnly: Bool = false) throws {
        Self.processSetUp
        self.path = path
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message, sql: nil)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
        if !readOnly {
            let mode = try switchToWAL(busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            if mode?.lowercased() != "wal" {
                throw SQLiteError(code: SQLITE_ERROR, message: "could not switch to WAL mode (got \(mode ?? "nil"))", sql: nil)
            }
        }
        // FULL: a commit is durable once it returns (power loss after fsync keeps it).
        try execute("PRAGMA synchronous = FULL")
    }

    /// Sets WAL mode, waiting out other processes that are setting it at the same moment.
    ///
    /// When several processes open a new database together, `PRAGMA journal_mode = WAL` answers
    /// SQLITE_BUSY at once instead of calling the busy handler (the statement already holds the read
    /// lock it would have to give up), so the busy timeout has to be kept here: retried every few
    /// milliseconds until it passes. Once one process has switched, the mode is in the file and the
    /// others' pragma only reads it.
    private func switchToWAL(busyTimeoutMilliseconds: Int32) throws -> String? {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(busyTimeoutMilliseconds, 0)) * 1_000_000
        while true {
            do {
                return try scalarText("PRAGMA journal_mode = WAL")
            } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY && DispatchTime.now().uptimeNanoseconds < deadline {
                usleep(5_000)
            }
        }
    }

    deinit {
        statementCache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
    }

    /// Runs one or more statements that take no parameters and return no rows.
    func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// Returns a prepared statement for `sql`, reset and with bindings cleared; statements are cached.
    func prepare(_ sql: String) throws -> Statement {
        if let cached = statementCache[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else {
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
        let statement = Statement(raw: raw, database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs `sql` with `bindings`, stepping to completion, and returns the number of rows changed.
    @discardableResult
    func run(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query and maps each row.
    func query<T>(_ sql: String, _ bindings: [SQLValue] = [], _ map: (Statement) throws -> T) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        var rows: [T] = []
        while try statement.step() {
            rows.append(try map(statement))
        }
        statement.reset()
        return rows
    }

    /// Runs a query and maps its first row, if any.
    func queryOne<T>(_ sql: String, _ bindings: [SQLValue] = [], _ map: (Statement) throws -> T) throws -> T? {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        defer { statement.reset() }
        return try statement.step() ? try map(statement) : nil
    }

    /// The first column of the first row as text.
    func scalarText(_ sql: String, _ bindings: [SQLValue] = []) throws -> String? {
        try queryOne(sql, bindings) { $0.text(0) } ?? nil
    }

    /// The first column of the first row as an integer (0 if no row).
    func scalarInt(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int64 {
        try queryOne(sql, bindings) { $0.int64(0) } ?? 0
    }

    /// Runs `body` in a transaction. `BEGIN IMMEDIATE` takes the write lock up front so that a busy
    /// store is waited for (busy timeout) at the start instead of failing midway.
    /// The three statements are prepared once and kept, like every other.
    func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try run(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 {
                _ = try? run("ROLLBACK")  // the original error is the one to report
            }
            throw error
        }
    }

    /// Prepared statements kept for reuse (one per distinct SQL text).
    var cachedStatementCount: Int { statementCache.count }

    /// The rowid of the last insert.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}
