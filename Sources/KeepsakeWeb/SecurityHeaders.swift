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

    /// Over HTTPS: browsers are to use HTTPS only for this host for a year (HSTS). Not
    /// `includeSubDomains`: a home server's name may be shared with other machines that have no
    /// certificate. Never sent over plain HTTP (browsers ignore it there, and a proxy in front
    /// sets its own).
    static let strictTransportSecurity = (name: "Strict-Transport-Security", value: "max-age=31536000")

    /// The fields with `Cache-Control: no-store` (and HSTS when `overHTTPS`), for the HTTP server
    /// to put on every answer that does not set them itself (its own refusals included).
    static func commonHeaders(overHTTPS: Bool) -> HTTPHeaders {
        HTTPHeaders(fields + [("Cache-Control", "no-store")] + (overHTTPS ? [strictTransportSecurity] : []))
    }

    /// Adds the fields (HSTS when `overHTTPS`, and `Cache-Control: no-store` when the response set
    /// no caching policy: pages hold private data and a form token).
    static func apply(to response: inout HTTPResponse, overHTTPS: Bool) {
        for (name, value) in fields {
            response.headers.set(name, value)
        }
        if overHTTPS { response.headers.set(strictTransportSecurity.name, strictTransportSecurity.value) }
        if !response.headers.contains("Cache-Control") {
            response.headers.set("Cache-Control", "no-store")
        }
    }
}
