import Foundation
@testable import KeepsakeWeb
import Testing

/// A signer remembers the cookies it verified, and the memory never accepts what the signature
/// check would refuse: an altered signature, another secret's cookie, or more cookies than it holds.
@Suite struct VerifiedCookiesTests {
    let secret = Data((0..<32).map { UInt8($0) })

    @Test func aVerifiedCookieIsRememberedAndGivesTheSameSession() throws {
        let signer = SessionSigner(secret: secret, password: nil)
        let session = signer.newSession(authenticated: true, now: Date())
        let cookie = signer.cookieValue(for: session)
        #expect(signer.session(fromCookie: cookie) == session)
        #expect(signer.session(fromCookie: cookie) == session, "the remembered answer")
    }

    @Test func aRememberedCookieWithAnotherSignatureIsRefused() throws {
        let signer = SessionSigner(secret: secret, password: nil)
        let cookie = signer.cookieValue(for: signer.newSession(authenticated: false, now: Date()))
        #expect(signer.session(fromCookie: cookie) != nil)
        let last = cookie.last == "0" ? "1" : "0"
        #expect(signer.session(fromCookie: String(cookie.dropLast()) + last) == nil)
        #expect(signer.session(fromCookie: String(cookie.dropLast())) == nil)
        #expect(signer.session(fromCookie: String(cookie.dropLast(64)) + "a." + String(repeating: "0", count: 64)) == nil)
        // Logged in with the same nonce and time, signature reused: refused.
        let forged = cookie.replacingOccurrences(of: ".g.", with: ".a.")
        #expect(signer.session(fromCookie: forged) == nil)
        #expect(signer.session(fromCookie: cookie) != nil, "the genuine one still passes")
    }

    @Test func anotherSecretOrPasswordDoesNotShareTheMemory() throws {
        let signer = SessionSigner(secret: secret, password: nil)
        let cookie = signer.cookieValue(for: signer.newSession(authenticated: true, now: Date()))
        #expect(signer.session(fromCookie: cookie) != nil)
        #expect(SessionSigner(secret: secret, password: "words").session(fromCookie: cookie) == nil)
        #expect(SessionSigner(secret: Data(repeating: 7, count: 32), password: nil).session(fromCookie: cookie) == nil)
    }

    @Test func theMemoryIsBoundedAndAPushedOutCookieIsVerifiedAgain() throws {
        let cache = VerifiedCookies(capacity: 3)
        let signer = SessionSigner(secret: secret, password: nil)
        let sessions = (0..<5).map { _ in signer.newSession(authenticated: false, now: Date()) }
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
