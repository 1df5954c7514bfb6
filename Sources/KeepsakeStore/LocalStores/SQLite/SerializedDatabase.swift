import Foundation

/// One connection shared by the threads of a process, one caller at a time.
///
/// `@unchecked Sendable` is safe because every access to `database` happens inside `lock`.
final class SerializedDatabase: @unchecked Sendable {
    private let lock = NSLock()
    private let database: Database

    init(_ database: Database) {
        self.database = database
    }

    /// Runs `body` with exclusive use of the connection inside one read transaction, so all its
    /// statements see the same committed state (a record and its images from one commit, never the
    /// record of one and the images of the next); SQLite errors become ``KeepsakeError``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try exclusive { db in try db.transaction(immediate: false) { try body(db) } }
    }

    /// Runs `body` inside an immediate write transaction with exclusive use of the connection.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try exclusive { db in try db.transaction { try body(db) } }
    }

    private func exclusive<T>(_ body: (Database) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(database)
        } catch let error as SQLiteError {
            throw error.keepsakeError
        }
    }
}
