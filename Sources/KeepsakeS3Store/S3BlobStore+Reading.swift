public import Foundation
public import KeepsakeStore
import KeepsakeS3

extension S3BlobStore {
    public func read(_ key: RelativePath) throws -> Data {
        do {
            return try client.getObject(key: objectKey(key)).data
        } catch let error as S3Error {
            throw failure(error, "read", key: key.string)
        }
    }

    /// Streams the object (or `range` of it, clamped to its size as a file read would be) to `chunk`
    /// as it arrives; a connection that breaks midway is resumed where it stopped, on the same version
    /// of the object. An error thrown by `chunk` ends the read and is rethrown as it is.
    public func read(_ key: RelativePath, range: Range<Int64>?, chunk: (UnsafeRawBufferPointer) throws -> Void) throws {
        var asked: S3ByteRange?
        if let range {
            guard range.lowerBound >= 0 else {
                throw KeepsakeError(.invalidArgument, "The byte range \(range) of \(key) starts before the object.", path: key.string)
            }
            if range.isEmpty {
                // No bytes to send, but a missing object is still missing.
                guard try stat(key) != nil else { throw failure(S3Error(.notFound, operation: "GET", bucket: client.bucket, key: objectKey(key)), "read", key: key.string) }
                return
            }
            asked = S3ByteRange(range.lowerBound...(range.upperBound - 1))
        }
        do {
            try client.getObject(key: objectKey(key), range: asked, into: chunk)
        } catch let error as S3Error where error.httpStatus == 416 && asked != nil {
            return  // the range starts at or past the end: no bytes, as from a file
        } catch let error as S3Error {
            throw failure(error, "read", key: key.string)
        }
    }

    /// The bytes (streamed through this server), or, with ``S3ImageDelivery/redirect(expires:)``, a
    /// presigned URL of an object that exists (checked with a `HEAD` first, so a lost thumbnail is
    /// `notFound` here and made again by the engine instead of a broken redirect).
    public func body(of key: RelativePath) throws -> BlobBody {
        switch delivery {
        case .stream:
            return .bytes(try read(key))
        case .redirect(let expires):
            guard try stat(key) != nil else {
                throw failure(S3Error(.notFound, operation: "HEAD", bucket: client.bucket, key: objectKey(key)), "read", key: key.string)
            }
            do {
                return .redirect(try client.presignedGetURL(key: objectKey(key), expires: expires))
            } catch let error as S3Error {
                throw failure(error, "presign a URL of", key: key.string)
            }
        }
    }

    public func stat(_ key: RelativePath) throws -> BlobInfo? {
        do {
            return try client.headObject(key: objectKey(key)).map { BlobInfo(size: $0.size) }
        } catch let error as S3Error {
            throw failure(error, "look up", key: key.string)
        }
    }
}
