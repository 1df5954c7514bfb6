public import Foundation

/// One HTTP request as the handler sees it: fully received, decoded and checked against the
/// server's ``HTTPLimits``.
public struct HTTPRequest: Sendable {
    /// The body of a request that is not a form (e.g. a CSV file sent as `text/csv`).
    public enum Body: Sendable, Hashable {
        /// No body, or the body was a form (see ``HTTPRequest/form`` and ``HTTPRequest/files``).
        case empty
        /// A body small enough to keep in memory (up to ``HTTPLimits/maxInMemoryBodyBytes``).
        case data(Data)
        /// A larger body, staged to a file that is removed when the handler returns.
        case file(URL, byteCount: Int)

        /// The size of the body in bytes.
        public var byteCount: Int {
            switch self {
            case .empty: return 0
            case .data(let data): return data.count
            case .file(_, let byteCount): return byteCount
            }
        }

        /// The whole body in memory (reads the staged file for ``file(_:byteCount:)``).
        public func data() throws -> Data {
            switch self {
            case .empty: return Data()
            case .data(let data): return data
            case .file(let url, _): return try Data(contentsOf: url)
            }
        }
    }

    /// The method, e.g. `GET`.
    public var method: HTTPMethod
    /// The path, percent-decoded, e.g. `/photos/my cat.jpg`. Never contains a NUL character. An
    /// encoded slash (`%2F`) becomes a `/` here: route on ``pathSegments`` to tell them apart.
    public var path: String
    /// The path exactly as sent, e.g. `/photos/my%20cat.jpg`.
    public var rawPath: String {
        didSet { pathSegments = Self.segments(of: rawPath) }
    }
    /// The query parameters, percent-decoded (`+` read as a space), in order.
    public var query: HTTPParameters
    /// The request headers, in order, looked up case-insensitively.
    public var headers: HTTPHeaders
    /// The cookies sent by the client, percent-decoded when they were encoded (first one wins
    /// when a name repeats).
    public var cookies: [String: String]
    /// The numeric address of the client, e.g. `127.0.0.1`; empty when unknown.
    public var remoteAddress: String
    /// The protocol version, e.g. `HTTP/1.1`.
    public var httpVersion: String
    /// The fields of an `application/x-www-form-urlencoded` or `multipart/form-data` body (files
    /// aside), in order.
    public var form: HTTPParameters
    /// The files of a `multipart/form-data` body, in the order they were sent.
    public var files: [UploadedFile]
    /// The body of a request that is not a form.
    public var body: Body

    /// Creates a request. The server makes these; tests of request handlers can make them too.
    public init(method: HTTPMethod = .get,
                path: String,
                rawPath: String? = nil,
                query: HTTPParameters = [:],
                headers: HTTPHeaders = [:],
                cookies: [String: String] = [:],
                remoteAddress: String = "",
                httpVersion: String = "HTTP/1.1",
                form: HTTPParameters = [:],
                files: [UploadedFile] = [],
                body: Body = .empty) {
        self.method = method
        self.path = path
        self.rawPath = rawPath ?? path
        pathSegments = Self.segments(of: self.rawPath)
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.remoteAddress = remoteAddress
        self.httpVersion = httpVersion
        self.form = form
        self.files = files
        self.body = body
    }

    /// The segments of the path, each percent-decoded on its own, so an encoded slash stays inside
    /// its segment: `/photos/a%2Fb/` gives `["photos", "a/b"]` (empty segments are dropped).
    /// A segment that is not valid percent-encoded UTF-8 is kept as sent. Split once, when the
    /// request is made or its ``rawPath`` set: the server's checks and the router all read them.
    public private(set) var pathSegments: [String]

    /// ``pathSegments`` of the path as sent, `rawPath`.
    private static func segments(of rawPath: String) -> [String] {
        rawPath.utf8.split(separator: UInt8(ascii: "/")).map { part in
            guard part.contains(UInt8(ascii: "%")) else { return String(Substring(part)) }
            return PercentEncoding.decode(part) ?? String(Substring(part))
        }
    }

    /// The media type of the body without parameters, lowercased, e.g. `text/csv`; `nil` when the
    /// request has no `Content-Type`.
    public var mediaType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
