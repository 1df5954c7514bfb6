public import KeepsakeStore
import KeepsakeS3

extension S3BlobStore {
    /// Objects whose keys start with `prefix` (below this store's prefix), after the key `after`, in
    /// the byte order of their keys (`ListObjectsV2` with `StartAfter`; at most 1000 a page). A key the
    /// store never makes (not a checked path: an empty part, a folder marker ending in `/`, other
    /// characters) is listed as ``KeepsakeStore/BlobEntry/Kind/unexpected`` so fsck reports it.
    public func list(prefix: String, after: String?, limit: Int) throws -> BlobListing {
        let page: S3ListPage
        do {
            page = try client.listObjects(prefix: self.prefix + prefix, startAfter: after.map { self.prefix + $0 },
                                          maxKeys: max(1, min(limit, 1000)))
        } catch let error as S3Error {
            throw failure(error, "list", key: prefix)
        }
        var entries: [BlobEntry] = []
        for object in page.objects {
            guard object.key.hasPrefix(self.prefix) else {
                throw KeepsakeError(.io, "The object store listed \(KeepsakeError.printable(object.key)) for the prefix \(KeepsakeError.printable(self.prefix + prefix)); it does not list keys as S3 does.")
            }
            let key = String(object.key.dropFirst(self.prefix.count))
            let valid = (try? RelativePath(key)) != nil && !key.hasSuffix("/")
            entries.append(BlobEntry(key: key, kind: valid ? .object(size: object.size) : .unexpected))
        }
        return BlobListing(entries: entries, nextAfter: page.isTruncated ? entries.last?.key : nil)
    }
}
