import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// Invitations on SQLite: who makes, lists and revokes them; one account per invitation; a used,
/// late, revoked or unknown one refused with nothing made.
@Suite struct InvitationTests {
    /// A store whose clock the test moves, with the operator's first admin and one ordinary account.
    struct World {
        let directory = TemporaryDirectory()
        let clock = TestClock()
        let store: Store
        let admin: Account
        let alice: Account

        init() throws {
            store = try TestStores.open(directory, clock: clock.closure)
            admin = try requireAccount(try store.firstAdmin())
            alice = try store.createAccount(AccountDraft(login: try LoginName("alice")))
        }
    }

    static func draft(_ login: String) throws -> AccountDraft {
        AccountDraft(login: try LoginName(login), displayName: login.capitalized, language: "ko", timeZone: "Asia/Seoul",
                     passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA")
    }

    @Test func anInvitationMakesOneAccountOnceAndIsThenUsed() throws {
        let world = try World()
        let adminStore = world.store.acting(as: .account(world.admin.id))
        let issued = try adminStore.createInvitation(expiresIn: 7 * 86_400)
        #expect(issued.secret.utf8.count == 43)
        #expect(issued.invitation.madeBy == world.admin.id)
        #expect(issued.invitation.expiresAt == world.clock.now.addingTimeInterval(7 * 86_400))
        #expect(issued.link(base: "https://k.example/") == "https://k.example/invite/" + issued.secret)
        #expect(try adminStore.invitations() == [issued.invitation])
        #expect(try world.store.invitation(secret: issued.secret) == issued.invitation)

        // Whoever holds the secret makes the account, whatever the store's caller; the draft's admin flag is ignored.
        world.clock.advance(by: 60)
        var draft = try Self.draft("dana")
        draft.isAdmin = true
        let dana = try world.store.acting(as: .account(world.alice.id, readOnly: true)).acceptInvitation(secret: issued.secret, account: draft)
        #expect(dana.login.name == "dana" && dana.displayName == "Dana" && dana.language == "ko" && dana.timeZone == "Asia/Seoul")
        #expect(!dana.isAdmin)
        #expect(dana.passwordHash == draft.passwordHash)
        #expect(try world.store.account(dana.id) == dana)
        let used = try #require(try adminStore.invitations().first)
        #expect(used.usedBy == dana.id && used.usedAt == world.clock.now)
        // Its own books come with its first record, as for any account.
        let record = try world.store.acting(as: .account(dana.id)).create(RecordDraft(collection: "diary"))
        #expect(try world.store.book(try #require(record.book)).defaultOf == dana.id)

        // A second use is refused, saying when it was used; nothing is made.
        let again = try #require(thrownError { _ = try world.store.acceptInvitation(secret: issued.secret, account: try Self.draft("erin")) })
        #expect(again.code == .gone)
        #expect(again.message.contains("already used on") && again.message.contains("No account was made"), "\(again)")
        #expect(errorCode { _ = try world.store.account(login: try LoginName("erin")) } == .notFound)
        #expect(try world.store.accounts().count == 3)
        // A used invitation cannot be revoked.
        #expect(errorCode { try adminStore.revokeInvitation(issued.invitation.id) } == .conflict)
    }

    @Test func aLateRevokedUnknownOrTakenNameAcceptanceMakesNothing() throws {
        let world = try World()
        let late = try world.store.createInvitation(expiresIn: 3600, admin: true)
        #expect(late.invitation.madeBy == nil, "the operator made it")
        world.clock.advance(by: 3600)
        let expired = try #require(thrownError { _ = try world.store.acceptInvitation(secret: late.secret, account: try Self.draft("fred")) })
        #expect(expired.code == .gone)
        #expect(expired.message.contains("expired on"), "\(expired)")

        let revoked = try world.store.createInvitation(expiresIn: 3600)
        try world.store.revokeInvitation(revoked.invitation.id)
        #expect(try world.store.invitation(secret: revoked.secret) == nil)
        #expect(errorCode { _ = try world.store.acceptInvitation(secret: revoked.secret, account: try Self.draft("fred")) } == .notFound)
        #expect(errorCode { try world.store.revokeInvitation(revoked.invitation.id) } == .notFound)
        #expect(errorCode { _ = try world.store.acceptInvitation(secret: "not a secret", account: try Self.draft("fred")) } == .notFound)
        #expect(errorCode { _ = try world.store.acceptInvitation(secret: String(repeating: "A", count: 43), account: try Self.draft("fred")) } == .notFound)

        // A taken login name: refused, the invitation stays open for another try.
        let open = try world.store.createInvitation(expiresIn: 3600, admin: true)
        #expect(errorCode { _ = try world.store.acceptInvitation(secret: open.secret, account: try Self.draft("alice")) } == .conflict)
        #expect(errorCode { _ = try world.store.acceptInvitation(secret: open.secret, account: AccountDraft(login: try LoginName("gus"), language: "fr")) } == .invalidArgument)
        #expect(try world.store.invitation(secret: open.secret)?.isUsed == false)
        #expect(try world.store.accounts().count == 2)
        let gus = try world.store.acceptInvitation(secret: open.secret, account: try Self.draft("gus"))
        #expect(gus.isAdmin, "the invitation made an admin")
        #expect(errorCode { _ = try world.store.createInvitation(expiresIn: 59) } == .invalidArgument)
        #expect(errorCode { _ = try world.store.createInvitation(expiresIn: Store.longestInvitation + 1) } == .invalidArgument)
    }

    @Test func onlyAdminsMakeListAndRevokeInvitations() throws {
        let world = try World()
        let alice = world.store.acting(as: .account(world.alice.id))
        let issued = try world.store.createInvitation(expiresIn: 3600)
        #expect(errorCode { _ = try alice.createInvitation(expiresIn: 3600) } == .forbidden)
        #expect(errorCode { _ = try alice.invitations() } == .forbidden)
        #expect(errorCode { try alice.revokeInvitation(issued.invitation.id) } == .forbidden)
        // An admin through a read-only or book-limited token does not manage invitations either.
        let readOnlyAdmin = world.store.acting(as: .account(world.admin.id, readOnly: true))
        #expect(errorCode { _ = try readOnlyAdmin.createInvitation(expiresIn: 3600) } == .forbidden)
        #expect(errorCode { try readOnlyAdmin.revokeInvitation(issued.invitation.id) } == .forbidden)
        // A disabled admin is nobody.
        let second = try world.store.createAccount(AccountDraft(login: try LoginName("second"), isAdmin: true))
        _ = try world.store.updateAccount(second.id, AccountChange(disabled: true))
        #expect(errorCode { _ = try world.store.acting(as: .account(second.id)).invitations() } == .notFound)
        #expect(try world.store.invitations().map(\.id) == [issued.invitation.id])
        #expect(try world.store.invitation(secret: issued.secret)?.isUsed == false)
    }

    @Test func twoAcceptancesRacingMakeExactlyOneAccount() async throws {
        let world = try World()
        let issued = try world.store.createInvitation(expiresIn: 3600)
        let store = world.store, secret = issued.secret
        let outcomes = await withTaskGroup(of: KeepsakeError.Code?.self) { group in
            for index in 0..<8 {
                group.addTask {
                    errorCode { _ = try store.acceptInvitation(secret: secret, account: try Self.draft("racer\(index)")) }
                }
            }
            return await group.reduce(into: [KeepsakeError.Code?]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.filter { $0 == .gone }.count == 7)
        #expect(try store.accounts().filter { $0.login.name.hasPrefix("racer") }.count == 1)
    }
}
