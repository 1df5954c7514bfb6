import KeepsakeStore

extension UserCommand {
    /// `keepsake user uninvite ID`.
    struct Uninvite: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "uninvite", abstract: "Revoke an invitation that has not been used (admins).",
            discussion: """
                Revokes the invitation ID (as user invitations lists them): its link stops working at once.
                A used invitation cannot be revoked; disable or remove the account it made instead.
                """,
            examples: ["keepsake user uninvite 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

        /// The invitation.
        @Argument(.invitationID, hint: "an invitation id, as user invitations lists them") var id: InvitationID

        /// Revokes it.
        func run(_ call: Invocation) async throws -> Int32 {
            try call.openStore().revokeInvitation(id)
            try call.printResult(["revoked": id.string]) { call.print("Revoked invitation \(id).") }
            return 0
        }
    }
}
