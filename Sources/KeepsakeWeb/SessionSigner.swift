import Foundation
import KeepsakeStore
import KeepsakeSupport

/// Signs sessions into cookie values and checks them again, with keys derived from the server's
/// secret (HMAC-SHA256): a cookie is valid only if this secret (and this password) made it, so
/// any server holding the same secret file accepts it and nobody else can forge one.
///
/// A cookie reads `1.<nonce>.<issued>.<a|g>.<signature>`: the format version, the session's
/// nonce (32 hex digits), when it was issued (seconds since 1970), `a` (logged in) or `g` (not),
/// and the HMAC-SHA256 of everything before it (64 hex digits). The signing key also depends on
/// the password, so changing the password ends every session, and a cookie made by a server
/// without a password is never taken as logged in by one with a password.
struct SessionSigner: Sendable {
    private static let version = "1"

    private let signingKey: Data
    private let csrfKey: Data
    /// Cookies this signer has verified already (their session is fixed by cookie and keys).
    private let verified = VerifiedCookies()

    /// Keys for `secret` (at least 32 bytes) and the configured password.
    init(secret: Data, password: String?) {
        let passwordDigest = SHA256.hex(Data((password ?? "").utf8))
        signingKey = Data(HMACSHA256.authenticate("keepsake web session signing, v1, password \(passwordDigest)", key: secret))
        csrfKey = Data(HMACSHA256.authenticate("keepsake web CSRF tokens, v1", key: secret))
    }

    /// A session with a fresh random nonce.
    func newSession(authenticated: Bool, now: Date) -> Session {
        session(nonce: Hex.encode(SecureBytes.random(16)), issuedAt: Self.seconds(now), authenticated: authenticated)
    }

    /// The same session issued again at `now` (same nonce, so the same CSRF token).
    func refreshed(_ session: Session, now: Date) -> Session {
        self.session(nonce: session.nonce, issuedAt: Self.seconds(now), authenticated: session.isAuthenticated)
    }

    /// The cookie value carrying `session`.
    func cookieValue(for session: Session) -> String {
        let payload = Self.payload(nonce: session.nonce, issuedAt: session.issuedAt, authenticated: session.isAuthenticated)
        return payload + "." + Hex.encode(HMACSHA256.authenticate(payload, key: signingKey))
    }

    /// The session a cookie value carries, if this secret signed it; `nil` for anything else (a
    /// forged, altered, truncated or foreign cookie). Expiry is the caller's to check. A cookie
    /// verified before is answered from ``VerifiedCookies`` (no HMAC).
    func session(fromCookie value: String) -> Session? {
        guard let dot = value.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let signed = value[..<dot], signature = value[value.index(after: dot)...]
        if let known = verified.session(signed: signed, signature: signature) { return known }
        guard let session = verifiedSession(fromCookie: value) else { return nil }
        verified.remember(signed: signed, signature: signature, session: session)
        return session
    }

    private func verifiedSession(fromCookie value: String) -> Session? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == Self.version,
              parts[1].utf8.count == 32, parts[1].utf8.allSatisfy(Self.isHexDigit),
              parts[2].utf8.count <= 12, let issuedAt = Int64(parts[2]), issuedAt >= 0,
              parts[3] == "a" || parts[3] == "g",
              parts[4].utf8.count == 64 else { return nil }
        let nonce = String(parts[1]), authenticated = parts[3] == "a"
        let payload = Self.payload(nonce: nonce, issuedAt: issuedAt, authenticated: authenticated)
        let expected = Hex.encode(HMACSHA256.authenticate(payload, key: signingKey))
        guard SecureBytes.constantTimeEquals(Data(expected.utf8), Data(parts[4].utf8)) else { return nil }
        return session(nonce: nonce, issuedAt: issuedAt, authenticated: authenticated)
    }

    private func session(nonce: String, issuedAt: Int64, authenticated: Bool) -> Session {
        Session(nonce: nonce, issuedAt: issuedAt, isAuthenticated: authenticated,
                csrfToken: Hex.encode(HMACSHA256.authenticate("csrf \(nonce)", key: csrfKey)))
    }

    private static func payload(nonce: String, issuedAt: Int64, authenticated: Bool) -> String {
        [version, nonce, String(issuedAt), authenticated ? "a" : "g"].joined(separator: ".")
    }

    /// Whole seconds since 1970.
    static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
