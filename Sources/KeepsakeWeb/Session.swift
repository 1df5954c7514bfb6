import Foundation

/// One browser's session, carried whole in its signed cookie (the server keeps no table of
/// sessions): a random nonce naming it, when the cookie was issued, and whether the password was
/// given. The token every form of that browser must send back (CSRF protection) is derived from the
/// nonce; see ``SessionSigner``.
struct Session: Sendable, Hashable {
    /// The cookie that carries the session.
    static let cookieName = "keepsake_session"
    /// The form field that carries the CSRF token.
    static let csrfField = "_csrf"

    /// 16 random bytes, as 32 hex digits: names the session across cookie refreshes (logout
    /// revokes it).
    let nonce: String
    /// When this cookie was issued, in whole seconds since 1970 (a refresh issues a new one).
    let issuedAt: Int64
    /// Whether the password was given (no password configured: every session may use the app).
    let isAuthenticated: Bool
    /// The CSRF token of this session (64 hex digits), fixed for its life.
    let csrfToken: String
}
