import Foundation

/// Invitations (``Invitation``): one row each, with the SHA-256 of the secret, never the secret.
/// SQLite has one writer at a time, so an acceptance that reads the row in its write transaction
/// holds it until it commits.
extension SQLiteTransaction {
    static let invitationColumns = "id, made_by, made_at, expires_at, used_at, used_by, is_admin"

    func invitation(_ id: InvitationID) throws -> Invitation? {
        try db.queryOne("SELECT \(Self.invitationColumns) FROM invitation WHERE id = ?", [.text(id.string)], SQLiteRows.invitation)
    }

    func invitation(secretSHA256: String) throws -> Invitation? {
        try db.queryOne("SELECT \(Self.invitationColumns) FROM invitation WHERE secret_sha256 = ?", [.text(secretSHA256)], SQLiteRows.invitation)
    }

    func invitations() throws -> [Invitation] {
        try db.query("SELECT \(Self.invitationColumns) FROM invitation ORDER BY made_at, id", [], SQLiteRows.invitation)
    }

    func insertInvitation(_ invitation: Invitation, secretSHA256: String) throws {
        if try db.scalarInt("SELECT count(*) FROM invitation WHERE id = ? OR secret_sha256 = ?", [.text(invitation.id.string), .text(secretSHA256)]) > 0 {
            throw KeepsakeError(.conflict, "An invitation with this id or secret exists already; make a new one. Nothing was made.")
        }
        try db.run("""
            INSERT INTO invitation (id, secret_sha256, made_by, made_at, expires_at, used_at, used_by, is_admin) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(invitation.id.string), .text(secretSHA256), .optionalText(invitation.madeBy?.string),
                  .real(invitation.madeAt.timeIntervalSince1970), .real(invitation.expiresAt.timeIntervalSince1970),
                  .optionalReal(invitation.usedAt?.timeIntervalSince1970), .optionalText(invitation.usedBy?.string), .int(invitation.isAdmin ? 1 : 0)])
    }

    func updateInvitation(_ invitation: Invitation) throws {
        try db.run("UPDATE invitation SET used_at = ?, used_by = ? WHERE id = ?",
                   [.optionalReal(invitation.usedAt?.timeIntervalSince1970), .optionalText(invitation.usedBy?.string), .text(invitation.id.string)])
    }

    func deleteInvitation(_ id: InvitationID) throws {
        try db.run("DELETE FROM invitation WHERE id = ?", [.text(id.string)])
    }
}
