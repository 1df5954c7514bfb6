/// A failed S3 request, kept as data: what kind of failure, the operation and object, the HTTP status
/// and the S3 error code and message from the response's XML, or the transfer error from libcurl, and
/// how many attempts were made. Credentials and signatures never appear in it.
public struct S3Error: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public let kind: Kind
    /// The operation (`PUT`, `GET`, `LIST`, `probe`, …).
    public let operation: String
    /// The bucket, if the failure concerns one.
    public let bucket: String?
    /// The object key, if the failure concerns one.
    public let key: String?
    /// The HTTP status of the last response, if one arrived.
    public let httpStatus: Int?
    /// The S3 error code (`NoSuchKey`, `SlowDown`, `XAmzContentSHA256Mismatch`, …), if the server sent one.
    public let code: String?
    /// The message: the server's, or this client's explanation.
    public let message: String?
    /// The server's request id, for its operators.
    public let requestID: String?
    /// libcurl's result code, when the transfer itself failed (no connection, reset, timeout).
    public let curlCode: Int32?
    /// Attempts made, retries included.
    public let attempts: Int

    /// Creates an error.
    public init(_ kind: Kind, operation: String, bucket: String? = nil, key: String? = nil, httpStatus: Int? = nil, code: String? = nil,
                message: String? = nil, requestID: String? = nil, curlCode: Int32? = nil, attempts: Int = 1) {
        self.kind = kind
        self.operation = operation
        self.bucket = bucket
        self.key = key
        self.httpStatus = httpStatus
        self.code = code
        self.message = message
        self.requestID = requestID
        self.curlCode = curlCode
        self.attempts = attempts
    }

    /// Whether the same request may succeed if sent again.
    public var isRetryable: Bool { kind == .serverBusy || kind == .serverError || kind == .timeout || kind == .transferFailed || kind == .connectionFailed }

    /// One paragraph: what failed, with which answer, and what to do.
    public var description: String {
        var target = bucket.map { "s3://\($0)" } ?? ""
        if let key { target += "/\(key)" }
        var text = "S3 \(operation)\(target.isEmpty ? "" : " \(target)") failed"
        if attempts > 1 { text += " after \(attempts) attempts" }
        text += ": \(kind)"
        var answer: [String] = []
        if let httpStatus { answer.append("HTTP \(httpStatus)") }
        if let code { answer.append(code) }
        if !answer.isEmpty { text += " (" + answer.joined(separator: " ") + ")" }
        if let message, !message.isEmpty { text += ": \(message)" }
        if let requestID { text += " [request \(requestID)]" }
        return text + ". " + kind.remedy
    }

    /// A copy with the attempt count.
    func with(attempts: Int) -> S3Error {
        S3Error(kind, operation: operation, bucket: bucket, key: key, httpStatus: httpStatus, code: code, message: message,
                requestID: requestID, curlCode: curlCode, attempts: attempts)
    }
}
