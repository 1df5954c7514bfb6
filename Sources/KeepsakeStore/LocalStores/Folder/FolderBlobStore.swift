internal import CSystemCalls
public import Foundation
import KeepsakeSupport

/// The default blob store: originals as files under `<data>/attachments/`, thumbnails under
/// `<cache>/thumbnails/`, with the key as the store-relative path (today's readable layout,
/// `attachments/<book>/<record>/image_<n>-<hash>.<ext>`).
///
/// Its rules: new bytes are written to `staging/<instance>/`, fsynced and hard-linked into place (a
/// link never replaces an existing file), then the folder is fsynced; removals fsync their folders
/// too. Every path is walked with `lstat` from the store folder down and a symbolic link anywhere is
/// refused, never followed, so no key leads outside the store (a file to read is opened in one
/// `openat2` call that refuses links the same way, where Linux has it). A reserve file of
/// ``reserveBytes`` in the data folder is given back when a removal cannot commit on a full disk.
/// Every change goes through the ``FileSystem`` seam (a ``FaultInjectingFileSystem`` in tests).
public struct FolderBlobStore: BlobStore {
    /// The folders.
    public let location: StoreLocation
    /// The seam every change goes through.
    public let fileSystem: any FileSystem
    /// Bytes kept in reserve (`<data>/reserve`); 0 keeps none.
    public let reserveBytes: Int
    /// The folders a listing stopped in, for the page that continues it (shared by the copies of this store).
    let listingCache = FolderListingCache()
    /// The store folders kept open for reads (shared by the copies of this store).
    let folderDescriptors = StoreFolderDescriptors()
    /// The data folder's path (made once: every read of a file names its folder).
    let dataRoot: String
    /// The cache folder's path.
    let cacheRoot: String

    /// Opens the folders of `location`, creating the missing ones.
    public init(location: StoreLocation, fileSystem: any FileSystem = PosixFileSystem(), reserveBytes: Int = 1 << 20) throws {
        self.location = location
        self.fileSystem = fileSystem
        self.reserveBytes = reserveBytes
        dataRoot = location.dataDirectory.path
        cacheRoot = location.cacheDirectory.path
        try LocalFolders.makeTopDirectory(dataRoot, fileSystem: fileSystem)
        try LocalFolders.makeTopDirectory(cacheRoot, fileSystem: fileSystem)
        for sub in ["attachments", "staging"] {
            try LocalFolders.makeTopDirectory(dataRoot + "/" + sub, fileSystem: fileSystem)
        }
        try LocalFolders.makeTopDirectory(location.thumbnailsDirectory.path, fileSystem: fileSystem)
    }

    /// The folder a key lives under: thumbnails in the cache, everything else in the data folder.
    func root(of key: String) -> String {
        key == "thumbnails" || key.hasPrefix("thumbnails/") ? cacheRoot : dataRoot
    }

    // MARK: - Writing

    public func putNew(_ objects: [BlobObject], intent: String, instance: String) throws {
        guard !objects.isEmpty else { return }
        var folders: [String] = []
        for (offset, object) in objects.enumerated() {
            try Self.checkDigest(object)
            let root = root(of: object.key.string)
            let staging = try makeDirectories(["staging", instance], under: root)
            let folder = try makeDirectories(object.key.parentComponents, under: root)
            if !folders.contains(folder) { folders.append(folder) }
            let temporary = "\(staging)/\(intent)-\(offset).tmp"
            try fileSystem.writeNewFile(temporary, data: object.bytes)
            do {
                try fileSystem.link(temporary, to: root + "/" + object.key.string)
            } catch {
                try? fileSystem.removeFile(temporary)  // staging is ours; the link error is what counts
                throw error
            }
            do {
                try fileSystem.removeFile(temporary)
            } catch {
                try? fileSystem.removeFile(temporary)  // a second try, as a rollback would; the first error is what counts
                throw error
            }
        }
        // The links are durable once their folders are.
        for folder in folders { try fileSystem.syncDirectory(folder) }
    }

