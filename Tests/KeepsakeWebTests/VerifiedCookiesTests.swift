import Foundation
import KeepsakeStore
@testable import KeepsakeWeb
import Testing

/// A signer remembers the cookies it verified, and the memory never accepts what the signature
/// check would refuse: an altered signature, another secret's cookie, a login forged onto a guest
/// cookie, or more cookies than it holds.
@Suite struct VerifiedCookiesTests {
    let secret = Data((0..<32).map { UInt8($0) })
    /// An account as the store would hand it over (the signer reads only its id and version).
    static let account = Account(id: AccountID.random(), login: try! LoginName("mina"), displayName: "Mina", language: "en", timeZone: "UTC",
                                 isAdmin: false, disabledAt: nil, passwordHash: nil, credentialVersion: 3, createdAt: Date())

    @Test func aVerifiedCookieIsRememberedAndGivesTheSameSession() throws {
        let signer = SessionSigner(secret: secret)
        let session = signer.newSession(account: Self.account, now: Date())
        let cookie = signer.cookieValue(for: session)
        #expect(signer.session(fromCookie: cookie) == session)
        #expect(signer.session(fromCookie: cookie) == session, "the remembered answer")
    }

    @Test func aRememberedCookieWithAnotherSignatureIsRefused() throws {
        let signer = SessionSigner(secret: secret)
        let cookie = signer.cookieValue(for: signer.newSession(account: nil, now: Date()))
        #expect(signer.session(fromCookie: cookie) != nil)
        let last = cookie.last == "0" ? "1" : "0"
        #expect(signer.session(fromCookie: String(cookie.dropLast()) + last) == nil)
        #expect(signer.session(fromCookie: String(cookie.dropLast())) == nil)
        #expect(signer.session(fromCookie: String(cookie.dropLast(64)) + "a." + String(repeating: "0", count: 64)) == nil)
        // Logged in with the same nonce and time, signature reused: refused.
        let forged = cookie.replacingOccurrences(of: ".g.0.", with: ".\(Self.account.id.string).\(Self.account.credentialVersion).")
        #expect(signer.session(fromCookie: forged) == nil)
        #expect(signer.session(fromCookie: cookie) != nil, "the genuine one still passes")
    }

    @Test func anotherSecretDoesNotShareTheMemory() throws {
        let signer = SessionSigner(secret: secret)
        let cookie = signer.cookieValue(for: signer.newSession(account: Self.account, now: Date()))
        #expect(signer.session(fromCookie: cookie) != nil)
        #expect(SessionSigner(secret: Data(repeating: 7, count: 32)).session(fromCookie: cookie) == nil)
    }

    @Test func theMemoryIsBoundedAndAPushedOutCookieIsVerifiedAgain() throws {
        let cache = VerifiedCookies(capacity: 3)
        let signer = SessionSigner(secret: secret)
        let sessions = (0..<5).map { _ in signer.newSession(account: nil, now: Date()) }
        for session in sessions {
            let cookie = signer.cookieValue(for: session)
            let dot = try #require(cookie.lastIndex(of: "."))
            cache.remember(signed: cookie[..<dot], signature: cookie[cookie.index(after: dot)...], session: session)
            #expect(cache.count <= 3)
        }
        #expect(cache.count == 3)
        for session in sessions {
            let cookie = signer.cookieValue(for: session)
            #expect(signer.session(fromCookie: cookie) == session)
        }
    }
}
