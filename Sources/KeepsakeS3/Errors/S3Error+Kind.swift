extension S3Error {
    /// The kinds of failure callers act on differently; a struct around a private enum, so kinds can be
    /// added later. Compare with `==`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case notFound, noSuchBucket, alreadyExists, preconditionFailed, contentMismatch, accessDenied, invalidRequest
            case serverBusy, serverError, timeout, connectionFailed, transferFailed, invalidResponse
            case conditionalWritesUnsupported, invalidConfiguration, canceled
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No object under the key (404 `NoSuchKey`).
        public static let notFound = Kind(.notFound)
        /// The bucket does not exist (404 `NoSuchBucket`).
        public static let noSuchBucket = Kind(.noSuchBucket)
        /// A write with `If-None-Match: *` found an object under the key already (412): nothing was overwritten.
        public static let alreadyExists = Kind(.alreadyExists)
        /// An `If-Match` condition failed (412): the object changed.
        public static let preconditionFailed = Kind(.preconditionFailed)
        /// The bytes that arrived are not the bytes described: `x-amz-content-sha256` or `Content-MD5`
        /// mismatch (400), or a read whose length or hash is wrong. Nothing was stored.
        public static let contentMismatch = Kind(.contentMismatch)
        /// The credentials were refused or lack permission (403: `AccessDenied`, `SignatureDoesNotMatch`,
        /// `InvalidAccessKeyId`, `RequestTimeTooSkewed`).
        public static let accessDenied = Kind(.accessDenied)
        /// The server refused the request as malformed (another 4xx).
        public static let invalidRequest = Kind(.invalidRequest)
        /// The server asked to slow down or is unavailable (503 `SlowDown`, `ServiceUnavailable`), still
        /// after the retries.
        public static let serverBusy = Kind(.serverBusy)
        /// The server failed (500, 502, 504), still after the retries.
        public static let serverError = Kind(.serverError)
        /// No connection in time, or the transfer stalled or overran its time limit.
        public static let timeout = Kind(.timeout)
        /// No connection could be made (refused, unreachable, name not resolved).
        public static let connectionFailed = Kind(.connectionFailed)
        /// The connection broke during the transfer (reset, closed early, partial body).
        public static let transferFailed = Kind(.transferFailed)
        /// The server answered something this client cannot read.
        public static let invalidResponse = Kind(.invalidResponse)
        /// The server accepted an overwrite that `If-None-Match: *` should have refused: it cannot be
        /// trusted to keep stored objects from being replaced.
        public static let conditionalWritesUnsupported = Kind(.conditionalWritesUnsupported)
        /// The endpoint, bucket, region or credentials are missing or malformed.
        public static let invalidConfiguration = Kind(.invalidConfiguration)
        /// The caller's consumer stopped a streaming read by throwing.
        public static let canceled = Kind(.canceled)

        /// The kind's name, in words.
        public var description: String {
            switch base {
            case .notFound: "not found"
            case .noSuchBucket: "no such bucket"
            case .alreadyExists: "already exists"
            case .preconditionFailed: "precondition failed"
            case .contentMismatch: "content mismatch"
            case .accessDenied: "access denied"
            case .invalidRequest: "invalid request"
            case .serverBusy: "server busy"
            case .serverError: "server error"
            case .timeout: "timeout"
            case .connectionFailed: "connection failed"
            case .transferFailed: "transfer failed"
            case .invalidResponse: "invalid response"
            case .conditionalWritesUnsupported: "conditional writes unsupported"
            case .invalidConfiguration: "invalid configuration"
            case .canceled: "canceled"
            }
        }

        /// What to do about it.
        public var remedy: String {
            switch base {
            case .notFound: "The object does not exist (or was deleted)."
            case .noSuchBucket: "Create the bucket (at set-up, not while serving), or correct its name."
            case .alreadyExists: "An object exists under that key already and was left as it was; write under a new key."
            case .preconditionFailed: "The object changed since it was read; read it again."
            case .contentMismatch: "The bytes were damaged on the way or changed while sent; nothing was stored under the key. Send them again."
            case .accessDenied: "Check the access key, secret and session token, the region, the clock (requests more than 15 minutes off are refused) and the bucket's policy."
            case .invalidRequest: "The server refused the request as sent; see its message."
            case .serverBusy: "The object store is overloaded or unavailable; retry later, or lower the request rate."
            case .serverError: "The object store failed; check its health and retry."
            case .timeout: "The object store did not answer in time (down, overloaded or a stuck storage daemon); check it and retry."
            case .connectionFailed: "Check that the endpoint is right and the object store is running and reachable."
            case .transferFailed: "The connection broke mid-transfer; retry, and check the network and the object store."
            case .invalidResponse: "Check that the endpoint is an S3-compatible object store."
            case .conditionalWritesUnsupported: "Use an object store that honours If-None-Match: * on PUT (AWS S3, Ceph RGW, MinIO do); Keepsake refuses to store photos where they could be overwritten."
            case .invalidConfiguration: "Correct the S3 settings."
            case .canceled: "The reader stopped the transfer."
            }
        }
    }
}
