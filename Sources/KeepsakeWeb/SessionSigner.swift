import Foundation
import KeepsakeStore
import KeepsakeSupport

/// Signs sessions into cookie values and checks them again, with keys derived from the server's
/// secret (HMAC-SHA256): a cookie is valid only if this secret made it, so any server holding the
/// same secret file accepts it and nobody else can forge one.
///
/// A cookie reads `2.<nonce>.<issued>.<account>.<credential version>.<signature>`: the format
/// version, the session's nonce (32 hex digits), when it was issued (seconds since 1970), the id
/// of the account that logged in (`g` before a login), that account's credential version at the
/// login (`0` before one), and the HMAC-SHA256 of everything before it (64 hex digits). Whether the
/// account still has that version is ``Sessions``' to check on every request: a password change or
/// a disable ends every session of the account at once, on every server. Cookies of the format
/// before accounts (`1.…`) are refused: their browsers log in again.
struct SessionSigner: Sendable {
    private static let version = "2"

    private let signingKey: Data
    private let csrfKey: Data
    /// Cookies this signer has verified already (their session is fixed by cookie and keys).
    private let verified = VerifiedCookies()

    /// Keys for `secret` (at least 32 bytes).
    init(secret: Data) {
        signingKey = Data(HMACSHA256.authenticate("keepsake web session signing, v2, accounts", key: secret))
        csrfKey = Data(HMACSHA256.authenticate("keepsake web CSRF tokens, v1", key: secret))
    }

    /// A session with a fresh random nonce, logged in as `account` (with its credential version)
    /// or not logged in.
    func newSession(account: Account?, now: Date) -> Session {
        session(nonce: Hex.encode(SecureBytes.random(16)), issuedAt: Self.seconds(now),
                accountID: account?.id, credentialVersion: account?.credentialVersion ?? 0)
    }

    /// The same session issued again at `now` (same nonce, so the same CSRF token).
    func refreshed(_ session: Session, now: Date) -> Session {
        self.session(nonce: session.nonce, issuedAt: Self.seconds(now), accountID: session.accountID,
                     credentialVersion: session.credentialVersion)
    }

    /// The cookie value carrying `session`.
    func cookieValue(for session: Session) -> String {
        let payload = Self.payload(nonce: session.nonce, issuedAt: session.issuedAt, accountID: session.accountID,
                                   credentialVersion: session.credentialVersion)
        return payload + "." + Hex.encode(HMACSHA256.authenticate(payload, key: signingKey))
    }

    /// The session a cookie value carries, if this secret signed it; `nil` for anything else (a
    /// forged, altered, truncated or foreign cookie). Expiry and the account are the caller's to
    /// check. A cookie verified before is answered from ``VerifiedCookies`` (no HMAC).
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
        guard parts.count == 6, parts[0] == Self.version,
              parts[1].utf8.count == 32, parts[1].utf8.allSatisfy(Self.isHexDigit),
              parts[2].utf8.count <= 12, let issuedAt = Int64(parts[2]), issuedAt >= 0,
              parts[3] == "g" || parts[3].utf8.count == 36,
              parts[4].utf8.count <= 19, parts[4].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let credentialVersion = Int64(parts[4]),
              parts[5].utf8.count == 64 else { return nil }
        let accountID: AccountID?
        if parts[3] == "g" {
            accountID = nil
        } else {
            guard let id = try? AccountID(parsing: String(parts[3])), id.string == parts[3] else { return nil }
            accountID = id
        }
        let nonce = String(parts[1])
        let payload = Self.payload(nonce: nonce, issuedAt: issuedAt, accountID: accountID, credentialVersion: credentialVersion)
        let expected = Hex.encode(HMACSHA256.authenticate(payload, key: signingKey))
        guard SecureBytes.constantTimeEquals(Data(expected.utf8), Data(parts[5].utf8)) else { return nil }
        return session(nonce: nonce, issuedAt: issuedAt, accountID: accountID, credentialVersion: credentialVersion)
    }

    private func session(nonce: String, issuedAt: Int64, accountID: AccountID?, credentialVersion: Int64) -> Session {
        Session(nonce: nonce, issuedAt: issuedAt, accountID: accountID, credentialVersion: credentialVersion,
                csrfToken: Hex.encode(HMACSHA256.authenticate("csrf \(nonce)", key: csrfKey)))
    }

    private static func payload(nonce: String, issuedAt: Int64, accountID: AccountID?, credentialVersion: Int64) -> String {
        [version, nonce, String(issuedAt), accountID?.string ?? "g", String(credentialVersion)].joined(separator: ".")
    }

    /// Whole seconds since 1970.
    static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