    public func putReplacing(_ object: BlobObject, instance: String) throws {
        try Self.checkDigest(object)
        let root = root(of: object.key.string)
        // Renamed into place from the same file system (the cache may be another disk than the data).
        let staging = try makeDirectories(["staging", instance], under: root)
        let temporary = "\(staging)/replace-\(UUID().uuidString.lowercased()).tmp"
        try fileSystem.writeNewFile(temporary, data: object.bytes)
        do {
            try makeDirectories(object.key.parentComponents, under: root)
            try fileSystem.rename(temporary, to: root + "/" + object.key.string)
        } catch {
            try? fileSystem.removeFile(temporary)  // staging is ours; the error thrown is what counts
            throw error
        }
    }

    static func checkDigest(_ object: BlobObject) throws {
        guard SHA256.hex(object.bytes) == object.sha256 else {
            throw KeepsakeError(.corruptImage, "The bytes for \(object.key) do not match their SHA-256; nothing was stored under that name.", path: object.key.string)
        }
    }

    // MARK: - Reading

    public func read(_ key: RelativePath) throws -> Data {
        try FileInspector.read(try checkedExistingPath(key))
    }

    public func read(_ key: RelativePath, range: Range<Int64>?, chunk: (UnsafeRawBufferPointer) throws -> Void) throws {
        let file = try open(key)
        let descriptor = file.takeDescriptor()
        defer { Foundation.close(descriptor) }
        var offset = range?.lowerBound ?? 0
        let end = min(range?.upperBound ?? file.size, file.size)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while offset < end {
            let wanted = Int(min(Int64(buffer.count), end - offset))
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, wanted, off_t(offset)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw KeepsakeError.posix(errno, operation: "read", path: key.string)
            }
            if n == 0 { break }
            try buffer.withUnsafeBytes { try chunk(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            offset += Int64(n)
        }
    }

    public func body(of key: RelativePath) throws -> BlobBody {
        .file(try open(key))
    }

    /// Opens the file of `key` for reading without following a link anywhere below its store
    /// folder: in one `openat2(2)` call where the system has it (``openBeneath(_:)``), else, and
    /// for the exact error when that call refuses, after walking its path with `lstat`.
    func open(_ key: RelativePath) throws -> BlobFile {
        var descriptor = try openBeneath(key)
        if descriptor < 0 {
            let path = try checkedExistingPath(key)
            descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { throw KeepsakeError.posix(errno, operation: "open", path: key.string) }
        }
        var info = Foundation.stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            Foundation.close(descriptor)
            throw KeepsakeError(.symlinkRefused, "Refused to serve \(key): it is not a regular file.", path: key.string, remedy: .repairStore)
        }
        #if canImport(Darwin)
        let modified = Date(timeIntervalSince1970: Double(info.st_mtimespec.tv_sec))
        #else
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
        #endif
        return BlobFile(descriptor: descriptor, size: Int64(info.st_size), modified: modified)
    }

