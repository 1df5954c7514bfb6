import Foundation

/// The sessions of the web app without any table of them: each browser's session travels in its
/// signed cookie (``SessionSigner``), so requests without a cookie cost nothing and can never
/// push a live session out, and every server holding the same secret accepts the same cookies.
/// Logging out writes the session's nonce to the store's shared ``SessionRevocations``.
///
/// A cookie is good for ``lifetime`` after it was issued, and is issued again (same session, same
/// CSRF token) once it is older than ``refreshAfter``, so a session lasts while it is used and
/// ends after ``lifetime`` of disuse.
struct Sessions: Sendable {
    /// How long a cookie stays good after it was issued.
    static let lifetime: Int64 = 12 * 3600
    /// How old a cookie gets before a response carries a fresh one.
    static let refreshAfter: Int64 = 10 * 60
    /// How far in the future an issue time may be (clocks of servers sharing a store).
    static let clockSkew: Int64 = 5 * 60

    let signer: SessionSigner
    let revocations: SessionRevocations
    /// Whether the server asks for a password (then logouts are recorded).
    let requiresLogin: Bool

    /// The session of a request.
    struct Resolved: Sendable {
        /// The session the request belongs to.
        let session: Session
        /// Whether the response must send the session's cookie (new or refreshed).
        let sendsCookie: Bool
    }

    /// The session a cookie carries, when it is genuine, unexpired and (for a logged-in session)
    /// not logged out; `nil` otherwise.
    ///
    /// - Throws: ``WebError`` when the revocation file cannot be read.
    func validSession(cookie: String?, now: Date) throws(WebError) -> Session? {
        guard let cookie, let session = signer.session(fromCookie: cookie) else { return nil }
        let age = SessionSigner.seconds(now) - session.issuedAt
        guard age <= Self.lifetime, age >= -Self.clockSkew else { return nil }
        if session.isAuthenticated && requiresLogin, try revocations.isRevoked(session.nonce, now: now) {
            return nil
        }
        return session
    }

    /// The session of a request with this cookie: the cookie's own, refreshed when it is getting
    /// old, or a new one that has not logged in.
    ///
    /// - Throws: ``WebError`` when the revocation file cannot be read.
    func resolve(cookie: String?, now: Date) throws(WebError) -> Resolved {
        guard let session = try validSession(cookie: cookie, now: now) else {
            return Resolved(session: signer.newSession(authenticated: false, now: now), sendsCookie: true)
        }
        if SessionSigner.seconds(now) - session.issuedAt >= Self.refreshAfter {
            return Resolved(session: signer.refreshed(session, now: now), sendsCookie: true)
        }
        return Resolved(session: session, sendsCookie: false)
    }

    /// A new logged-in session (a new nonce: an id seen before the login is never trusted after it).
    func loggedIn(now: Date) -> Session {
        signer.newSession(authenticated: true, now: now)
    }

    /// Ends `session` on every server of the store: cookies with its nonce are refused from now on.
    ///
    /// - Throws: ``WebError`` when the revocation file cannot be written.
    func end(_ session: Session, now: Date) throws(WebError) {
        guard requiresLogin, session.isAuthenticated else { return }
        try revocations.revoke(session.nonce, until: SessionSigner.seconds(now) + Self.lifetime + Self.clockSkew, now: now)
    }

    /// The cookie value of `session`.
    func cookieValue(for session: Session) -> String {
        signer.cookieValue(for: session)
    }
}
