public import Foundation

/// What `curl` got back: the final response's status, header fields and body, and curl's own exit
/// status.
public struct CurlResponse: Sendable {
    /// The HTTP status; 0 when there was no response.
    public let status: Int
    /// The header fields of the final response (after any `100 Continue`).
    public let headers: [Header]
    /// The body.
    public let body: Data
    /// curl's exit status (0 on success; e.g. 52 for an empty reply, 7 for a refused connection).
    public let exitCode: Int32
    /// Bytes of the request body curl had sent when the exchange ended (`%{size_upload}`).
    public let uploadedBytes: Int

    /// One header field.
    public struct Header: Sendable {
        /// The field's name, as the server wrote it.
        public let name: String
        /// The field's value, without surrounding white space.
        public let value: String
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of the header field `name` (any case), if there is one.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of the header field `name` (any case), in order.
    public func headers(named name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}
