public import Foundation
import KeepsakeSupport

/// Invitations (issue 22): an admin makes a one-time link that expires; whoever holds it makes one
/// account with it. The secret is 32 random bytes, shown once; the store keeps only its SHA-256,
/// so a copy of the database cannot make accounts.
extension Store {
    /// The longest an invitation may stay open: a year.
    public static let longestInvitation: TimeInterval = 365 * 86_400

    /// Makes an invitation that expires `expiresIn` seconds from now (admins and the local
    /// operator). Returns it with its secret, which is never shown again.
    ///
    /// - Parameter admin: whether the account made with it is an admin.
    /// - Throws: `invalidArgument` for a lifetime that is not between a minute and a year;
    ///   `forbidden` for a caller who is not an admin (or uses a read-only or book-limited token).
    public func createInvitation(expiresIn: TimeInterval, admin: Bool = false) throws -> IssuedInvitation {
        guard expiresIn >= 60, expiresIn <= Self.longestInvitation else {
            throw KeepsakeError(.invalidArgument, "An invitation must stay open between a minute and a year; nothing was made.")
        }
        let secret = Self.base64URL(SecureBytes.random(32))
        return try metadata.write(as: caller) { tx in
            try tx.assertLive()
            try requireAdmin(tx)
            let now = clock()
            let invitation = Invitation(id: .random(), madeBy: caller.accountID, madeAt: now, expiresAt: now.addingTimeInterval(expiresIn),
                                        usedAt: nil, usedBy: nil, isAdmin: admin)
            try tx.insertInvitation(invitation, secretSHA256: Self.invitationHash(secret))
            return IssuedInvitation(invitation: invitation, secret: secret)
        }
    }

    /// Every invitation, open, used or expired, oldest first (admins and the operator).
    ///
    /// - Throws: `forbidden` for a caller who is not an admin.
    public func invitations() throws -> [Invitation] {
        try metadata.read(as: caller) { tx in
            if let me = try callerAccount(tx), !me.isAdmin { throw Self.adminNeeded }
            return try tx.invitations()
        }
    }

    /// Revokes an invitation that has not been used (admins and the operator): its link stops
    /// working at once.
    ///
    /// - Throws: `notFound` for an unknown id; `conflict` for one already used (the account it
    ///   made stays; remove or disable that instead); `forbidden` for a caller who is not an admin.
    public func revokeInvitation(_ id: InvitationID) throws {
        try metadata.write(as: caller) { tx in
            try tx.assertLive()
            try requireAdmin(tx)
            guard let invitation = try tx.invitation(id) else { throw Self.noSuchInvitation(id) }
            if let usedAt = invitation.usedAt {
                throw KeepsakeError(.conflict, "Invitation \(id) was already used on \(Self.moment(usedAt)), so there is nothing to revoke; disable or remove the account it made instead. Nothing was changed.")
            }
            try tx.deleteInvitation(id)
        }
    }

    /// The invitation whose secret is `secret`, used or not, or `nil` when no invitation has it
    /// (mistyped, revoked, never made). Anyone may ask: holding the secret is the right to see it.
    /// Read as the local operator (the caller of a public page is nobody yet).
    public func invitation(secret: String) throws -> Invitation? {
        guard let hash = Self.checkedInvitationHash(secret) else { return nil }
        return try metadata.read(as: .localOperator) { tx in try tx.invitation(secretSHA256: hash) }
    }

    /// Makes the account `draft` with the invitation whose secret is `secret`, and marks the
    /// invitation used, in one write transaction: of two acceptances racing, one makes its account
    /// and the other is refused as used. The account is made as ``createAccount(_:)`` makes one
    /// (its own diary, ledger and feed books come with its first record in each); it is an admin
    /// exactly when the invitation says so (`draft.isAdmin` is ignored).
    ///
    /// Anyone may call this, whoever the store's caller is: the secret is the right. The
    /// transaction runs as the local operator once the secret has matched (on PostgreSQL the
    /// invitation and account rows are the operator's and admins' alone; the person accepting has
    /// no account yet).
    ///
    /// - Throws: `notFound` for an unknown secret; ``KeepsakeError/Code/gone`` for an invitation
    ///   used already or expired (the message says when); `conflict` for a login name that is taken
    ///   (the invitation stays open); `invalidArgument` for a bad display name, language or time zone.
    ///   Nothing is made when it throws.
    @discardableResult
    public func acceptInvitation(secret: String, account draft: AccountDraft) throws -> Account {
        let displayName = try Self.checkedDisplayName(draft.displayName.isEmpty ? draft.login.name : draft.displayName)
        try Self.checkLanguage(draft.language)
        try Self.checkTimeZone(draft.timeZone)
        guard let hash = Self.checkedInvitationHash(secret) else { throw Self.unknownInvitation }
        return try metadata.write(as: .localOperator) { tx in
            try tx.assertLive()
            guard var invitation = try tx.invitation(secretSHA256: hash) else { throw Self.unknownInvitation }
            let now = clock()
            try Self.requireOpen(invitation, at: now)
            let account = Account(id: .random(), login: draft.login, displayName: displayName, language: draft.language, timeZone: draft.timeZone,
                                  isAdmin: invitation.isAdmin, disabledAt: nil, passwordHash: draft.passwordHash, credentialVersion: 1, createdAt: now)
            try tx.insertAccount(account)
            invitation.usedAt = now
            invitation.usedBy = account.id
            try tx.updateInvitation(invitation)
            return account
        }
    }

    // MARK: - Rules

    /// Throws ``KeepsakeError/Code/gone`` for an invitation used already or expired at `date`.
    static func requireOpen(_ invitation: Invitation, at date: Date) throws {
        if let usedAt = invitation.usedAt {
            throw KeepsakeError(.gone, "This invitation was already used on \(moment(usedAt)); each one makes one account. Ask an admin for a new one. No account was made.")
        }
        if invitation.isExpired(at: date) {
            throw KeepsakeError(.gone, "This invitation expired on \(moment(invitation.expiresAt)). Ask an admin for a new one. No account was made.")
        }
    }

    /// The SHA-256 (lowercase hex) the store keeps of `secret`.
    static func invitationHash(_ secret: String) -> String {
        SHA256.hex(Data(secret.utf8))
    }

    /// ``invitationHash(_:)`` of text that can be a secret (43 characters of base64url); `nil` for
    /// anything else, which no invitation has.
    static func checkedInvitationHash(_ secret: String) -> String? {
        let allowed = secret.utf8.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
        }
        guard secret.utf8.count == 43, allowed else { return nil }
        return invitationHash(secret)
    }

    /// `data` in base64url without padding (RFC 4648 §5).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A moment for messages: `2026-12-02 18:46 UTC`.
    static func moment(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
    }

    static let unknownInvitation = KeepsakeError(.notFound, "This invitation link is not known: it may be mistyped, or it was revoked. Ask an admin for a new one. No account was made.")

    static func noSuchInvitation(_ id: InvitationID) -> KeepsakeError {
        KeepsakeError(.notFound, "There is no invitation \(id); it may have been revoked. Nothing was changed.")
    }
}
