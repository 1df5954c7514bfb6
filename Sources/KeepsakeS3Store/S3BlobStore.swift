import Foundation
public import KeepsakeS3
public import KeepsakeStore
import Synchronization
import KeepsakeSupport

/// A blob store in one bucket of an S3-compatible object store (AWS S3, Ceph RGW, MinIO), over
/// ``KeepsakeS3/S3Client``: every server of a distributed Keepsake reads and writes the same objects.
///
/// ## Key layout
/// Every object lives under ``prefix`` (empty, or `name/…/` so several stores and every test can
/// share one bucket), with the engine's keys below it:
///
/// | key | what |
/// | --- | --- |
/// | `<prefix>attachments/<book>/<record>/image_<n>-<hash>.<ext>` | originals, written once, never overwritten |
/// | `<prefix>thumbnails/<book>/<record>/image_<n>-<hash>-<size>.<ext>` | thumbnails (re-creatable; replaced by a plain PUT) |
/// | `<prefix>lost+found/<stamp>/<key>` | what fsck's repair moved aside |
/// | `<prefix>keepsake-probe/<uuid>…` | the start-up probe's objects, deleted at once |
///
/// ## How the promises hold
/// - **No overwrite**: ``putNew(_:intent:instance:)`` is a `PUT` with `If-None-Match: *`; the server
///   answers 412 for a key that exists (``KeepsakeError/Code/conflict``). The start-up probe refuses a
///   server that ignores the condition. A retried PUT whose earlier attempt stored the object and
///   lost the answer recognises its own bytes (the SHA-256 kept in the object's metadata) and succeeds.
/// - **Checked bytes**: the SHA-256 is checked here, then sent as `x-amz-content-sha256`, so the
///   server stores nothing when the bytes that arrive differ (``KeepsakeError/Code/corruptImage``).
/// - **Durability point**: the server answers a PUT or DELETE only once it is durable in its own
///   storage (for Ceph, on the OSDs' journals).
/// - **No staging**: bytes go straight to their final key, which the engine journals before the PUT
///   and never reuses. An interrupted PUT leaves either nothing or the whole object (S3 writes are
///   atomic per object) under a journalled key, which rolling the intent back deletes; so there is
///   nothing to stage, and ``discardStaging(of:)`` and ``releaseStaging(of:)`` have nothing to do.
/// - **Listing order**: `ListObjectsV2` lists keys in the byte order of their UTF-8, the order the
///   metadata store uses; pages continue with `StartAfter`.
/// - **Nothing outside**: every key is a checked ``KeepsakeStore/RelativePath`` under ``prefix``; a
///   key cannot name another prefix or bucket.
public final class S3BlobStore: BlobStore {
    /// The client of the bucket.
    public let client: S3Client
    /// The key prefix of this store in the bucket: empty, or checked components each followed by `/`.
    public let prefix: String
    /// How images are handed to clients.
    public let delivery: S3ImageDelivery
    /// Whether this instance has run the conditional-write probe.
    private let probed = Mutex(false)

    /// A store under `prefix` (`family/photos` or empty) of `client`'s bucket. Checks at once that the
    /// bucket is there and usable and that the server refuses overwrites and wrong bytes
    /// (``checkUsable()``); throws a ``KeepsakeError`` saying what to correct otherwise.
    public init(client: S3Client, prefix: String = "", delivery: S3ImageDelivery = .stream) throws {
        self.client = client
        self.prefix = try Self.normalized(prefix: prefix)
        if case .redirect(let expires) = delivery, !(1...604_800).contains(expires.components.seconds) {
            throw KeepsakeError(.invalidArgument, "A presigned redirect must last 1 second to 7 days, not \(expires).")
        }
        self.delivery = delivery
        try checkUsable()
    }

