import Foundation
import Testing
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeTestSupport

/// Invitations on PostgreSQL through the engine and the login role `keepsake_app`: admins make them
/// under their own row-level security, an ordinary account sees none of them (not even by a query
/// without a filter), and acceptances racing on two servers make one account.
@Suite("PostgreSQL invitations")
struct PostgresInvitationTests {
    static func draft(_ login: String) throws -> AccountDraft {
        AccountDraft(login: try LoginName(login), displayName: login.capitalized, language: "en", timeZone: "UTC")
    }

    @Test("An admin makes, lists and revokes invitations under its own row-level security; an ordinary account is refused and its transactions see no invitation row")
    func adminsOnly() throws {
        let schema = TestSchemas.make()
        let store = try PostgresStoreAccessTests.openStore("invite-admins", schema: schema)
        let metadata = try PostgresMetadataStore(url: try PostgresStoreURL(PostgresAccessFixture.withSchema(try PostgresAccessFixture.appURL(), schema)))
        defer { metadata.close() }
        let admin = try #require(try store.firstAdmin())
        let alice = try store.createAccount(AccountDraft(login: try LoginName("alice")))
        let asAdmin = store.acting(as: .account(admin.id)), asAlice = store.acting(as: .account(alice.id))

        let issued = try asAdmin.createInvitation(expiresIn: 86_400, admin: true)
        let revoked = try asAdmin.createInvitation(expiresIn: 86_400)
        #expect(try asAdmin.invitations().map(\.id) == [issued.invitation.id, revoked.invitation.id])
        try asAdmin.revokeInvitation(revoked.invitation.id)
        #expect(try asAdmin.invitations().map(\.id) == [issued.invitation.id])

        #expect(throws: KeepsakeError.self) { _ = try asAlice.createInvitation(expiresIn: 86_400) }
        #expect(throws: KeepsakeError.self) { _ = try asAlice.invitations() }
        #expect(throws: KeepsakeError.self) { try asAlice.revokeInvitation(issued.invitation.id) }
        // The server's own rule, below the engine: Alice's transactions see no row of the table.
        let seen = try metadata.read(as: .account(alice.id)) { tx in
            try (tx as! PostgresTransaction).connection.query("SELECT count(*) FROM invitation").scalar(Int.self)
        }
        #expect(seen == 0)
        let forAdmin = try metadata.read(as: .account(admin.id)) { tx in
            try (tx as! PostgresTransaction).connection.query("SELECT count(*) FROM invitation").scalar(Int.self)
        }
        #expect(forAdmin == 1)
        let stored = try metadata.read(as: .localOperator) { tx in
            try (tx as! PostgresTransaction).connection.query("SELECT secret_sha256 FROM invitation").scalar(String.self)
        }
        #expect(stored != issued.secret && stored.count == 64, "only the secret's SHA-256 is stored")

        // Accepted by someone with no account (run as the operator inside the engine).
        let dana = try asAlice.acceptInvitation(secret: issued.secret, account: try Self.draft("dana"))
        #expect(dana.isAdmin)
        #expect(try asAdmin.invitations().first?.usedBy == dana.id)
        let again = try #require(throws: KeepsakeError.self) { try store.acceptInvitation(secret: issued.secret, account: try Self.draft("erin")) }
        #expect(again.code == .gone)
        #expect(try store.accounts().map(\.login.name).sorted() == ["admin", "alice", "dana"])
    }

    @Test("Two servers accepting one invitation at the same moment, four times each: exactly one account")
    func racingServers() async throws {
        let schema = TestSchemas.make()
        let first = try PostgresStoreAccessTests.openStore("invite-race-1", schema: schema)
        let second = try PostgresStoreAccessTests.openStore("invite-race-2", schema: schema)
        let issued = try first.createInvitation(expiresIn: 3600)
        let secret = issued.secret
        let outcomes = try await withThrowingTaskGroup(of: KeepsakeError.Code?.self) { group in
            for index in 0..<8 {
                let store = index % 2 == 0 ? first : second
                group.addTask {
                    do {
                        _ = try store.acceptInvitation(secret: secret, account: try Self.draft("racer\(index)"))
                        return nil
                    } catch let error as KeepsakeError {
                        return error.code
                    }
                }
            }
            return try await group.reduce(into: [KeepsakeError.Code?]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
        #expect(outcomes.filter { $0 == .gone }.count == 7, "\(outcomes)")
        #expect(try second.accounts().filter { $0.login.name.hasPrefix("racer") }.count == 1)
    }
}
