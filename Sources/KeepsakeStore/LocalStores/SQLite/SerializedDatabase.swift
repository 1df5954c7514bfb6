import Foundation

/// The connections of one store in a process: one read-write connection that writers use one at a
/// time, and up to ``readerLimit`` read-only connections that readers use side by side.
///
/// In WAL mode a read transaction on its own connection is a snapshot of the last commit before it
/// began, so readers neither wait for a writer nor for each other, and never see part of a commit
/// (the same as another process's connection, which the store always had to allow); a read that
/// starts after a write returned sees that write. A reader connection is opened on first need and
/// kept for the next read; when all ``readerLimit`` are busy (or one cannot be opened) the read runs
/// on the writer's connection as it did before, so reads never queue for a reader. A reader opens the
/// file by its path, so it is kept only if that path still names the writer's file (a store folder
/// replaced under a running process is read as it is written: through the writer's connection).
///
/// `@unchecked Sendable` is safe because `database` is only used inside `lock`, and each reader
/// connection by one caller at a time: it is out of `idleReaders` (under `readersLock`) while used.
final class SerializedDatabase: @unchecked Sendable {
    /// How many read-only connections a store keeps at most.
    static let readerLimit = 4

    private let lock = NSLock()
    private let database: Database
    private let readersLock = NSLock()
    private var idleReaders: [Database] = []
    private var openReaders = 0
    private let busyTimeoutMilliseconds: Int32
    /// The device and inode of the writer's file (nil if it could not be found).
    private let identity: FileIdentity?

    init(_ database: Database, busyTimeoutMilliseconds: Int32 = 10_000) {
        self.database = database
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        identity = FileIdentity(path: database.path)
    }

    /// Closes the readers before the writer: the last connection to close checkpoints the WAL and
    /// removes it (with the shared-memory file), which a read-only one cannot do.
    deinit {
        idleReaders.removeAll()
    }

    /// Runs `body` inside one read transaction, so all its statements see the same committed state
    /// (a record and its images from one commit, never the record of one and the images of the
    /// next); SQLite errors become ``KeepsakeError``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard let reader = takeReader() else {
            return try exclusive { db in try db.transaction(immediate: false) { try body(db) } }
        }
        defer { giveBack(reader) }
        do {
            return try reader.transaction(immediate: false) { try body(reader) }
        } catch let error as SQLiteError {
            throw error.keepsakeError
        }
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

    /// An idle reader connection, a new one while fewer than ``readerLimit`` are open, or nil.
    private func takeReader() -> Database? {
        readersLock.lock()
        if let idle = idleReaders.popLast() {
            readersLock.unlock()
            return idle
        }
        guard openReaders < Self.readerLimit else {
            readersLock.unlock()
            return nil
        }
        openReaders += 1
        readersLock.unlock()
        // SQLite opens the main file in sqlite3_open_v2, so a path that names the writer's file
        // afterwards named it when the reader opened it.
        if let identity, let opened = try? Database(path: database.path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, readOnly: true),
           FileIdentity(path: database.path) == identity {
            return opened
        }
        readersLock.lock()
        openReaders -= 1
        readersLock.unlock()
        return nil
    }

    private func giveBack(_ reader: Database) {
        readersLock.lock()
        idleReaders.append(reader)
        readersLock.unlock()
    }

    /// Read-only connections open now (tests).
    var readerCount: Int {
        readersLock.lock()
        defer { readersLock.unlock() }
        return openReaders
    }
}
