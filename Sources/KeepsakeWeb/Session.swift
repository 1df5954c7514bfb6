import Foundation

/// One browser's session: a random id (the cookie), the token every form of that browser must
/// send back (CSRF protection), and whether it has given the password.
struct Session: Sendable, Hashable {
    /// The cookie that carries the session id.
    static let cookieName = "keepsake_session"
    /// The form field that carries the CSRF token.
    static let csrfField = "_csrf"

    /// The id: 32 random bytes, hex.
    let id: String
    /// The CSRF token: 32 random bytes, hex, fixed for the session's life.
    let csrfToken: String
    /// Whether the password was given (always true when no password is configured).
    var isAuthenticated: Bool
    /// When the session was last used; idle sessions expire.
    var lastSeen: Date

    /// 32 bytes from the system's cryptographic generator (`getrandom`), as 64 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Compares two secrets in time that depends only on their lengths.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
