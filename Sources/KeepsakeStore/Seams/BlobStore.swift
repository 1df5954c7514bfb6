public import Foundation

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
