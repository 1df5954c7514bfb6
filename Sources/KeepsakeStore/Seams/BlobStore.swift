public import Foundation
import Synchronization

/// Where image bytes live: originals under `attachments/…` and thumbnails under `thumbnails/…`,
/// each object named by a checked store-relative key. ``FolderBlobStore`` is the default (a folder
/// for originals and a cache folder for thumbnails).
///
/// ## What the promises need from an implementation
/// - **No overwrite.** ``putNew(_:intent:instance:)`` refuses a key that exists
///   (``KeepsakeError/Code/conflict``), so a late write can never replace a committed image; keys
///   are never reused by the engine.
/// - **Checked bytes.** Each object's SHA-256 is checked by the store (or while writing) and a
///   mismatch stores nothing under the key.
/// - **Durability point.** When ``putNew(_:intent:instance:)`` returns, the objects survive a crash
///   or power loss; when ``delete(_:)`` returns, the removals do.
/// - **Absent is fine.** Deleting a missing key succeeds; reading one is ``KeepsakeError/Code/notFound``.
/// - **Listing order.** ``list(prefix:after:limit:)`` returns keys in byte order, the order
///   ``MetadataReader/attachments(after:limit:)`` uses, page by page.
/// - **Nothing outside.** No key leads outside the store (a folder store refuses symbolic links).
public protocol BlobStore: Sendable {
    /// Stores new objects (originals), each under a key that must not exist, and returns once they
    /// are durable. On failure some of them may be stored: the engine's journal names them all, and
    /// it removes them. `intent` and `instance` name the operation and the store instance (a folder
    /// store stages bytes under them).
    func putNew(_ objects: [BlobObject], intent: String, instance: String) throws

    /// Stores a re-creatable object (a thumbnail), replacing one under the same key.
    func putReplacing(_ object: BlobObject, instance: String) throws

    /// The whole object.
    func read(_ key: RelativePath) throws -> Data

    /// The object (or the byte range `range` of it) in chunks, for hashing or streaming.
    func read(_ key: RelativePath, range: Range<Int64>?, chunk: (UnsafeRawBufferPointer) throws -> Void) throws

    /// How to send the object to a client: an open file (for `sendfile`), bytes, or a URL to
    /// redirect to.
    func body(of key: RelativePath) throws -> BlobBody

    /// Size of the object, or `nil` if there is none.
    func stat(_ key: RelativePath) throws -> BlobInfo?

    /// Removes objects (a missing one is fine) and returns once the removals are durable.
    func delete(_ keys: [RelativePath]) throws

    /// Entries under `prefix` in byte order of their keys, after the key `after` (exclusive).
    func list(prefix: String, after: String?, limit: Int) throws -> BlobListing

    /// Removes the (empty) folder `key` of a store that has folders; others do nothing. Call it only
    /// while nothing is or can be journalled under it (under the metadata store's write transaction).
    func pruneFolder(_ key: RelativePath) throws

    /// Moves an entry nobody refers to out of the way, into `lost+found/<stamp>/…`, and returns
    /// where it went; never deletes it (fsck's repair of orphans and odd entries).
    func moveToLostAndFound(_ key: String, stamp: String) throws -> String

    /// Removes an odd entry from the re-creatable (thumbnail) area.
    func removeStray(_ key: String) throws

    /// Removes what a dead instance left in staging.
    func discardStaging(of instance: String) throws

    /// Removes this instance's (empty) staging area when it closes.
    func releaseStaging(of instance: String)

    /// Gives back the emergency space kept for a full disk, so a removal can commit; returns
    /// whether there was any. Stores without a disk of their own return `false`.
    func releaseReserve() -> Bool

    /// Keeps emergency space again if it was given back and there is room; never fails.
    func ensureReserve(instance: String)

    /// Refuses to go on if the store's own folders or bucket are not what they should be (a folder
    /// replaced by a symbolic link after opening, say).
    func checkUsable() throws

    /// What this blob store is and how big, for status.
    func status() throws -> BackendStatus
}

/// Bytes to store under a key, with their SHA-256.
public struct BlobObject: Sendable {
    /// The key.
    public var key: RelativePath
    /// The bytes.
    public var bytes: Data
    /// Their SHA-256, lowercase hex.
    public var sha256: String

    /// Creates an object to store.
    public init(key: RelativePath, bytes: Data, sha256: String) {
        self.key = key
        self.bytes = bytes
        self.sha256 = sha256
    }
}

/// What ``BlobStore/stat(_:)`` knows of an object.
public struct BlobInfo: Sendable, Hashable {
    /// Its size in bytes.
    public var size: Int64

    /// Creates an answer.
    public init(size: Int64) { self.size = size }
}

/// One entry of a blob listing.
public struct BlobEntry: Sendable, Hashable {
    /// What is there.
    public enum Kind: Sendable, Hashable {
        /// A stored object of this size.
        case object(size: Int64)
        /// An empty folder (folder stores only).
        case emptyFolder
        /// Something the store never makes: a symbolic link, a device, a socket.
        case unexpected
    }

    /// The full key, as found (not necessarily a valid ``RelativePath``).
    public var key: String
    /// What it is.
    public var kind: Kind

    /// Creates an entry.
    public init(key: String, kind: Kind) {
        self.key = key
        self.kind = kind
    }
}

/// One page of a listing.
public struct BlobListing: Sendable {
    /// Entries in byte order of their keys.
    public var entries: [BlobEntry]
    /// Pass as `after` for the next page; `nil` when this is the last.
    public var nextAfter: String?

    /// Creates a page.
    public init(entries: [BlobEntry], nextAfter: String?) {
        self.entries = entries
        self.nextAfter = nextAfter
    }
}

/// How a stored object reaches a client.
public enum BlobBody: Sendable {
    /// An open, checked file: send it with `sendfile`.
    case file(OpenFile)
    /// The bytes themselves.
    case bytes(Data)
    /// A (presigned, short-lived) URL the client may fetch the object from.
    case redirect(URL)
}

/// A file opened for reading (never through a symbolic link), closed when this value goes away
/// unless its descriptor is handed on with ``takeDescriptor()``.
public final class OpenFile: Sendable {
    private let state: Mutex<Int32>
    /// Size in bytes when it was opened.
    public let size: Int64
    /// Last change of the file, when it was opened.
    public let modified: Date

    /// Wraps an open descriptor, which this value now owns.
    public init(descriptor: Int32, size: Int64, modified: Date) {
        state = Mutex(descriptor)
        self.size = size
        self.modified = modified
    }

    /// Hands the descriptor on (the receiver closes it); later calls return -1.
    public func takeDescriptor() -> Int32 {
        state.withLock { descriptor in
            defer { descriptor = -1 }
            return descriptor
        }
    }

    /// Reads the whole file from its start.
    public func readAll() throws -> Data {
        try state.withLock { descriptor in
            guard descriptor >= 0 else { throw KeepsakeError(.invalidArgument, "This open file was handed on already.") }
            var data = Data(count: Int(size))
            var done = 0
            try data.withUnsafeMutableBytes { buffer in
                while done < Int(size) {
                    let n = pread(descriptor, buffer.baseAddress! + done, Int(size) - done, off_t(done))
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw KeepsakeError.posix(errno, operation: "read", path: "an open image")
                    }
                    if n == 0 { break }
                    done += n
                }
            }
            if done < Int(size) { data.removeSubrange(done..<Int(size)) }
            return data
        }
    }

    deinit {
        let descriptor = state.withLock { $0 }
        if descriptor >= 0 { close(descriptor) }
    }
}
