internal import CSQLite
public import Foundation
import Synchronization

/// The embedded metadata store: one SQLite database file (`keepsake.sqlite`, WAL mode,
/// `synchronous = FULL`) in the store's data folder, and liveness by `flock` on one small file per
/// open instance in `locks/`.
///
/// `flock` locks belong to the open file, so the kernel releases them when a process dies (even by
/// SIGKILL) and never while it lives, even frozen: an instance whose lock can be taken is dead.
/// Every SQL statement of the engine is in this folder.
public final class SQLiteMetadataStore: MetadataStore {
    public var instanceID: String { lock.token }
    /// The database file.
    public let databasePath: String
    let database: SerializedDatabase
    let lock: ProcessLock
    let locksDirectory: String
    let fileSystem: any FileSystem
    private let closed = Mutex(false)

    /// Opens (creating if needed) the database in `dataDirectory`, which must exist, migrates it,
    /// and takes this instance's lock in `dataDirectory/locks`.
    ///
    /// - Parameters:
    ///   - busyTimeoutMilliseconds: how long to wait for another process's write lock.
    ///   - fileSystem: the seam the lock files are created and removed through.
    public init(dataDirectory: URL, busyTimeoutMilliseconds: Int32 = 10_000, fileSystem: any FileSystem = PosixFileSystem()) throws {
        let data = dataDirectory.standardizedFileURL.path
        self.fileSystem = fileSystem
        locksDirectory = data + "/locks"
        databasePath = data + "/keepsake.sqlite"
        try LocalFolders.makeTopDirectory(locksDirectory, fileSystem: fileSystem)
        let connection: Database
        do {
            connection = try Database(path: databasePath, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try Schema.migrate(connection)
        } catch let error as SQLiteError {
            // On a read-only file system SQLite says only "unable to open database file": say why.
            if [SQLITE_CANTOPEN, SQLITE_READONLY].contains(error.primaryCode), access(data, W_OK) != 0, [EROFS, EACCES, EPERM].contains(errno) {
                throw KeepsakeError.posix(errno, operation: "open the store (its folder must be writable: it holds the journal and the process locks)", path: data)
            }
            throw error.keepsakeError
        }
        database = SerializedDatabase(connection, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        lock = try ProcessLock(directory: locksDirectory)
    }

    deinit { close() }

    public func read<T>(_ body: (any MetadataReader) throws -> T) throws -> T {
        try database.read { db in try body(SQLiteTransaction(db: db)) }
    }

    public func write<T>(_ body: (any MetadataWriter) throws -> T) throws -> T {
        try database.write { db in try body(SQLiteTransaction(db: db)) }
    }

    /// The header of the database's WAL index, which every commit rewrites
    /// (``SerializedDatabase/commitMarker()``).
    public func commitMarker() -> CommitMarker? {
        database.commitMarker()
    }

    public func close() {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        if !wasClosed { lock.release() }
    }

    public func status() throws -> BackendStatus {
        var bytes: Int64 = 0
        for suffix in ["", "-wal"] {
            if case .file(let size, _) = FileInspector.kind(of: databasePath + suffix) { bytes += size }
        }
        return BackendStatus(kind: "sqlite", location: databasePath, figures: [
            .init("database bytes", String(bytes)),
            .init("schema version", String(Schema.currentVersion)),
            .init("SQLite version", String(cString: sqlite3_libversion())),
        ])
    }

    /// Reads the journal and `locks/`: an owner whose lock file can be locked, or whose lock file is
    /// gone, is dead. A lock file still under its temporary name belongs to a process that died while
    /// opening (before it could journal anything); it is removed once nobody holds it.
    public func claimDeadInstances() throws -> [any InstanceClaim] {
        let journalOwners = try database.read { db in
            try db.query("SELECT DISTINCT owner FROM intent WHERE owner != ?", [.text(instanceID)]) { $0.requiredText(0) }
        }
        let lockFiles = try FileInspector.contents(of: locksDirectory)
        for name in lockFiles where name.hasSuffix(".lock" + ProcessLock.temporarySuffix) {
            let path = locksDirectory + "/" + name
            let fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { try fileSystem.removeFile(path) }
            Foundation.close(fd)
        }
        let lockOwners = lockFiles.filter { $0.hasSuffix(".lock") }.map { String($0.dropLast(5)) }
        var claims: [any InstanceClaim] = []
        for owner in Set(journalOwners + lockOwners).sorted() where owner != instanceID {
            guard (try? RelativePath.checkComponent(owner)) != nil else { continue }  // not a name we made
            guard let descriptor = ProcessLock.lockIfDead(directory: locksDirectory, token: owner) else { continue }
            claims.append(FlockClaim(owner: owner, descriptor: descriptor, lockPath: locksDirectory + "/" + owner + ".lock", fileSystem: fileSystem))
        }
        return claims
    }
}

/// A dead instance's lock file, locked by us while we recover it.
final class FlockClaim: InstanceClaim {
    let owner: String
    private let descriptor: Mutex<Int32>
    private let lockPath: String
    private let fileSystem: any FileSystem

    /// `descriptor` is -1 when the lock file was already gone.
    init(owner: String, descriptor: Int32, lockPath: String, fileSystem: any FileSystem) {
        self.owner = owner
        self.descriptor = Mutex(descriptor)
        self.lockPath = lockPath
        self.fileSystem = fileSystem
    }

    /// Unlinks the lock file while we still hold it, so no other recoverer works on this owner.
    func finish() throws {
        try fileSystem.removeFile(lockPath)
        abandon()
    }

    func abandon() {
        descriptor.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }

    deinit { abandon() }
}
