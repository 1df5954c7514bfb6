public import Foundation

/// A one-time invitation to make an account: whoever holds its secret (the link an admin hands
/// out) makes one account with it, once, before it expires. The store keeps only the secret's
/// SHA-256, never the secret.
public struct Invitation: Sendable, Hashable, Codable, Identifiable {
    /// Its id (for lists and revoking; not its secret).
    public var id: InvitationID
    /// The admin who made it; `nil` when the local operator made it.
    public var madeBy: AccountID?
    /// When it was made.
    public var madeAt: Date
    /// When it stops working.
    public var expiresAt: Date
    /// When it was used; `nil` while it is open.
    public var usedAt: Date?
    /// The account made with it; `nil` while it is open.
    public var usedBy: AccountID?
    /// Whether the account made with it is an admin.
    public var isAdmin: Bool

    /// Creates an invitation value (the engine makes invitations; metadata stores build these from rows).
    public init(id: InvitationID, madeBy: AccountID?, madeAt: Date, expiresAt: Date, usedAt: Date?, usedBy: AccountID?, isAdmin: Bool) {
        self.id = id
        self.madeBy = madeBy
        self.madeAt = madeAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.usedBy = usedBy
        self.isAdmin = isAdmin
    }

    /// Whether an account was made with it.
    public var isUsed: Bool { usedAt != nil }

    /// Whether it has expired at `date` (at its expiry time it no longer works).
    public func isExpired(at date: Date) -> Bool { date >= expiresAt }

    /// Whether it can still make an account at `date`: not used and not expired.
    public func isOpen(at date: Date) -> Bool { !isUsed && !isExpired(at: date) }
}
