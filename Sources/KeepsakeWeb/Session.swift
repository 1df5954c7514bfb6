import Foundation
import KeepsakeStore

/// One browser's session, carried whole in its signed cookie (the server keeps no table of
/// sessions): a random nonce naming it, when the cookie was issued, and the account that logged in
/// with the ``Account/credentialVersion`` it had then (``Sessions`` refuses the session once the
/// account's version has moved on: a password change, a disable). The token every form of that browser must send back (CSRF protection) is derived from the
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
    /// The account that logged in; `nil` before a login (a server that asks for no login lets such
    /// a session use the app as its first admin).
    let accountID: AccountID?
    /// The account's ``Account/credentialVersion`` when it logged in (0 before a login).
    let credentialVersion: Int64
    /// The CSRF token of this session (64 hex digits), fixed for its life.
    let csrfToken: String

    /// Whether an account logged in with this session.
    var isAuthenticated: Bool { accountID != nil }
}
