public import Foundation

/// What a handler answers: a status, headers and a body from memory, from a file, or streamed
/// from elsewhere while it is sent.
///
/// The server adds `Content-Length` (and `Date`) itself, and for `HEAD` requests sends the headers
/// without the body.
public struct HTTPResponse: Sendable {
    /// The body of a response.
    public enum Body: Sendable, Hashable {
        /// No body.
        case empty
        /// Bytes in memory.
        case data(Data)
        /// The contents of a file, sent straight from the file (it is never loaded whole in
        /// memory). The server opens it when it sends the response; if it cannot be opened the
        /// client gets a 404.
        case file(URL)
        /// A file the handler has already opened (and checked): sent straight from its descriptor
        /// with `sendfile`, which the server then closes. Nothing is opened by name.
        case openFile(OpenFile)
        /// Bytes of a known size made while they are sent (read from an object store, say): the
        /// server pulls them from the stream's producer as the client takes them, never holding
        /// more than the stream's buffer. See ``HTTPBodyStream``.
        case stream(HTTPBodyStream)
    }

    /// The `SameSite` attribute of a cookie.
    public enum SameSite: String, Sendable, Hashable {
        /// Sent only with requests from the same site.
        case strict = "Strict"
        /// Also sent with top-level navigations from other sites (the browsers' default).
        case lax = "Lax"
        /// Sent with every request (browsers require `Secure` with it).
        case none = "None"
    }

    /// The status code.
    public var status: HTTPStatus
    /// The header fields, in order; a name may repeat (e.g. `Set-Cookie`).
    public var headers: HTTPHeaders
    /// The body.
    public var body: Body

    /// Creates a response.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An HTML page (`text/html; charset=utf-8`).
    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
                     body: .data(Data(html.utf8)))
    }

    /// Plain text (`text/plain; charset=utf-8`).
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
                     body: .data(Data(text.utf8)))
    }

    /// JSON bytes (`application/json`).
    public static func json(_ data: Data, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .data(data))
    }

    /// A value encoded as JSON (`application/json`).
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok,
                            encoder: JSONEncoder = JSONEncoder()) throws -> HTTPResponse {
        json(try encoder.encode(value), status: status)
    }

    /// A file sent from disk with the given media type, e.g. `image/jpeg`.
    public static func file(_ url: URL, contentType: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: .file(url))
    }

    /// An already open file sent from its descriptor with the given media type, e.g. `image/jpeg`.
    public static func file(_ file: OpenFile, contentType: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: .openFile(file))
    }

    /// A streamed body (``HTTPBodyStream``) with the given media type, e.g. `image/jpeg`.
    public static func stream(_ stream: HTTPBodyStream, contentType: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: .stream(stream))
    }

    /// A `303 See Other` redirect to `location` (the answer to a successful form POST).
    public static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(status: .seeOther, headers: ["Location": location])
    }

    /// A status with a short plain-text body: `message`, or the code and reason phrase.
    public static func status(_ status: HTTPStatus, message: String? = nil) -> HTTPResponse {
        text((message ?? status.description) + "\n", status: status)
    }

    /// `404 Not Found` with a short plain-text body.
    public static func notFound(_ message: String = "Not found.") -> HTTPResponse {
        status(.notFound, message: message)
    }

    /// `400 Bad Request` with a short plain-text body.
    public static func badRequest(_ message: String = "Bad request.") -> HTTPResponse {
        status(.badRequest, message: message)
    }

    /// `405 Method Not Allowed` listing the methods that are allowed.
    public static func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPResponse {
        var response = status(.methodNotAllowed, message: "Method not allowed.")
        response.headers.set("Allow", allowed.map(\.rawValue).joined(separator: ", "))
        return response
    }

    /// This response with one more header field.
    public func adding(header name: String, _ value: String) -> HTTPResponse {
        var copy = self
        copy.headers.add(name, value)
        return copy
    }

    /// Adds a `Set-Cookie` field. Characters of `name` and `value` that a cookie cannot carry
    /// (blanks, `;`, `,`, `"`, `\`, `=` in the name, non-ASCII...) are percent-encoded; the
    /// server decodes them again in ``HTTPRequest/cookies``. `maxAge: 0` deletes the cookie.
    public mutating func setCookie(_ name: String, _ value: String, maxAge: Int? = nil,
                                   path: String = "/", httpOnly: Bool = true,
                                   secure: Bool = false, sameSite: SameSite = .lax) {
        var field = PercentEncoding.encodeCookie(name, isName: true) + "="
            + PercentEncoding.encodeCookie(value, isName: false)
        if let maxAge { field += "; Max-Age=\(max(0, maxAge))" }
        let safePath = path.filter { $0 != ";" && !$0.isNewline }
        if !safePath.isEmpty { field += "; Path=\(safePath)" }
        if httpOnly { field += "; HttpOnly" }
        if secure { field += "; Secure" }
        field += "; SameSite=\(sameSite.rawValue)"
        headers.add("Set-Cookie", field)
    }
}
