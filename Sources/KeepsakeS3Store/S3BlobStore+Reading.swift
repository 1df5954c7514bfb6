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

    /// How to send the object, after a `HEAD` that checks it is there (so a lost thumbnail is
    /// `notFound` here, and made again by the engine, instead of a broken answer) and gives its size:
    ///
    /// - streamed (``S3ImageDelivery/stream``): a ``KeepsakeStore/BlobStream`` whose read is one
    ///   `GET` of the object (or a ranged `GET` of the part asked for), streamed through
    ///   ``read(_:range:chunk:)`` as it arrives, so the object is never held whole in memory;
    ///   nothing is fetched until it is read;
    /// - with ``S3ImageDelivery/redirect(expires:)``, a presigned URL and the moment it expires.
    public func body(of key: RelativePath) throws -> BlobBody {
        guard let info = try stat(key) else {
            throw failure(S3Error(.notFound, operation: "HEAD", bucket: client.bucket, key: objectKey(key)), "read", key: key.string)
        }
        switch delivery {
        case .stream:
            return .stream(BlobStream(size: info.size) { [self] range, chunk in
                try read(key, range: range, chunk: chunk)
            })
        case .redirect(let expires):
            let now = Date()
            do {
                return .redirect(try client.presignedGetURL(key: objectKey(key), expires: expires, date: now), expires: now + Self.seconds(expires))
            } catch let error as S3Error {
                throw failure(error, "presign a URL of", key: key.string)
            }
        }
    }

    /// A duration in seconds, as a `TimeInterval`.
    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    public func stat(_ key: RelativePath) throws -> BlobInfo? {
        do {
            return try client.headObject(key: objectKey(key)).map { BlobInfo(size: $0.size) }
        } catch let error as S3Error {
            throw failure(error, "look up", key: key.string)
        }
    }
}
