import Foundation
import Testing
import KeepsakeTestSupport

/// `keepsake token create|list|revoke`, in-process: the token is printed once on standard output,
/// how to use it on standard error; list never shows it; revoke by name or id; the errors' codes.
@Suite struct TokenCommandTests {
    @Test func aTokenIsPrintedOnceListedWithoutItAndRevokedByName() async throws {
        let cli = CLI("cli-token")
        #expect(try await cli.ok(["token", "list"]) == "No API tokens; make one with keepsake token create --name NAME.\n")

        let made = try await cli.run(["token", "create", "--name", "phone"])
        #expect(made.status == 0, "\(made.stderr)")
        let token = made.stdout.trimmingCharacters(in: .newlines)
        #expect(token.wholeMatch(of: /ks_[0-9a-f]+_[0-9a-f]{64}/) != nil, "\(made.stdout)")
        #expect(made.stderr.hasPrefix("Made the token phone (id "), "\(made.stderr)")
        #expect(made.stderr.contains("Use it as: Authorization: Bearer \(token.prefix(8))…"))

        struct Made: Decodable { let token: String, id: String, name: String, readOnly: String }
        let reader = try await cli.json(Made.self, ["token", "create", "--name", "backup", "--read-only"])
        #expect(reader.name == "backup" && reader.readOnly == "true" && reader.token.hasPrefix("ks_\(reader.id)_"))

        let listed = try await cli.ok(["token", "list"])
        #expect(!listed.contains(token) && !listed.contains(reader.token), "list never shows a token")
        #expect(listed.contains("  phone  read-write  created ") && listed.contains("  backup  read-only  created "), "\(listed)")
        #expect(listed.split(separator: "\n").allSatisfy { $0.hasSuffix("  active") })

        #expect(try await cli.ok(["token", "revoke", "phone"]).hasPrefix("Revoked the token phone (id "))
        struct Info: Decodable { let id: String, name: String, readOnly: Bool, revokedAt: Date? }
        let all = try await cli.json([Info].self, ["token", "list"])
        #expect(all.map(\.name).sorted() == ["backup", "phone"])
        #expect(all.first { $0.name == "phone" }?.revokedAt != nil && all.first { $0.name == "backup" }?.revokedAt == nil)
        let revoked = try await cli.json(Info.self, ["token", "revoke", reader.id])
        #expect(revoked.name == "backup" && revoked.revokedAt != nil)
    }

    @Test func tokenMistakesSayWhatToDoWithTheirExitCodes() async throws {
        let cli = CLI("cli-token")
        try await cli.fails(2, ["token", "create"], containing: "token create needs --name NAME")
        try await cli.fails(2, ["token"], containing: "token needs an action (create, list, revoke)")
        try await cli.fails(2, ["token", "revoke"])
        try await cli.fails(1, ["token", "revoke", "nobody"], containing: "No token has the id or name")
        try await cli.ok(["token", "create", "--name", "phone"])
        try await cli.fails(3, ["token", "create", "--name", "phone"], containing: "exists already")
        try await cli.fails(1, ["token", "create", "--name", ""])
    }
}