    /// The file of `key` opened for reading below its store folder, which must be a real folder
    /// (``checkStoreFolder(_:)``; kept open while its path names it, ``StoreFolderDescriptors``),
    /// by `openat2` with every link on the way refused; -1 when that call is missing or refuses
    /// (a link, a missing file: the walk then names which).
    private func openBeneath(_ key: RelativePath) throws -> Int32 {
        let root = root(of: key.string)
        let identity = try checkStoreFolder(root)
        guard let folder = folderDescriptors.folder(at: root, identity: identity) else { return -1 }
        return withExtendedLifetime(folder) {
            csys_open_beneath(folder.descriptor, key.string, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        }
    }

    public func stat(_ key: RelativePath) throws -> BlobInfo? {
        switch storeKind(key) {
        case .file(let size, _): return BlobInfo(size: size)
        case .missing: return nil
        default:
            throw KeepsakeError(.symlinkRefused, "Refused to use \(key): it is not a regular file.", path: key.string, remedy: .repairStore)
        }
    }

    // MARK: - Removing

    public func delete(_ keys: [RelativePath]) throws {
        var folders: [[String]] = []
        for key in keys {
            // Never through a link planted on the way: what is behind it is not the store's.
            let root = root(of: key.string)
            guard isRealFolder(key.parentComponents, under: root) else { continue }
            try fileSystem.removeFile(root + "/" + key.string)
            if root == dataRoot, !folders.contains(key.parentComponents) { folders.append(key.parentComponents) }
        }
        for folder in folders where isRealFolder(folder, under: dataRoot) {
            try fileSystem.syncDirectory(dataRoot + "/" + folder.joined(separator: "/"))
        }
    }

    public func pruneFolder(_ key: RelativePath) throws {
        let root = root(of: key.string)
        let absolute = root + "/" + key.string
        guard isRealFolder(key.components, under: root) else { return }
        do {
            try fileSystem.removeDirectory(absolute)
            try fileSystem.syncDirectory((absolute as NSString).deletingLastPathComponent)
        } catch let error as KeepsakeError where error.underlyingCode == ENOTEMPTY || error.underlyingCode == EEXIST {
            return  // something else lives there (another operation's files): keep the folder
        }
    }

    public func moveToLostAndFound(_ key: String, stamp: String) throws -> String {
        let path = try RelativePath(key)
        guard isRealFolder(path.parentComponents, under: dataRoot) else {
            throw KeepsakeError(.symlinkRefused, "Refused to move \(key) to lost+found: a folder on its way is a symbolic link. Remove the link, then repair the store again.", path: key)
        }
        let targetComponents = ["lost+found", stamp] + path.parentComponents
        // "lost+found" is our own fixed name; the rest are checked components.
        var current = dataRoot
        for component in targetComponents {
            current += "/" + component
            switch FileInspector.kind(of: current) {
            case .directory: continue
            case .missing: try fileSystem.makeDirectory(current)
            case .symlink: throw KeepsakeError(.symlinkRefused, "Refused to keep a found file in \(current): it is a symbolic link. Remove the link, then repair the store again.", path: current)
            default: throw KeepsakeError(.io, "Cannot create \(current) to keep a found file: something else is there.", path: current)
            }
        }
        try fileSystem.rename(dataRoot + "/" + key, to: current + "/" + path.lastComponent)
        try fileSystem.syncDirectory(current)
        return (targetComponents + [path.lastComponent]).joined(separator: "/")
    }

    public func removeStray(_ key: String) throws {
        let path = try RelativePath(key)
        let root = root(of: key)
        guard isRealFolder(path.parentComponents, under: root) else { return }
        try fileSystem.removeFile(root + "/" + key)
    }

    // MARK: - Staging and the reserve

    public func discardStaging(of instance: String) throws {
        try RelativePath.checkComponent(instance)
        for root in [dataRoot, cacheRoot] where isRealFolder(["staging", instance], under: root) {
            let staging = root + "/staging/" + instance  // never listed through a planted link
            for name in try FileInspector.contents(of: staging) {
                try fileSystem.removeFile(staging + "/" + name)
            }
            try fileSystem.removeDirectory(staging)
        }
    }

    public func releaseStaging(of instance: String) {
        // Best effort: whatever stays (a disk that refuses even this) holds no committed data and is
        // only staging litter of an instance that no longer exists.
        try? discardStaging(of: instance)
    }

    var reservePath: String { dataRoot + "/reserve" }

    public func releaseReserve() -> Bool {
        guard case .file = FileInspector.kind(of: reservePath) else { return false }
        return (try? fileSystem.removeFile(reservePath)) != nil
    }

    public func ensureReserve(instance: String) {
        guard reserveBytes > 0, FileInspector.kind(of: reservePath) == .missing,
              let staging = try? makeDirectories(["staging", instance], under: dataRoot) else { return }
        let temporary = staging + "/reserve-\(UUID().uuidString.lowercased()).tmp"
        do {
            try fileSystem.writeNewFile(temporary, data: Data(count: reserveBytes))
            try fileSystem.rename(temporary, to: reservePath)
        } catch {
            try? fileSystem.removeFile(temporary)  // no room yet: try again after the next removal
        }
    }

    // MARK: - Status

    public func checkUsable() throws {
        try checkStoreFolder(dataRoot)
        try checkStoreFolder(cacheRoot)
    }

    public func status() throws -> BackendStatus {
        var figures: [BackendStatus.Figure] = [.init("originals", location.attachmentsDirectory.path), .init("thumbnails", location.thumbnailsDirectory.path)]
        var info = statvfs()
        if statvfs(dataRoot, &info) == 0 {
            figures.append(.init("free bytes", String(UInt64(info.f_bavail) * UInt64(info.f_frsize))))
        }
        return BackendStatus(kind: "folder", location: dataRoot, figures: figures)
    }
}
