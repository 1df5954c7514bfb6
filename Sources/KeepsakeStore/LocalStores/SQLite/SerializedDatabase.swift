internal import CSQLite
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
/// connection by one caller at a time: it is out of `idleReaders` (under `readersLock`) while used;
/// `walIndex` is SQLite's own mapping of the WAL index, only read (as SQLite's readers read it).
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
    /// The WAL index of the writer's file as its connection maps it (nil if it has none): valid as
    /// long as `database` is open, which is as long as this value lives.
    private let walIndex: UnsafeRawPointer?

    /// Serialises `database`, which must be in WAL mode and unused by anyone else.
    init(_ database: Database, busyTimeoutMilliseconds: Int32 = 10_000) {
        self.database = database
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        identity = FileIdentity(path: database.path)
        walIndex = database.handle.flatMap { keepsake_sqlite_wal_index($0) }.map { UnsafeRawPointer($0) }
    }

    /// The header of the WAL index of the writer's file, read without a lock or a transaction as
    /// SQLite's readers read it: every commit to the file rewrites it (from any connection or
    /// process: the index is shared memory). `nil` when there is no index or a writer is midway.
    ///
    /// The writer's connection keeps the index mapped (in WAL mode, no other connection can take the
    /// file out of it or remove the index while one is open), and reads always see that file: a
    /// reader connection is used only while its path names the writer's file.
    func commitMarker() -> CommitMarker? {
        guard let walIndex else { return nil }
        var header = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let whole = withUnsafeMutableBytes(of: &header) { bytes in
            keepsake_sqlite_wal_index_header(walIndex, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return whole == 1 ? CommitMarker(words: header) : nil
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
