import KeepsakeS3
import KeepsakeStore

extension S3BlobStore {
    /// The ``KeepsakeError`` for a failed request while trying to `action` (`store`, `read`, …) the
    /// object `key` (store-relative; `nil` for the bucket itself). The message names the bucket, the
    /// object, the server's answer and what to do; never a credential.
    func failure(_ error: S3Error, _ action: String, key: String?) -> KeepsakeError {
        let object = key.map { "\(KeepsakeError.printable($0)) in \(location)" } ?? location
        let detail = error.description
        let code = Int32(error.httpStatus ?? Int(error.curlCode ?? 0))
        let underlying: Int32? = code == 0 ? nil : code
        // A full object store: a quota reached (RGW, AWS: 403 QuotaExceeded) or no room left (507,
        // MinIO's XMinioStorageFull). The user frees space or raises the quota, as for a full disk.
        if error.httpStatus == 507 || ["QuotaExceeded", "XMinioStorageFull", "InsufficientStorage"].contains(error.code ?? "") {
            return KeepsakeError(.diskFull, "The object store has no room for \(object) (its quota or its disks are full), so nothing was changed: \(detail)",
                                 path: key, underlyingCode: underlying, remedy: .freeSpace)
        }
        switch error.kind {
        case .notFound:
            return KeepsakeError(.notFound, "The stored object \(object) is missing.", path: key, underlyingCode: underlying, remedy: .checkStore)
        case .noSuchBucket:
            return KeepsakeError(.notFound, "The bucket \(client.bucket) does not exist at \(client.configuration.endpoint.absoluteString): create it when setting the store up (Keepsake never creates buckets), or correct the blob store URL.",
                                 path: key, underlyingCode: underlying)
        case .alreadyExists:
            return KeepsakeError(.conflict, "An object already exists under \(object), and the store never writes over one; nothing was changed.",
                                 path: key, underlyingCode: underlying)
        case .preconditionFailed:
            return KeepsakeError(.conflict, "The object \(object) changed in the bucket while it was being read: \(detail)", path: key,
                                 underlyingCode: underlying, remedy: .retryLater)
        case .contentMismatch:
            return KeepsakeError(.corruptImage, "The bytes of \(object) did not arrive intact (their SHA-256 or length did not match), so nothing was stored or read under that name: \(detail)",
                                 path: key, underlyingCode: underlying)
        case .accessDenied:
            return KeepsakeError(.readOnly, "The object store refused to let this store \(action) \(object): \(detail)", path: key, underlyingCode: underlying)
        case .serverBusy, .timeout:
            return KeepsakeError(.busy, "The object store is overloaded or not answering, so this store could not \(action) \(object): \(detail)",
                                 path: key, underlyingCode: underlying, remedy: .retryLater)
        case .conditionalWritesUnsupported:
            return KeepsakeError(.incompatibleStore, "The object store behind \(location) cannot keep photos safe: \(detail)", path: key, underlyingCode: underlying)
        case .invalidConfiguration:
            return KeepsakeError(.invalidArgument, "The S3 settings of \(location) are not usable: \(detail)", path: key, underlyingCode: underlying)
        default:
            // serverError, connectionFailed, transferFailed, invalidResponse, invalidRequest, canceled.
            return KeepsakeError(.io, "Could not \(action) \(object): \(detail)", path: key, underlyingCode: underlying)
        }
    }
}
