import Foundation

/// One HTTP request as the transport sends it: everything signed already.
struct HTTPRequest {
    enum Body {
        case none
        case data(Data)
        /// A file's bytes, read while sending; `size` is known in advance.
        case file(URL, size: Int64)
    }

    var method: String
    var url: String
    var headers: [(name: String, value: String)]
    var body: Body = .none
}

/// The answer to an ``HTTPRequest``.
struct HTTPResponse {
    /// The status code.
    let status: Int
    /// Headers by lowercased name (the last of repeated names).
    let headers: [String: String]
    /// The body collected (for a streamed success, empty: the bytes went to the consumer).
    let body: Data
    /// Bytes handed to the streaming consumer.
    let streamed: Int64
}

/// Where the response body goes.
enum ResponseSink {
    /// Into ``HTTPResponse/body``.
    case collect
    /// To the consumer, for a 2xx response (an error response's XML is still collected).
    case stream((UnsafeRawBufferPointer) throws -> Void)
}

/// What came of one transfer.
enum TransferOutcome {
    case response(HTTPResponse)
    /// libcurl failed: its code and message, the bytes already streamed to the consumer, and the
    /// headers of the answer if they had arrived.
    case failure(code: Int32, message: String, streamed: Int64, headers: [String: String])
    /// The consumer threw.
    case consumerFailed(any Error, streamed: Int64)
}
