import KeepsakeHTTP

/// The headers every response of the web app carries.
enum SecurityHeaders {
    /// Only this site's own scripts, styles, images (and `blob:` previews of photos being picked),
    /// no inline script or style, no plugins, no framing, forms post only here.
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' blob: data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The fields and their values.
    static let fields: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        // No referrer to other sites; the full one to this server, which makes browsers send the
        // pages' real origin (not `null`) with their forms, so that `Origin: null` can be refused.
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
    ]

    /// The fields with `Cache-Control: no-store`, for the HTTP server to put on every answer that
    /// does not set them itself (its own refusals included).
    static let commonHeaders = HTTPHeaders(fields + [("Cache-Control", "no-store")])

    /// Adds the fields (and `Cache-Control: no-store` when the response set no caching policy:
    /// pages hold private data and a form token).
    static func apply(to response: inout HTTPResponse) {
        for (name, value) in fields {
            response.headers.set(name, value)
        }
        if !response.headers.contains("Cache-Control") {
            response.headers.set("Cache-Control", "no-store")
        }
    }
}
