internal import CSQLite
public import Foundation
import Synchronization

/// A Keepsake store: records with ordered image attachments, metadata in SQLite, images as files.
///
/// Every create, update and delete is one atomic unit (see the README's "promises"): new bytes are
/// written to staging, fsynced and linked into place under a new name; the database commit is the
/// single point where the operation takes effect; files the commit stops referring to are removed only
/// after it. An intent journal in the database lets ``init(location:options:imageProcessor:fileSystem:clock:)``
/// finish or roll back operations interrupted by a crash, without walking the tree and without
/// touching the in-flight files of another live process.
///
/// A `Store` is thread-safe; several instances (in one process or several) may share one folder.
public final class Store: Sendable {
    /// Where the files live.
    public let location: StoreLocation
    /// Settings.
    public let options: StoreOptions
    /// The image processor used on ingest and to remake thumbnails.
    public let imageProcessor: any ImageProcessing

    let database: SerializedDatabase
    let fileSystem: any FileSystem
    let clock: @Sendable () -> Date
    let lock: ProcessLock
    /// Intents of this instance currently being executed (so leftover clean-up skips them).
    let inFlight = Mutex<Set<String>>([])

    /// Opens (creating if needed) the store at `location` and recovers interrupted operations of
    /// processes that are no longer running.
    ///
    /// - Parameters:
    ///   - imageProcessor: decodes and encodes images (``KeepsakeImaging/VipsImageProcessor`` in production).
    ///   - fileSystem: the seam every file change goes through; tests pass a ``FaultInjectingFileSystem``.
    ///   - clock: the current time; tests inject one to check trash retention without waiting.
    public init(location: StoreLocation, options: StoreOptions = StoreOptions(), imageProcessor: any ImageProcessing,
                fileSystem: any FileSystem = PosixFileSystem(), clock: @escaping @Sendable () -> Date = { Date() }) throws {
        self.location = location
        self.options = options
        self.imageProcessor = imageProcessor
        self.fileSystem = fileSystem
        self.clock = clock

        let data = location.dataDirectory.path
        try Self.makeTopDirectory(data, fileSystem: fileSystem)
        try Self.makeTopDirectory(location.cacheDirectory.path, fileSystem: fileSystem)
        for sub in ["attachments", "staging", "locks"] {
            try Self.makeTopDirectory(data + "/" + sub, fileSystem: fileSystem)
        }
        try Self.makeTopDirectory(location.thumbnailsDirectory.path, fileSystem: fileSystem)

        let connection: Database
        do {
            connection = try Database(path: location.databaseURL.path, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
            try Schema.migrate(connection)
        } catch let error as SQLiteError {
            // On a read-only file system SQLite says only "unable to open database file": say why.
            if [SQLITE_CANTOPEN, SQLITE_READONLY].contains(error.primaryCode), access(data, W_OK) != 0, [EROFS, EACCES, EPERM].contains(errno) {
                throw KeepsakeError.posix(errno, operation: "open the store (its folder must be writable: it holds the journal and the process locks)", path: data)
            }
            throw error.keepsakeError
        }
        database = SerializedDatabase(connection)
        lock = try ProcessLock(directory: location.locksDirectory.path)
        try recoverDeadOwners()
        ensureReserve()
    }

    deinit {
        // Our staging folder holds nothing once operations have returned.
        for (root, staging) in [(location.dataDirectory.path, stagingPath), (location.cacheDirectory.path, cacheStagingPath)]
        where isRealFolder(["staging"], under: root) {  // never through a planted link
            try? fileSystem.removeDirectory(staging)  // absent or non-empty both leave nothing to lose
        }
        lock.release()
    }

    private static func makeTopDirectory(_ path: String, fileSystem: any FileSystem) throws {
        switch FileInspector.kind(of: path) {
        case .directory: return
        case .symlink:
            throw KeepsakeError(.symlinkRefused, "Refused to open the store: \(path) is a symbolic link; point the store at the real folder instead.", path: path)
        case .missing:
            // Create missing parents of the top folder too (a fresh XDG data folder, say).
            let parent = (path as NSString).deletingLastPathComponent
            if parent != path, FileInspector.kind(of: parent) == .missing {
                try makeTopDirectory(parent, fileSystem: fileSystem)
            }
            try fileSystem.makeDirectory(path)
        default:
            throw KeepsakeError(.invalidArgument, "Cannot use \(path) as a store folder: something other than a folder is there.", path: path)
        }
    }

    // MARK: - Paths

    /// The absolute path of a store-relative path under the data folder.
    func dataPath(_ path: RelativePath) -> String { location.dataDirectory.path + "/" + path.string }
    /// The absolute path of a store-relative path under the cache folder.
    func cachePath(_ path: RelativePath) -> String { location.cacheDirectory.path + "/" + path.string }

    /// The file URL of an attachment's original; use it to serve or export the image.
    /// Throws if anything on the way is a symbolic link or the file is missing.
    public func originalURL(of attachment: Attachment) throws -> URL {
        let path = try checkedExistingPath(attachment.path, under: location.dataDirectory.path)
        return URL(fileURLWithPath: path)
    }

    /// Reads an attachment's original bytes (never following symbolic links).
    public func originalData(of attachment: Attachment) throws -> Data {
        try FileInspector.read(try checkedExistingPath(attachment.path, under: location.dataDirectory.path))
    }

    /// Walks `path` under `root` with `lstat`, refusing symbolic links, and returns the absolute path.
    func checkedExistingPath(_ path: RelativePath, under root: String) throws -> String {
        try checkStoreFolder(root)
        var current = root
        for component in path.components {
            current += "/" + component
            switch FileInspector.kind(of: current) {
            case .symlink:
                throw KeepsakeError(.symlinkRefused, "Refused to follow \(path): \(component) is a symbolic link inside the store. Run `keepsake fsck --repair`.", path: path.string)
            case .missing:
                throw KeepsakeError(.notFound, "The stored file \(path) is missing. Run `keepsake fsck` to see what else is affected.", path: path.string)
            default: continue
            }
        }
        return current
    }

    /// Creates the folders of `components` under `root` one by one, refusing symbolic links, and
    /// returns the absolute path of the deepest one.
    @discardableResult
    func makeDirectories(_ components: [String], under root: String) throws -> String {
        try checkStoreFolder(root)
        var current = root
        for component in components {
            try RelativePath.checkComponent(component)
            let parent = current
            current += "/" + component
            switch FileInspector.kind(of: current) {
            case .directory: continue
            case .symlink:
                throw KeepsakeError(.symlinkRefused, "Refused to write into \(current): it is a symbolic link inside the store. Run `keepsake fsck --repair`.", path: current)
            case .missing:
                try fileSystem.makeDirectory(current)
                try fileSystem.syncDirectory(parent)
            default:
                throw KeepsakeError(.io, "Cannot create the folder \(current): a file is in the way. Run `keepsake fsck`.", path: current)
            }
        }
        return current
    }

    /// Throws unless `root` (the data or the cache folder) is a real folder: replaced by a symbolic
    /// link after the store was opened, every path under it would lead outside the store.
    func checkStoreFolder(_ root: String) throws {
        switch FileInspector.kind(of: root) {
        case .directory: return
        case .symlink:
            throw KeepsakeError(.symlinkRefused, "Refused to use \(root): the store folder has been replaced by a symbolic link. Point the store at the real folder.", path: root)
        case .missing:
            throw KeepsakeError(.notFound, "The store folder \(root) has disappeared; open the store again to recreate it.", path: root)
        default:
            throw KeepsakeError(.invalidArgument, "Cannot use \(root) as a store folder: something other than a folder is there.", path: root)
        }
    }

    /// Whether `root` and every folder of `components` under it are real folders (no link, nothing
    /// missing).
    func isRealFolder(_ components: [String], under root: String) -> Bool {
        var current = root
        guard FileInspector.kind(of: current) == .directory else { return false }
        for component in components {
            current += "/" + component
            guard FileInspector.kind(of: current) == .directory else { return false }
        }
        return true
    }

    /// What `path` under `root` is, never looking through a link: `.missing` when a folder on the
    /// way is missing or is not a real folder (a link there leads outside the store).
    func storeKind(_ path: RelativePath, under root: String) -> FileKind {
        guard isRealFolder(path.parentComponents, under: root) else { return .missing }
        return FileInspector.kind(of: root + "/" + path.string)
    }

    /// Removes the store file `path` under `root`; succeeds if it is already gone. A folder on the
    /// way that is a symbolic link (planted there) is never followed: the file behind it is not the
    /// store's, so nothing is removed (fsck reports the link).
    func removeStoreFile(_ path: RelativePath, under root: String) throws {
        guard isRealFolder(path.parentComponents, under: root) else { return }
        try fileSystem.removeFile(root + "/" + path.string)
    }

    /// The store-relative folder of a record's originals.
    func recordFolder(_ collection: CollectionName, _ id: RecordID) -> [String] {
        ["attachments", collection.name, id.string]
    }

    /// The staging folder of this instance.
    var stagingPath: String { location.stagingDirectory.path + "/" + lock.token }
    /// The staging folder of this instance in the cache (thumbnails are renamed from there).
    var cacheStagingPath: String { location.cacheDirectory.path + "/staging/" + lock.token }

    /// Current time as stored (seconds since 1970).
    func now() -> Double { clock().timeIntervalSince1970 }
}
