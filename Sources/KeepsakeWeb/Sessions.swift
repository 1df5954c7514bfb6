import Foundation
import KeepsakeStore

/// The sessions of the web app without any table of them: each browser's session travels in its
/// signed cookie (``SessionSigner``), so requests without a cookie cost nothing and can never
/// push a live session out, and every server holding the same secret accepts the same cookies.
/// Logging out writes the session's nonce to the store's shared ``SessionRevocations``.
///
/// A logged-in session names its account and the account's credential version at the login; every
/// request reads the account again (one point read) and refuses the session when the account is
/// gone, disabled, or its version has moved on (a password change, a disable, an admin change), so
/// such a change ends the account's sessions at once on every server of the store.
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
    /// The store whose accounts log in, as the local operator sees it.
    let accounts: Store
    /// Whether the server asks for a login (then logouts are recorded, and only logged-in sessions
    /// use the app).
    let requiresLogin: Bool

    /// The session of a request.
    struct Resolved: Sendable {
        /// The session the request belongs to.
        let session: Session
        /// The account logged in with it, as the store has it now; `nil` before a login.
        let account: Account?
        /// Whether the response must send the session's cookie (new or refreshed).
        let sendsCookie: Bool
    }

    /// The session a cookie carries, with its account, when it is genuine, unexpired and (for a
    /// logged-in session) not logged out, of an account that is there, enabled and still at the
    /// session's credential version; `nil` otherwise.
    ///
    /// - Throws: ``WebError`` when the revocation list or the account cannot be read.
    func validSession(cookie: String?, now: Date) throws(WebError) -> (session: Session, account: Account?)? {
        try validSession(cookie: cookie, now: now) { id, nonce throws(WebError) in try facts(id, nonce, now: now) }
    }

    /// What the check of a logged-in session reads from the store: whether it was logged out, and
    /// its account (`nil` when gone).
    struct Facts {
        /// Whether the session's nonce is in ``SessionRevocations``, unexpired.
        let isRevoked: Bool
        /// The account as the store has it now.
        let account: Account?
    }

    /// ``validSession(cookie:now:)`` with what the store says of the session read by `lookup`,
    /// given the session's account and nonce (the image path reads both in the transaction of its
    /// access check).
    func validSession(cookie: String?, now: Date,
                      facts lookup: (AccountID, String) throws(WebError) -> Facts) throws(WebError) -> (session: Session, account: Account?)? {
        guard let cookie, let session = signer.session(fromCookie: cookie) else { return nil }
        let age = SessionSigner.seconds(now) - session.issuedAt
        guard age <= Self.lifetime, age >= -Self.clockSkew else { return nil }
        guard let id = session.accountID else { return (session, nil) }
        guard requiresLogin else { return nil }  // a login of a server that asked for one, not this one
        let facts = try lookup(id, session.nonce)
        guard !facts.isRevoked, let account = facts.account, !account.isDisabled, account.credentialVersion == session.credentialVersion else {
            return nil
        }
        return (session, account)
    }

    /// The facts of the session `nonce` of account `id`, read from the store (two point reads).
    private func facts(_ id: AccountID, _ nonce: String, now: Date) throws(WebError) -> Facts {
        Facts(isRevoked: try revocations.isRevoked(nonce, now: now), account: try account(id))
    }

    /// The account `id`, `nil` when it is gone.
    private func account(_ id: AccountID) throws(WebError) -> Account? {
        do {
            return try accounts.account(id)
        } catch let error as KeepsakeError where error.code == .notFound {
            return nil
        } catch {
            let reason = (error as? KeepsakeError)?.message ?? "\(error)"
            throw WebError("The account of a session cannot be read: \(reason) Logged-in pages need it.")
        }
    }

    /// The session of a request with this cookie: the cookie's own, refreshed when it is getting
    /// old, or a new one that has not logged in.
    ///
    /// - Throws: ``WebError`` when the revocation list or the account cannot be read.
    func resolve(cookie: String?, now: Date) throws(WebError) -> Resolved {
        try resolve(cookie: cookie, now: now) { id, nonce throws(WebError) in try facts(id, nonce, now: now) }
    }

    /// ``resolve(cookie:now:)`` with the session's facts read by `lookup` (``validSession(cookie:now:facts:)``).
    func resolve(cookie: String?, now: Date, facts lookup: (AccountID, String) throws(WebError) -> Facts) throws(WebError) -> Resolved {
        guard let (session, account) = try validSession(cookie: cookie, now: now, facts: lookup) else {
            return Resolved(session: signer.newSession(account: nil, now: now), account: nil, sendsCookie: true)
        }
        if SessionSigner.seconds(now) - session.issuedAt >= Self.refreshAfter {
            return Resolved(session: signer.refreshed(session, now: now), account: account, sendsCookie: true)
        }
        return Resolved(session: session, account: account, sendsCookie: false)
    }

    /// A new session logged in as `account` (a new nonce: an id seen before the login is never
    /// trusted after it).
    func loggedIn(as account: Account, now: Date) -> Session {
        signer.newSession(account: account, now: now)
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
