public import Foundation

/// What is kept about one API token: never the token itself, only its id, a name, whether it may
/// change anything, and (in the store) the SHA-256 of its secret part.
public struct APITokenInfo: Codable, Sendable, Hashable {
    /// The token's id: the public part of the token (`ks_<id>_<secret>`).
    public var id: String
    /// The name given at creation (`phone`), unique among the tokens not revoked.
    public var name: String
    /// Whether it may only read (`GET`, `HEAD`).
    public var readOnly: Bool
    /// When it was made.
    public var createdAt: Date
    /// When it was revoked; `nil` while it is good.
    public var revokedAt: Date?

    /// Whether it is revoked.
    public var isRevoked: Bool { revokedAt != nil }
}
