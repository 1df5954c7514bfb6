import Foundation
import Testing
import KeepsakeStore
import KeepsakeTestSupport

/// `keepsake user invite`, `user invitations` and `user uninvite`, in-process on a fresh store: the
/// link printed once works once; a non-admin is refused; a revoked link stops working.
@Suite struct InvitationCommandTests {
    /// An invitation as `user invite --json` and `user invitations --json` print it.
    struct ListedInvitation: Decodable {
        let id: String
        let isAdmin: Bool
        let madeBy: String?
        let state: String
        let usedBy: String?
        let link: String?
    }

    @Test func anInvitationLinkIsPrintedOnceAndMakesOneAccount() async throws {
        let cli = CLI("invite")
        let output = try await cli.ok(["user", "invite", "--url", "https://keepsake.example.org/", "--days", "2"])
        let lines = output.split(separator: "\n").map(String.init)
        let link = try #require(lines.first)
        #expect(link.hasPrefix("https://keepsake.example.org/invite/") && link.count == "https://keepsake.example.org/invite/".count + 43, "\(output)")
        #expect(lines.count == 2 && lines[1].contains("not shown again"), "\(output)")
        let secret = String(link.split(separator: "/").last!)

        let admin = try await cli.json(ListedInvitation.self, ["user", "invite", "--admin"])
        #expect(admin.isAdmin && admin.state == "open")
        #expect(admin.link?.hasPrefix("http://localhost:8080/invite/") == true)

        var listed = try await cli.json([ListedInvitation].self, ["user", "invitations"])
        #expect(listed.map(\.state) == ["open", "open"])
        #expect(listed.allSatisfy { $0.link == nil && $0.madeBy == nil }, "no link is ever listed; the operator made them")
        let text = try await cli.ok(["user", "invitations"])
        #expect(!text.contains(secret) && text.contains("open until") && text.contains("made by the operator"), "\(text)")

        // The link works once (the web app's acceptance is this engine call).
        let store = try TestStores.open(cli.directory)
        let dana = try store.acceptInvitation(secret: secret, account: AccountDraft(login: try LoginName("dana")))
        listed = try await cli.json([ListedInvitation].self, ["user", "invitations"])
        #expect(listed.map(\.state) == ["used", "open"])
        #expect(listed[0].usedBy == "dana")
        #expect(try store.account(dana.id).login.name == "dana")
        try await cli.fails(3, ["user", "uninvite", listed[0].id], containing: "already used")

        // A non-admin may not invite, list or revoke.
        try await cli.fails(1, ["--user", "dana", "user", "invite"], containing: "needs an admin")
        try await cli.fails(1, ["--user", "dana", "user", "invitations"], containing: "needs an admin")
        try await cli.fails(1, ["--user", "dana", "user", "uninvite", admin.id], containing: "needs an admin")

        // Revoked: the link stops working.
        let revoked = try await cli.ok(["user", "uninvite", admin.id])
        #expect(revoked == "Revoked invitation \(admin.id).\n")
        let adminSecret = try #require(admin.link?.split(separator: "/").last.map(String.init))
        #expect(throws: KeepsakeError.self) { try store.acceptInvitation(secret: adminSecret, account: AccountDraft(login: try LoginName("eve"))) }
        try await cli.fails(1, ["user", "uninvite", admin.id], containing: "no invitation")
        #expect(try await cli.run(["user", "uninvite", "not-an-id"]).status == 2)
        #expect(try await cli.run(["user", "invite", "--days", "400"]).status == 2)
        try await cli.fails(1, ["user", "invite", "--url", "keepsake.example.org"], containing: "not the address of a web app")
    }
}
