internal import CMicroHTTPD

/// An HTTP response status code such as 200 or 404.
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The numeric code, e.g. `404`.
    public let rawValue: Int

    /// Creates a status from its code.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Creates a status from an integer literal, e.g. `let status: HTTPStatus = 418`.
    public init(integerLiteral value: Int) {
        self.rawValue = value
    }

    /// The standard reason phrase, e.g. `"Not Found"`; `"Unknown"` for codes without one.
    public var reasonPhrase: String {
        guard (100...999).contains(rawValue),
              let phrase = MHD_get_reason_phrase_for(UInt32(rawValue)) else { return "Unknown" }
        let text = String(cString: phrase)
        return text.isEmpty ? "Unknown" : text
    }

    /// The code and reason phrase, e.g. `"404 Not Found"`.
    public var description: String { "\(rawValue) \(reasonPhrase)" }

    /// 200 OK.
    public static let ok: HTTPStatus = 200
    /// 201 Created.
    public static let created: HTTPStatus = 201
    /// 204 No Content.
    public static let noContent: HTTPStatus = 204
    /// 301 Moved Permanently.
    public static let movedPermanently: HTTPStatus = 301
    /// 303 See Other: the answer to a successful form POST (post/redirect/get).
    public static let seeOther: HTTPStatus = 303
    /// 304 Not Modified: the client's cached copy is current.
    public static let notModified: HTTPStatus = 304
    /// 307 Temporary Redirect.
    public static let temporaryRedirect: HTTPStatus = 307
    /// 400 Bad Request.
    public static let badRequest: HTTPStatus = 400
    /// 401 Unauthorized.
    public static let unauthorized: HTTPStatus = 401
    /// 403 Forbidden.
    public static let forbidden: HTTPStatus = 403
    /// 404 Not Found.
    public static let notFound: HTTPStatus = 404
    /// 405 Method Not Allowed.
    public static let methodNotAllowed: HTTPStatus = 405
    /// 409 Conflict.
    public static let conflict: HTTPStatus = 409
    /// 410 Gone (an invitation used already or expired).
    public static let gone: HTTPStatus = 410
    /// 412 Precondition Failed (an `If-Match` that no longer matches).
    public static let preconditionFailed: HTTPStatus = 412
    /// 416 Range Not Satisfiable.
    public static let rangeNotSatisfiable: HTTPStatus = 416
    /// 206 Partial Content (the answer to a `Range` request).
    public static let partialContent: HTTPStatus = 206
    /// 413 Content Too Large (a file or the whole body is over a limit).
    public static let contentTooLarge: HTTPStatus = 413
    /// 415 Unsupported Media Type.
    public static let unsupportedMediaType: HTTPStatus = 415
    /// 422 Unprocessable Content.
    public static let unprocessableContent: HTTPStatus = 422
    /// 429 Too Many Requests.
    public static let tooManyRequests: HTTPStatus = 429
    /// 500 Internal Server Error.
    public static let internalServerError: HTTPStatus = 500
    /// 501 Not Implemented.
    public static let notImplemented: HTTPStatus = 501
    /// 503 Service Unavailable.
    public static let serviceUnavailable: HTTPStatus = 503
    /// 507 Insufficient Storage (the store's disk is full).
    public static let insufficientStorage: HTTPStatus = 507
}
