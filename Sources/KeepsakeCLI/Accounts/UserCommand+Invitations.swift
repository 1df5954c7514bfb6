import Foundation
import KeepsakeStore

extension UserCommand {
    /// `keepsake user invitations`.
    struct Invitations: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "invitations", abstract: "Every invitation: open, used or expired (admins).",
            discussion: """
                Lists the invitations, oldest first: id, whether the account it makes is an admin, open
                until when, used when and by whom, or expired when, and who made it. Never a link: a link
                is printed once, by user invite.
                """,
            examples: ["keepsake user invitations", "keepsake user invitations --json"])

        /// Prints the invitations.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let invitations = try store.invitations()
            let logins = Dictionary(try store.accounts().map { ($0.id, $0.login.name) }, uniquingKeysWith: { first, _ in first })
            let now = Date()
            let output = invitations.map { InvitationOutput($0, now: now, logins: logins) }
            try call.printResult(output) {
                if output.isEmpty { call.print("No invitations.") }
                output.forEach { call.print($0.line(timeZone: call.timeZone)) }
            }
            return 0
        }
    }
}
