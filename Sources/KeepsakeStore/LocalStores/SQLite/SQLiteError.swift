internal import CSQLite

/// A failure reported by SQLite, kept as data: the result code, SQLite's message and the SQL text.
///
/// Bound values are never part of it. The engine converts it to a ``KeepsakeError`` at its boundary.
struct SQLiteError: Error, CustomStringConvertible {
    /// The extended result code.
    let code: Int32
    /// SQLite's own message.
    let message: String
    /// The statement that failed, if any.
    let sql: String?

    var description: String {
        if let sql { return "SQLite error \(code): \(message) (in: \(sql))" }
        return "SQLite error \(code): \(message)"
    }

    /// The primary result code (low byte).
    var primaryCode: Int32 { code & 0xFF }

    /// Converts to the engine's public error.
    var keepsakeError: KeepsakeError {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return KeepsakeError(.busy, "The store is busy: another process held its database lock too long.", underlyingCode: code, remedy: .retryLater)
        case SQLITE_FULL:
            return KeepsakeError(.diskFull, "The disk is full: the database could not grow; nothing was changed.", underlyingCode: code, remedy: .freeSpace)
        case SQLITE_READONLY, SQLITE_PERM:
            return readOnlyError
        case SQLITE_CANTOPEN where message.contains("readonly"):
            return readOnlyError
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return KeepsakeError(.incompatibleStore, "The store's database file is damaged or is not a Keepsake database (\(message)).", underlyingCode: code, remedy: .restoreFromBackup)
        case SQLITE_IOERR:
            return KeepsakeError(.io, "The database could not read or write its file (\(message)); check the disk. Nothing was changed.", underlyingCode: code)
        default:
            return KeepsakeError(.database, "The database reported an error: \(message).", underlyingCode: code)
        }
    }

    private var readOnlyError: KeepsakeError {
        KeepsakeError(.readOnly, "The store's database is read-only (\(message)); nothing was changed.", underlyingCode: code, remedy: .checkPermissions)
    }
}
