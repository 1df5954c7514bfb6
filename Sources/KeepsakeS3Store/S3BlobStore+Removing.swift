import Foundation
public import KeepsakeStore
import KeepsakeS3
import KeepsakeSupport

extension S3BlobStore {
    /// Deletes each object (`DELETE`, a missing one is fine); the server answers once the removal is
    /// durable.
    public func delete(_ keys: [RelativePath]) throws {
        for key in keys {
            do {
                try client.deleteObject(key: objectKey(key))
            } catch let error as S3Error {
                throw failure(error, "delete", key: key.string)
            }
        }
    }

    /// Nothing: a bucket has no folders (a key exists only as long as its object does).
    public func pruneFolder(_ key: RelativePath) throws {}

    /// Copies the object to `lost+found/<stamp>/<key>` under the prefix (GET, then a PUT that refuses
    /// to overwrite and whose SHA-256 the server checks), then deletes the original. A move that was
    /// interrupted after the copy finds its own copy there on the next attempt and finishes.
    public func moveToLostAndFound(_ key: String, stamp: String) throws -> String {
        try RelativePath.checkComponent(stamp)
        let source = try objectKey(raw: key)
        let target = "lost+found/\(stamp)/\(key)"
        let targetKey = try objectKey(raw: target)
        do {
            let data = try client.getObject(key: source).data
            let hash = SHA256.hex(data)
            do {
                try client.putObject(key: targetKey, data: data, sha256: hash)
            } catch let error as S3Error where error.kind == .alreadyExists {
                guard let there = try client.headObject(key: targetKey), there.sha256 == hash, there.size == Int64(data.count) else {
                    throw KeepsakeError(.conflict, "Cannot move \(KeepsakeError.printable(key)) to \(KeepsakeError.printable(target)): another object is there already; nothing was moved.", path: key)
                }
            }
            try client.deleteObject(key: source)
        } catch let error as S3Error {
            throw failure(error, "move aside", key: key)
        }
        return target
    }

    /// Deletes an odd entry of the thumbnail area (a missing one is fine).
    public func removeStray(_ key: String) throws {
        do {
            try client.deleteObject(key: objectKey(raw: key))
        } catch let error as S3Error {
            throw failure(error, "remove", key: key)
        }
    }

    /// Nothing: there is no staging in the bucket. Bytes go straight to their final key, which the
    /// engine journalled before the PUT and never reuses; a PUT cut short leaves either nothing or
    /// the whole object under that key (an S3 write is atomic per object), and rolling the dead
    /// instance's intent back deletes it. No other trace of an instance is kept in the bucket.
    public func discardStaging(of instance: String) throws {}

    /// Nothing, for the same reason as ``discardStaging(of:)``.
    public func releaseStaging(of instance: String) {}

    /// `false`: the object store's space is not this machine's disk, so there is no reserve to give back.
    public func releaseReserve() -> Bool { false }

    /// Nothing: there is no reserve.
    public func ensureReserve(instance: String) {}
}
