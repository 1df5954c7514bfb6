import Foundation

extension S3Client {
    /// Reads the object under `key`, or the byte `range` of it, whole into memory.
    /// Throws ``S3Error/Kind-swift.struct/notFound`` when there is no such object.
    public func getObject(key: String, range: S3ByteRange? = nil) throws -> S3Object {
        var data = Data()
        let info = try getObject(key: key, range: range) { data.append(contentsOf: $0) }
        return S3Object(info: info, data: data, range: range)
    }

    /// Streams the object under `key` (or its byte `range`) to `consumer`, piece by piece as it
    /// arrives; returns its description. Each byte is handed over exactly once, in order: when the
    /// connection breaks midway, the read resumes where it stopped (a `Range` request with `If-Match`
    /// on the entity tag, so a changed object fails with ``S3Error/Kind-swift.struct/preconditionFailed``
    /// instead of mixing two versions). An error thrown by `consumer` ends the read and is rethrown.
    @discardableResult
    public func getObject(key: String, range: S3ByteRange? = nil, into consumer: (UnsafeRawBufferPointer) throws -> Void) throws -> S3ObjectInfo {
        try validate(key: key, operation: "GET")
        var delivered: Int64 = 0
        var etag: String?
        var attempt = 1
        return try withoutActuallyEscaping(consumer) { consumer in
            while true {
                var headers: [(name: String, value: String)] = []
                let asked = delivered > 0 ? (range ?? S3ByteRange(from: 0)).advanced(by: delivered) : range
                if let asked { headers.append(("range", asked.headerValue)) }
                if delivered > 0, let etag { headers.append(("if-match", "\"\(etag)\"")) }
                let outcome = self.attempt(method: "GET", key: key, query: [], headers: headers, body: .none,
                                           payloadHash: SigV4Signer.emptyPayloadHash, sink: .stream(consumer))
                let error: S3Error
                switch outcome {
                case .response(let response) where response.status == 200 || response.status == 206:
                    guard let info = S3ResponseHeaders.objectInfo(key: key, response.headers) else {
                        throw S3Error(.invalidResponse, operation: "GET", bucket: bucket, key: key, httpStatus: response.status,
                                      message: "the answer names no size", attempts: attempt)
                    }
                    if delivered > 0, response.status != 206 {
                        throw S3Error(.invalidResponse, operation: "GET", bucket: bucket, key: key, httpStatus: response.status,
                                      message: "the server ignored the range asked for to resume the read", attempts: attempt)
                    }
                    return info
                case .response(let response):
                    error = responseError(response, operation: "GET", key: key, condition: delivered > 0 ? .ifMatch : .none)
                case .failure(let code, let message, let streamed, let answerHeaders):
                    if streamed > 0, etag == nil { etag = answerHeaders["etag"].map(S3ResponseHeaders.unquoted) }
                    delivered += streamed
                    error = transferError(code: code, message: message, operation: "GET", key: key)
                case .consumerFailed(let failure, _):
                    throw failure
                }
                // A resumed read needs the entity tag of what was read so far, to refuse another version.
                if delivered > 0, etag == nil || etag!.isEmpty {
                    throw S3Error(error.kind, operation: "GET", bucket: bucket, key: key, httpStatus: error.httpStatus, code: error.code,
                                  message: (error.message ?? "") + "; the read cannot resume: the server sent no entity tag", curlCode: error.curlCode,
                                  attempts: attempt)
                }
                guard error.isRetryable, attempt < configuration.retry.maxAttempts else { throw error.with(attempts: attempt) }
                configuration.retry.pause(beforeAttempt: attempt + 1)
                attempt += 1
            }
        }
    }

    /// The description of the object under `key`, or `nil` when there is none.
    public func headObject(key: String) throws -> S3ObjectInfo? {
        try validate(key: key, operation: "HEAD")
        let response = try send("HEAD", method: "HEAD", key: key, accept: [200, 404])
        if response.status == 404 { return nil }
        guard let info = S3ResponseHeaders.objectInfo(key: key, response.headers) else {
            throw S3Error(.invalidResponse, operation: "HEAD", bucket: bucket, key: key, httpStatus: 200, message: "the answer names no size")
        }
        return info
    }

    /// Deletes the object under `key`; an absent object is fine (deleting is idempotent).
    public func deleteObject(key: String) throws {
        try validate(key: key, operation: "DELETE")
        do {
            _ = try send("DELETE", method: "DELETE", key: key, accept: [200, 204])
        } catch let error as S3Error where error.kind == .notFound {
            return
        }
    }
}
