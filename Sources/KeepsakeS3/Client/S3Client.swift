import Foundation
internal import CCurl
import KeepsakeSupport

/// A client for one bucket of an S3-compatible object store (AWS S3, Ceph RGW, MinIO), over libcurl,
/// signing with its own ``SigV4Signer``.
///
/// Every call blocks until it is done and is bounded by ``S3Configuration/timeouts``. Failures that
/// may pass (500, 503, `SlowDown`, resets, timeouts) are retried with jittered backoff as
/// ``S3Configuration/retry`` allows; every request this client makes is safe to repeat (reads,
/// deletes, and writes made conditional with `If-None-Match: *`). Failures are ``S3Error``s.
///
/// Create buckets at set-up, not here: after a radosgw restart, bucket creation can stall for
/// tens of seconds while object operations do not.
public final class S3Client: Sendable {
    /// The endpoint, bucket, credentials and limits.
    public let configuration: S3Configuration
    let transport: CurlTransport
    let signer: SigV4Signer

    /// A client for `configuration`; it makes no request until asked.
    public init(configuration: S3Configuration) {
        self.configuration = configuration
        transport = CurlTransport(maxIdle: configuration.maxIdleConnections)
        signer = SigV4Signer(credentials: configuration.credentials, region: configuration.region, service: "s3", pathStyle: .s3)
    }

    /// The bucket.
    public var bucket: String { configuration.bucket }

    /// What a request's conditional headers make a 412 mean.
    enum Condition { case none, ifNoneMatch, ifMatch }

    /// One signed attempt of a request.
    func attempt(method: String, key: String?, query: [(name: String, value: String)], headers: [(name: String, value: String)],
                 body: HTTPRequest.Body, payloadHash: String, sink: ResponseSink) -> TransferOutcome {
        var signed = SigV4Request(method: method, path: configuration.path(forKey: key), query: query,
                                  headers: [("host", configuration.hostHeader), ("x-amz-content-sha256", payloadHash)] + headers)
        signer.sign(&signed, payloadHash: payloadHash, date: Date())
        let request = HTTPRequest(method: method, url: configuration.url(path: signed.path, query: query), headers: signed.headers, body: body)
        return transport.perform(request, timeouts: configuration.timeouts, sink: sink)
    }

    /// Sends a request, retrying what may pass, until a status in `accept` comes back; throws the
    /// typed error of the last failure otherwise.
    func send(_ operation: String, method: String, key: String?, query: [(name: String, value: String)] = [],
              headers: [(name: String, value: String)] = [], body: HTTPRequest.Body = .none,
              payloadHash: String = SigV4Signer.emptyPayloadHash, condition: Condition = .none, accept: Set<Int>) throws -> HTTPResponse {
        var attempt = 1
        while true {
            let outcome = self.attempt(method: method, key: key, query: query, headers: headers, body: body, payloadHash: payloadHash, sink: .collect)
            let error: S3Error
            switch outcome {
            case .response(let response) where accept.contains(response.status):
                return response
            case .response(let response):
                error = responseError(response, operation: operation, key: key, condition: condition)
            case .failure(let code, let message, _, _):
                error = transferError(code: code, message: message, operation: operation, key: key)
            case .consumerFailed(let failure, _):
                throw failure
            }
            guard error.isRetryable, attempt < configuration.retry.maxAttempts else { throw error.with(attempts: attempt) }
            configuration.retry.pause(beforeAttempt: attempt + 1)
            attempt += 1
        }
    }

    /// The typed error for an HTTP answer that is not a success.
    func responseError(_ response: HTTPResponse, operation: String, key: String?, condition: Condition) -> S3Error {
        let xml = try? XMLTree.parse(response.body)
        let code = xml?.text("Code")
        var message = xml?.text("Message").flatMap { $0.isEmpty ? nil : $0 }
        let requestID = xml?.text("RequestId") ?? response.headers["x-amz-request-id"]
        let kind: S3Error.Kind
        switch (code, response.status) {
        case ("NoSuchKey", _): kind = .notFound
        case ("NoSuchBucket", _): kind = .noSuchBucket
        case ("XAmzContentSHA256Mismatch", _), ("BadDigest", _), ("InvalidDigest", _), ("IncompleteBody", _): kind = .contentMismatch
        case ("AccessDenied", _), ("SignatureDoesNotMatch", _), ("InvalidAccessKeyId", _), ("RequestTimeTooSkewed", _),
             ("ExpiredToken", _), ("InvalidToken", _), (_, 401), (_, 403): kind = .accessDenied
        case ("SlowDown", _), ("ServiceUnavailable", _), (_, 503): kind = .serverBusy
        case ("RequestTimeout", _): kind = .timeout
        case (_, 412), ("PreconditionFailed", _): kind = condition == .ifNoneMatch ? .alreadyExists : .preconditionFailed
        case (_, 404): kind = .notFound
        case (_, 500...): kind = .serverError
        case (_, 400..<500): kind = .invalidRequest
        default:
            kind = .invalidResponse
            if let endpoint = xml?.text("Endpoint") { message = (message ?? "") + " (the server names endpoint \(endpoint): check the region)" }
        }
        return S3Error(kind, operation: operation, bucket: bucket, key: key, httpStatus: response.status, code: code, message: message,
                       requestID: requestID)
    }

    /// The typed error for a transfer libcurl could not complete.
    func transferError(code: Int32, message: String, operation: String, key: String?) -> S3Error {
        let kind: S3Error.Kind
        switch CURLcode(rawValue: UInt32(code)) {
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_SSL_CONNECT_ERROR:
            kind = .connectionFailed
        case CURLE_OPERATION_TIMEDOUT:
            kind = .timeout
        case CURLE_READ_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            kind = .invalidConfiguration
        case CURLE_WRITE_ERROR, CURLE_WEIRD_SERVER_REPLY:
            kind = .invalidResponse
        default:
            kind = .transferFailed
        }
        return S3Error(kind, operation: operation, bucket: bucket, key: key, message: "\(message) (curl error \(code))", curlCode: code)
    }

    /// Refuses keys S3 cannot hold.
    func validate(key: String, operation: String) throws {
        guard !key.isEmpty, key.utf8.count <= 1024 else {
            throw S3Error(.invalidRequest, operation: operation, bucket: bucket, key: key, message: "an object key must be 1 to 1024 bytes of UTF-8")
        }
    }
}
