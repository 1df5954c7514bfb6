public import Foundation
public import KeepsakeStore

/// What is kept about one API token: never the token itself, only its id, a name, the account it
/// acts as, its scopes (read-only; a subset of the account's books), and (in the store) the SHA-256
/// of its secret part.
public struct APITokenInfo: Codable, Sendable, Hashable {
    /// The token's id: the public part of the token (`ks_<id>_<secret>`).
    public var id: String
    /// The name given at creation (`phone`), unique among the tokens not revoked.
    public var name: String
    /// Whether it may only read (`GET`, `HEAD`).
    public var readOnly: Bool
    /// The account it acts as; `nil` for a token made before accounts, which acts as the store's
    /// first admin.
    public var owner: AccountID?
    /// The books it is limited to (by id, sorted), within what its account may do; `nil`: every
    /// book of the account.
    public var books: [BookID]?
    /// When it was made.
    public var createdAt: Date
    /// When it was revoked; `nil` while it is good.
    public var revokedAt: Date?

    /// Whether it is revoked.
    public var isRevoked: Bool { revokedAt != nil }

    /// What it may do as `account` (its owner, or the first admin for a token without one): the
    /// caller its requests act as.
    public func caller(as account: AccountID) -> Caller {
        .account(account, readOnly: readOnly, books: books.map(Set.init))
    }
}
