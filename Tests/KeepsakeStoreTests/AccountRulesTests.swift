import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// Accounts: who manages them, the last admin, removal with and without an heir.
@Suite struct AccountRulesTests {
    let images = Corpus.smallImages

    @Test func theLastAdminCannotBeDisabledDemotedOrRemoved() throws {
        let world = try AccessWorld()
        let admin = world.admin
        #expect(errorCode { _ = try world.store.updateAccount(admin.id, AccountChange(disabled: true)) } == .conflict)
        #expect(errorCode { _ = try world.store.updateAccount(admin.id, AccountChange(isAdmin: false)) } == .conflict)
        #expect(errorCode { try world.store.removeAccount(admin.id, heir: nil) } == .conflict)
        #expect(errorCode { _ = try world.acting(admin).updateAccount(admin.id, AccountChange(isAdmin: false)) } == .conflict)
        #expect(try world.store.account(admin.id) == admin)

        // With a second admin, the first may go.
        _ = try world.store.updateAccount(world.alice.id, AccountChange(isAdmin: true))
        let demoted = try world.store.updateAccount(admin.id, AccountChange(isAdmin: false))
        #expect(!demoted.isAdmin)
        #expect(demoted.credentialVersion == admin.credentialVersion + 1)
        #expect(try world.store.firstAdmin()?.id == world.alice.id)
        #expect(errorCode { _ = try world.store.updateAccount(world.alice.id, AccountChange(disabled: true)) } == .conflict)
        try world.store.removeAccount(admin.id, heir: nil)
        #expect(errorCode { _ = try world.store.account(admin.id) } == .notFound)
    }

    @Test func onlyAdminsManageAccountsAndEveryoneTheirOwnProfile() throws {
        let world = try AccessWorld()
        let bob = world.acting(world.bob)
        #expect(errorCode { _ = try bob.createAccount(AccountDraft(login: try LoginName("dave"))) } == .forbidden)
        #expect(try bob.accounts().map(\.id) == [world.bob.id])
        #expect(errorCode { _ = try bob.account(world.alice.id) } == .notFound)
        #expect(errorCode { _ = try bob.account(login: try LoginName("alice")) } == .notFound)
        #expect(errorCode { _ = try bob.updateAccount(world.alice.id, AccountChange(displayName: "x")) } == .notFound)
        #expect(errorCode { _ = try bob.updateAccount(world.bob.id, AccountChange(isAdmin: true)) } == .forbidden)
        #expect(errorCode { _ = try bob.updateAccount(world.bob.id, AccountChange(disabled: true)) } == .forbidden)
        #expect(errorCode { try bob.removeAccount(world.alice.id, heir: nil) } == .forbidden)

        let changed = try bob.updateAccount(world.bob.id, AccountChange(displayName: "Bobby", language: "en", timeZone: "Europe/Paris",
                                                                        passwordHash: .some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA")))
        #expect(changed.displayName == "Bobby")
        #expect(changed.timeZone == "Europe/Paris")
        #expect(changed.credentialVersion == world.bob.credentialVersion + 1)
        #expect(try bob.updateAccount(world.bob.id, AccountChange(passwordHash: .some(nil))).passwordHash == nil)
        #expect(errorCode { _ = try bob.updateAccount(world.bob.id, AccountChange(language: "fr")) } == .invalidArgument)
        #expect(errorCode { _ = try bob.updateAccount(world.bob.id, AccountChange(timeZone: "Mars/Olympus")) } == .invalidArgument)

        // An admin manages accounts but reads nobody's books.
        let adminStore = world.acting(world.admin)
        let dave = try adminStore.createAccount(AccountDraft(login: try LoginName("Dave")))
        #expect(dave.login.name == "dave")
        #expect(errorCode { _ = try adminStore.createAccount(AccountDraft(login: try LoginName("DAVE"))) } == .conflict)
        #expect(try adminStore.accounts().count == 5)
        let secret = try bob.create(RecordDraft(collection: "diary"))
        #expect(errorCode { _ = try adminStore.record(secret.id) } == .notFound)
        #expect(errorCode { _ = try LoginName("-x") } == .invalidArgument)
        #expect(errorCode { _ = try LoginName(String(repeating: "a", count: 33)) } == .invalidArgument)
    }

    @Test func removingAnAccountNeedsAnHeirForItsSharedBooksAndDeletesItsOwnBooks() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let shared = try alice.createBook(collection: "ledger", name: "Household")
        try alice.setRole(.editor, for: world.bob.id, in: shared.id)
        let household = try bob.create(RecordDraft(collection: "ledger", book: shared.id))
        let privateRecord = try alice.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        let privateBook = try #require(privateRecord.book)
        let file = world.directory.appending(privateRecord.images[0].path.string)
        #expect(FileManager.default.fileExists(atPath: file.path))
        // Bob's own book, where Alice is a viewer: Alice's membership just ends.
        let bobsBook = try bob.createBook(collection: "feed", name: "Bob's feed")
        try bob.setRole(.viewer, for: world.alice.id, in: bobsBook.id)

        #expect(errorCode { try world.store.removeAccount(world.alice.id, heir: nil) } == .conflict)
        #expect(try world.store.account(world.alice.id).id == world.alice.id)
        #expect(try world.store.record(privateRecord.id).id == privateRecord.id)

        try world.store.removeAccount(world.alice.id, heir: world.bob.id)
        #expect(errorCode { _ = try world.store.account(world.alice.id) } == .notFound)
        #expect(try bob.role(in: shared.id) == .owner)
        #expect(try bob.members(of: shared.id).map(\.account) == [world.bob.id])
        #expect(try bob.record(household.id).id == household.id)
        #expect(try bob.members(of: bobsBook.id).map(\.account) == [world.bob.id])
        #expect(errorCode { _ = try world.store.book(privateBook) } == .notFound)
        #expect(try world.store.recordIfPresent(privateRecord.id) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try world.store.fsck().isClean)
    }

    @Test func removingAnAccountWithoutSharedBooksNeedsNoHeir() throws {
        let world = try AccessWorld()
        let carol = world.acting(world.carol)
        let record = try carol.create(RecordDraft(collection: "feed", images: [.file(images[1])]))
        try world.store.removeAccount(world.carol.id, heir: nil)
        #expect(try world.store.recordIfPresent(record.id) == nil)
        #expect(try world.store.books(in: "feed").isEmpty)
        #expect(try world.store.accounts().map(\.login.name) == ["admin", "alice", "bob"])
        #expect(errorCode { try world.store.removeAccount(world.carol.id, heir: nil) } == .notFound)
    }
}
