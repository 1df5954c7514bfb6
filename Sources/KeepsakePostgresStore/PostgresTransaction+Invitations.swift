import Foundation
import KeepsakePostgres
import KeepsakeStore

/// Invitations (``PostgresInvitationSchema``), under the transaction's bound caller: the operator or
/// an enabled admin sees them, anyone else none.
extension PostgresTransaction {
    /// The columns the invitation reads return, in order.
    static let invitationColumns = "id, made_by, made_at, expires_at, used_at, used_by, is_admin"

    func invitation(_ id: InvitationID) throws -> Invitation? {
        try connection.query("SELECT \(Self.invitationColumns) FROM invitation WHERE id = $1", [id.string]).first.map(Self.invitation)
    }

    /// In a write transaction the row is locked (`FOR UPDATE`) until COMMIT: a second acceptance
    /// waits, then reads the row as the first left it (used).
    func invitation(secretSHA256: String) throws -> Invitation? {
        let lock = writable ? " FOR UPDATE" : ""
        return try connection.query("SELECT \(Self.invitationColumns) FROM invitation WHERE secret_sha256 = $1\(lock)", [secretSHA256])
            .first.map(Self.invitation)
    }

    func invitations() throws -> [Invitation] {
        try connection.query("SELECT \(Self.invitationColumns) FROM invitation ORDER BY made_at, id").map(Self.invitation)
    }

    /// `ON CONFLICT DO NOTHING`: a taken id or secret is the engine's conflict, not a failed
    /// statement that would end the transaction.
    func insertInvitation(_ invitation: Invitation, secretSHA256: String) throws {
        let inserted = try connection.execute("""
            INSERT INTO invitation (id, secret_sha256, made_by, made_at, expires_at, used_at, used_by, is_admin)
            VALUES ($1, $2, $3, $4::float8, $5::float8, $6::float8, $7, $8) ON CONFLICT DO NOTHING
            """, [invitation.id.string, secretSHA256, invitation.madeBy?.string, invitation.madeAt.timeIntervalSince1970,
                  invitation.expiresAt.timeIntervalSince1970, invitation.usedAt?.timeIntervalSince1970, invitation.usedBy?.string, invitation.isAdmin])
        if inserted == 0 {
            throw KeepsakeError(.conflict, "An invitation with this id or secret exists already; make a new one. Nothing was made.")
        }
    }

    func updateInvitation(_ invitation: Invitation) throws {
        try connection.execute("UPDATE invitation SET used_at = $2::float8, used_by = $3 WHERE id = $1",
                               [invitation.id.string, invitation.usedAt?.timeIntervalSince1970, invitation.usedBy?.string])
    }

    func deleteInvitation(_ id: InvitationID) throws {
        try connection.execute("DELETE FROM invitation WHERE id = $1", [id.string])
    }

    /// An invitation from the columns of ``invitationColumns``.
    static func invitation(_ row: PostgresRow) throws -> Invitation {
        Invitation(id: try InvitationID(parsing: try row.decode(String.self, at: 0)),
                   madeBy: try row.decode(String?.self, at: 1).map { try AccountID(parsing: $0) },
                   madeAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 2)),
                   expiresAt: Date(timeIntervalSince1970: try row.decode(Double.self, at: 3)),
                   usedAt: try row.decode(Double?.self, at: 4).map(Date.init(timeIntervalSince1970:)),
                   usedBy: try row.decode(String?.self, at: 5).map { try AccountID(parsing: $0) },
                   isAdmin: try row.decode(Bool.self, at: 6))
    }
}
