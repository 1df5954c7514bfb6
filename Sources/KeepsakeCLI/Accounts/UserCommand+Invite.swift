import Foundation
import KeepsakeStore

extension UserCommand {
    /// `keepsake user invite [--admin] [--days N] [--url BASE]`: a one-time link that makes one account.
    struct Invite: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "invite", abstract: "Make a one-time link that makes one account (admins).",
            discussion: """
                Makes an invitation and prints its link, BASE/invite/SECRET, once: the store keeps only the
                secret's SHA-256, so the link cannot be shown again (make a new one if it is lost). Whoever
                opens the link on the web app chooses a login name, display name, password, language and
                time zone, and is logged in; the link then stops working. It expires after --days days
                (default 7, at most 365); user invitations lists them, user uninvite revokes one.
                """,
            examples: [
                "keepsake user invite --url https://keepsake.example.org",
                "keepsake user invite --admin --days 1",
            ])

        /// Admin rights for the account it makes.
        @Flag("--admin", help: "The account it makes is an admin.") var admin: Bool
        /// Its lifetime.
        @Option("--days", .integer(in: 1...365), help: "Days until it expires, 1 to 365; default 7.") var days: Int?
        /// The web app's address.
        @Option("--url", .text("BASE"), help: "The web app's address the link starts with (default http://localhost:8080).") var url: String?

        /// Makes the invitation and prints its link.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let base = url ?? "http://localhost:8080"
            guard let parsed = URL(string: base), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host() != nil else {
                throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(base)) is not the address of a web app: use one such as https://keepsake.example.org. No invitation was made.")
            }
            let issued = try store.createInvitation(expiresIn: TimeInterval(days ?? 7) * 86_400, admin: admin)
            let link = issued.link(base: base)
            let output = InvitationOutput(issued.invitation, now: Date(), logins: [:], link: link)
            try call.printResult(output) {
                call.print(link)
                call.print("This link makes one \(admin ? "admin " : "")account, once, until \(DateText.format(issued.invitation.expiresAt, timeZone: call.timeZone)); it is not shown again (invitation \(issued.invitation.id)).")
            }
            return 0
        }
    }
}