    /// `family/photos/` for `family/photos`, `/family/photos/` or `family/photos/`; empty for none.
    /// Each component must be a safe path component (letters, digits, `.`, `_`, `-`; never `..`).
    public static func normalized(prefix: String) throws -> String {
        let trimmed = prefix.drop { $0 == "/" }
        let body = trimmed.hasSuffix("/") ? trimmed.dropLast() : trimmed
        guard !body.isEmpty else { return "" }
        for component in body.split(separator: "/", omittingEmptySubsequences: false) {
            do {
                try RelativePath.checkComponent(String(component))
            } catch {
                throw KeepsakeError(.invalidArgument, "The bucket prefix \(KeepsakeError.printable(prefix)) has the part \(KeepsakeError.printable(String(component))), which is not allowed: use letters, digits, '.', '_' and '-' between single slashes, never '..'.")
            }
        }
        guard body.utf8.count <= 512 else {
            throw KeepsakeError(.invalidArgument, "The bucket prefix \(KeepsakeError.printable(prefix)) is longer than 512 bytes; S3 keys hold 1024 bytes in all.")
        }
        return body + "/"
    }

    /// The bucket key of a store key.
    func objectKey(_ key: RelativePath) -> String { prefix + key.string }

    /// The bucket key of a key as found in a listing (not necessarily a valid ``RelativePath``), for
    /// moving or removing an odd entry. A key with an empty, `.` or `..` part is refused: the object
    /// store takes it literally, but an HTTP proxy on the way may resolve it to another object.
    func objectKey(raw key: String) throws -> String {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        let inner = key.hasSuffix("/") ? parts.dropLast() : parts[...]  // a trailing `/` (a folder marker) is kept
        guard !key.isEmpty, !inner.isEmpty, inner.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw KeepsakeError(.unsafePath, "Refused to move or remove the object \(KeepsakeError.printable(key)) in \(location): it has an empty, '.' or '..' part, which a proxy on the way could resolve to another object. Remove it with the object store's own tools, then check the store again.", path: key)
        }
        return prefix + key
    }

    /// `s3://bucket/prefix`, for messages (never credentials).
    public var location: String { "s3://\(client.bucket)/\(prefix)" }

    // MARK: - Writing

    public func putNew(_ objects: [BlobObject], intent: String, instance: String) throws {
        for object in objects {
            try Self.checkDigest(object)
            do {
                try client.putObject(key: objectKey(object.key), data: object.bytes, contentType: Self.mediaType(of: object.key),
                                     sha256: object.sha256)
            } catch let error as S3Error {
                throw failure(error, "store", key: object.key.string)
            }
        }
    }

    public func putReplacing(_ object: BlobObject, instance: String) throws {
        try Self.checkDigest(object)
        do {
            try client.putObject(key: objectKey(object.key), data: object.bytes, contentType: Self.mediaType(of: object.key),
                                 sha256: object.sha256, overwrite: true)
        } catch let error as S3Error {
            throw failure(error, "store", key: object.key.string)
        }
    }

    static func checkDigest(_ object: BlobObject) throws {
        guard SHA256.hex(object.bytes) == object.sha256.lowercased() else {
            throw KeepsakeError(.corruptImage, "The bytes for \(object.key) do not match their SHA-256; nothing was stored under that name.", path: object.key.string)
        }
    }

    /// The media type of a key by its extension, so presigned redirects are served with it.
    static func mediaType(of key: RelativePath) -> String {
        let name = key.lastComponent
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return StoredImageFormat(fileExtension: String(name[name.index(after: dot)...]))?.mediaType ?? "application/octet-stream"
    }

    // MARK: - Status

    /// Checks that the bucket exists and these credentials may use it (a `HEAD` of the bucket, each
    /// call), and, once per instance, that the server refuses a PUT over an existing object and one
    /// whose bytes do not match their SHA-256 (a probe of a few requests under
    /// `<prefix>keepsake-probe/`, whose objects it deletes).
    public func checkUsable() throws {
        do {
            try client.checkBucket()
        } catch let error as S3Error {
            throw failure(error, "open the bucket of", key: nil)
        }
        try probed.withLock { done in
            guard !done else { return }
            do {
                try client.probeConditionalWrites(prefix: prefix + "keepsake-probe/")
            } catch let error as S3Error {
                throw failure(error, "check conditional writes in", key: nil)
            }
            done = true
        }
    }

    public func status() throws -> BackendStatus {
        let configuration = client.configuration
        return BackendStatus(kind: "s3", location: location, figures: [
            .init("endpoint", configuration.endpoint.absoluteString),
            .init("region", configuration.region),
            .init("bucket", configuration.bucket),
            .init("prefix", prefix.isEmpty ? "(none)" : prefix),
            .init("addressing", configuration.addressing == .path ? "path-style" : "virtual-host"),
            .init("images", delivery.description),
        ])
    }
}
