import Foundation

extension S3Client {
    /// Checks that the bucket exists and the credentials may use it (`HEAD` on the bucket).
    /// Throws ``S3Error/Kind-swift.struct/noSuchBucket`` or ``S3Error/Kind-swift.struct/accessDenied``.
    public func checkBucket() throws {
        let response = try send("HEAD bucket", method: "HEAD", key: nil, accept: [200, 404])
        if response.status == 404 {
            throw S3Error(.noSuchBucket, operation: "HEAD bucket", bucket: bucket, httpStatus: 404, message: "the bucket does not exist")
        }
    }

    /// The start-up check of the guarantees Keepsake relies on: stores a probe object under `prefix`,
    /// then requires the server to refuse a second PUT of that key with `If-None-Match: *` (412) and a
    /// PUT whose bytes do not match their `x-amz-content-sha256` (400), and deletes the probe.
    ///
    /// Throws ``S3Error/Kind-swift.struct/conditionalWritesUnsupported`` when the server accepted either:
    /// such a store could overwrite or corrupt photos silently, so it must not be used.
    public func probeConditionalWrites(prefix: String = "keepsake-probe/") throws {
        let key = "\(prefix)\(UUID().uuidString.lowercased())"
        try putObject(key: key, data: Data("first".utf8), contentType: "text/plain")
        defer { try? deleteObject(key: key) }
        do {
            try putObject(key: key, data: Data("second".utf8), contentType: "text/plain")
            throw S3Error(.conditionalWritesUnsupported, operation: "probe", bucket: bucket, key: key,
                          message: "the server replaced an object despite If-None-Match: * (it answered 200, not 412)")
        } catch let error as S3Error where error.kind == .alreadyExists {
            // Refused, as it must be.
        }
        let stored = try getObject(key: key).data
        guard stored == Data("first".utf8) else {
            throw S3Error(.conditionalWritesUnsupported, operation: "probe", bucket: bucket, key: key,
                          message: "the server answered 412 but changed the object anyway")
        }
        let mismatchKey = "\(prefix)\(UUID().uuidString.lowercased())-mismatch"
        defer { try? deleteObject(key: mismatchKey) }
        do {
            try putObject(key: mismatchKey, data: Data("actual bytes".utf8), contentType: "text/plain",
                          sha256: SigV4Signer.emptyPayloadHash)
            throw S3Error(.conditionalWritesUnsupported, operation: "probe", bucket: bucket, key: mismatchKey,
                          message: "the server stored bytes whose SHA-256 did not match x-amz-content-sha256")
        } catch let error as S3Error where error.kind == .contentMismatch {
            // Refused, as it must be.
        }
    }
}
