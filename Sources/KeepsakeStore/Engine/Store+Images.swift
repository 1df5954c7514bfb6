public import Foundation
import KeepsakeSupport

/// Which bytes of a stored image.
public enum ImageVariant: Sendable, Hashable {
    /// The stored original.
    case original
    /// A thumbnail of one of the store's sizes.
    case thumbnail(ThumbnailSize)
}

extension Store {
    /// Reads an attachment's original bytes from the blob store (not found unless the caller
    /// reads its record).
    public func originalData(of attachment: Attachment) throws -> Data {
        try requireReadable(attachment)
        return try blobs.read(attachment.path)
    }

    /// Throws not found unless `attachment` is an image of a record the caller reads (the local
    /// operator reads everything, and is not asked).
    func requireReadable(_ attachment: Attachment) throws {
        guard !caller.isLocalOperator else { return }
        try metadata.read(as: caller) { tx in
            let access = try access(tx)
            guard let record = try tx.record(attachment.recordID), access.canRead(record.book),
                  record.images.contains(where: { $0.id == attachment.id && $0.path == attachment.path }) else {
                throw KeepsakeError(.notFound, "No such image exists in this store.", remedy: .listRecords)
            }
        }
    }

    /// How to send an image to a client, as the blob store answers it: an open file for
    /// `sendfile`, bytes, a stream read from the object store while it is sent, or a URL to
    /// redirect to. A thumbnail the cache lost is made again first. Compare the client's validators
    /// (the attachment's SHA-256 and dates) before calling this: a `304` needs nothing from here.
    /// Not found unless the caller reads the image's record: a redirect is issued only after the check.
    public func imageBody(of attachment: Attachment, variant: ImageVariant) throws -> BlobBody {
        try requireReadable(attachment)
        switch variant {
        case .original:
            return try blobs.body(of: attachment.path)
        case .thumbnail(let size):
            let key = attachment.thumbnailPath(size)
            do {
                return try blobs.body(of: key)
            } catch let error as KeepsakeError where error.code == .notFound {
                try remakeThumbnails(of: attachment)
                return try blobs.body(of: key)
            }
        }
    }

    /// Makes every configured thumbnail of `attachment` again from its stored original.
    ///
    /// The thumbnails are put in place in a write transaction that holds the image row, so only
    /// while the image is still stored: one made for an image that an operation removed meanwhile
    /// would be left behind. Throws `notFound` if the image was removed.
    public func remakeThumbnails(of attachment: Attachment) throws {
        let bytes = try originalData(of: attachment)  // checks that the caller reads it
        let thumbnails = try imageProcessor.makeThumbnails(fromStored: bytes, name: attachment.path.string, sizes: options.thumbnailSizes)
        let objects = thumbnails.map { thumbnail in
            BlobObject(key: Attachment.thumbnailPath(for: attachment.path, size: thumbnail.size, format: attachment.thumbnailFormat),
                       bytes: thumbnail.bytes, sha256: SHA256.hex(thumbnail.bytes))
        }
        try metadata.write(as: caller) { tx in
            guard try tx.lockAttachment(id: attachment.id, key: attachment.path) else {
                throw KeepsakeError(.notFound, "The image \(attachment.path) was removed meanwhile, so it has no thumbnails to make.", path: attachment.path.string)
            }
            for object in objects { try blobs.putReplacing(object, instance: instanceID) }
        }
    }
}
