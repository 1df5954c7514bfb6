import Foundation
import KeepsakeStore
import KeepsakeSupport
import Synchronization

/// One server's memory of the API tokens' secrets — the SHA-256 of each, as the store keeps it —
/// so that the HTTP layer's head check can refuse a real token id with a wrong secret before any
/// byte of its body is read, without asking the store on every request.
///
/// It is loaded from the store when the app starts. A token id that is not in it yet (a token made
/// since) is read from the store once and remembered, found or not; the head check asks only for
/// ids whose HMAC is good (``APITokens/isGenuine(id:key:)``), so a made-up id never reaches the
/// store and the store is read at most once per token per server. A token's secret never changes
/// (a new token has a new id), so nothing remembered goes stale; revocation is the store's to say,
/// asked by the handler on every request (and what it finds is remembered in
/// ``WebApp/revokedTokens``).
final class APITokenSecrets: Sendable {
    /// What the memory says of a presented token.
    enum Verdict: Sendable, Equatable {
        /// The secret is the token's, and the token was not revoked when it was read.
        case matches
        /// The secret is the token's, but the token was revoked when it was read.
        case revoked
        /// The store has this token, with another secret.
        case wrongSecret
        /// The store has no token with this id.
        case unknown
    }

    /// What is remembered of one id.
    private enum Entry: Sendable {
        /// The token: the SHA-256 of its secret (lowercase hex) and whether it was revoked.
        case token(secretSHA256: String, revoked: Bool)
        /// The store has no token with this id.
        case absent
    }

    private let tokens: APITokens
    private let entries: Mutex<[String: Entry]>

    /// Loads every token of `tokens`' store.
    ///
    /// - Throws: a ``KeepsakeError`` when the store's tokens cannot be read.
    init(tokens: APITokens) throws {
        self.tokens = tokens
        entries = Mutex(try tokens.storedTokens().mapValues { Entry.token(secretSHA256: $0.secretSHA256, revoked: $0.info.isRevoked) })
    }

    /// Whether `secret` is the secret of the token `id` (an id whose HMAC was checked), compared in
    /// constant time on SHA-256 digests. Reads the store only for an id not remembered yet.
    ///
    /// - Throws: a ``KeepsakeError`` when that read fails (nothing is remembered then).
    func verdict(id: String, secret: String) throws -> Verdict {
        let entry: Entry
        if let known = entries.withLock({ $0[id] }) {
            entry = known
        } else {
            let stored = try tokens.storedToken(id: id)
            entry = stored.map { .token(secretSHA256: $0.secretSHA256, revoked: $0.info.isRevoked) } ?? .absent
            entries.withLock { $0[id] = entry }
        }
        guard case .token(let secretSHA256, let revoked) = entry else { return .unknown }
        guard SecureBytes.constantTimeEquals(Data(SHA256.hex(Data(secret.utf8)).utf8), Data(secretSHA256.utf8)) else { return .wrongSecret }
        return revoked ? .revoked : .matches
    }
}
