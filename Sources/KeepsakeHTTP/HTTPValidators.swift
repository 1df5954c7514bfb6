public import Foundation

/// The validators of a resource (`ETag`, `Last-Modified`) and the conditional-request check that
/// answers `304 Not Modified` when the client's cached copy is current.
///
/// ```swift
/// let validators = HTTPValidators(etag: photo.contentHash, lastModified: photo.modified)
/// return validators.response(for: request) {
///     .file(photo.url, contentType: "image/jpeg")
/// }
/// ```
public struct HTTPValidators: Sendable, Hashable {
    /// The entity tag without quotes, e.g. a content hash; `nil` for none. Characters an entity
    /// tag cannot hold (`"`, blanks, control characters) are dropped when it is sent.
    public var etag: String?
    /// When the resource last changed; `nil` for unknown. HTTP dates have whole seconds.
    public var lastModified: Date?

    /// Creates validators.
    public init(etag: String? = nil, lastModified: Date? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The `ETag` header value, quoted (a strong tag), e.g. `"abc123"`.
    public var etagHeaderValue: String? {
        guard let etag else { return nil }
        // Most tags (hashes) hold nothing to drop.
        if etag.utf8.allSatisfy({ $0 >= 0x21 && $0 != 0x22 && $0 < 0x7F }) { return "\"" + etag + "\"" }
        let clean = String(String.UnicodeScalarView(etag.unicodeScalars.filter {
            $0.value >= 0x21 && $0.value != 0x22 && $0.value != 0x7F
        }))
        return "\"\(clean)\""
    }

    /// The `ETag` and `Last-Modified` fields to send with the resource.
    public var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        if let etag = etagHeaderValue { headers.add("ETag", etag) }
        if let lastModified { headers.add("Last-Modified", HTTPDate.format(lastModified)) }
        return headers
    }

    /// Whether `request` is a `GET` or `HEAD` whose cached copy is current (RFC 9110 §13.2.2):
    /// `If-None-Match` lists this entity tag (weak comparison) or `*`; or, only when there is no
    /// `If-None-Match`, `If-Modified-Since` is not earlier than ``lastModified``.
    public func isNotModified(for request: HTTPRequest) -> Bool {
        guard request.method.isGetOrHead else { return false }
        let ifNoneMatch = request.headers.values(for: "If-None-Match")
        if !ifNoneMatch.isEmpty {
            guard let mine = etagHeaderValue else { return false }
            let tags = ifNoneMatch.flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return tags.contains { tag in
                tag == "*" || Self.opaque(tag) == mine
            }
        }
        guard let lastModified, let since = request.headers["If-Modified-Since"],
              let sinceDate = HTTPDate.parse(since) else { return false }
        return lastModified.timeIntervalSince1970.rounded(.down) <= sinceDate.timeIntervalSince1970
    }

    /// `304 Not Modified` with these validators when ``isNotModified(for:)``, otherwise the
    /// response `makeResponse` builds, with these validators added to its headers.
    public func response(for request: HTTPRequest,
                         _ makeResponse: () throws -> HTTPResponse) rethrows -> HTTPResponse {
        if isNotModified(for: request) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        var response = try makeResponse()
        for (name, value) in headers {
            response.headers.set(name, value)
        }
        return response
    }

    /// An entity tag without its weakness indicator (`W/"x"` compares equal to `"x"`).
    private static func opaque(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
