import Foundation
import Testing
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeTestSupport

/// The engine's rule on PostgreSQL, with the server enforcing it a second time: a store opened as
/// servers should open it (migrated by the owner, used through `keepsake_app`), driven by people
/// sharing a book. Every operation runs under its caller's row-level security, so anything the engine
/// does for a caller must also be what the policies allow.
@Suite("PostgreSQL accounts and shared books through the engine")
struct PostgresStoreAccessTests {
    /// A store on a fresh schema through the login role, with folders for the images.
    static func openStore(_ label: String, schema: String = TestSchemas.make()) throws -> Store {
        let directory = PlaceFolders.make(label)
        let location = StoreLocation(root: directory.url)
        let metadata = try PostgresMetadataStore(url: try PostgresStoreURL(PostgresAccessFixture.withSchema(try PostgresAccessFixture.appURL(), schema)),
                                                 ownerURL: try PostgresStoreURL(PostgresAccessFixture.withSchema(try TestServers.postgresURL(), schema)))
        let options = StoreOptions()
        return try TestStores.open(metadata: metadata, blobs: try FolderBlobStore(location: location, reserveBytes: options.reserveBytes),
                                   location: location, options: options, clock: { Date() }, faults: nil)
    }

    @Test("Eight instances opening one new store at the same moment make one first admin between them, and every one opens")
    func instancesOpeningANewStoreAtOnceMakeOneFirstAdmin() async throws {
        let schema = TestSchemas.make()
        let stores = try await withThrowingTaskGroup(of: Store.self) { group in
            for index in 0..<8 { group.addTask { try Self.openStore("access-race-\(index)", schema: schema) } }
            return try await group.reduce(into: [Store]()) { $0.append($1) }
        }
        #expect(stores.count == 8)
        for store in stores {
            #expect(try store.accounts().map(\.login.name) == ["admin"])
        }
    }

    @Test("Sharing a diary: the owner writes with an image, a viewer reads it and its image but may not write, a stranger finds nothing, a member who leaves loses it")
    func sharingADiary() throws {
        let store = try Self.openStore("access-share")
        let admin = try #require(try store.firstAdmin())
        let alice = try store.createAccount(AccountDraft(login: try LoginName("alice")))
        let bob = try store.createAccount(AccountDraft(login: try LoginName("bob")))
        let carol = try store.createAccount(AccountDraft(login: try LoginName("carol")))
        let asAlice = store.acting(as: .account(alice.id)), asBob = store.acting(as: .account(bob.id)), asCarol = store.acting(as: .account(carol.id))

        let record = try asAlice.create(RecordDraft(collection: "diary", fields: ["title": .string("picnic")], images: [.file(Corpus.url("png/basn2c08.png"))]))
        let book = try #require(record.book)
        #expect(record.author == alice.id)
        #expect(try asAlice.book(book).defaultOf == alice.id)
        // Shared by the operator: the owner's own setRole reads the new member's account under the
        // owner's row-level security, which hides it (sharingByTheOwner below).
        try store.setRole(.viewer, for: bob.id, in: book)

        #expect(try asBob.record(record.id).fields["title"] == .string("picnic"))
        #expect(try asBob.list(RecordQuery(collection: "diary")).records.map(\.id) == [record.id])
        #expect(try asBob.search("picnic", in: "diary").map(\.id) == [record.id])
        #expect(try asBob.originalData(of: record.images[0]).count > 0)
        #expect(try asBob.changes(after: 0).map(\.recordID).contains(record.id))
        let forbidden = try #require(throws: KeepsakeError.self) { try asBob.update(record.id, set: ["title": .string("mine")]) }
        #expect(forbidden.code == .forbidden, "\(forbidden)")
        #expect(try asBob.members(of: book).map(\.account) == [alice.id, bob.id])

        let hidden = try #require(throws: KeepsakeError.self) { try asCarol.record(record.id) }
        #expect(hidden.code == .notFound)
        #expect(try asCarol.list(RecordQuery(collection: "diary")).records.isEmpty)
        #expect(try asCarol.changes(after: 0).isEmpty)
        #expect(try asCarol.search("picnic", in: "diary").isEmpty)
        #expect(throws: KeepsakeError.self) { try asCarol.book(book) }

        try asBob.removeMember(bob.id, from: book)
        #expect(throws: KeepsakeError.self) { try asBob.record(record.id) }
        #expect(try asBob.list(RecordQuery(collection: "diary")).records.isEmpty)

        // The operator's records go to the first admin's default book.
        let operatorRecord = try store.create(RecordDraft(collection: "diary", fields: [:]))
        #expect(try store.book(try #require(operatorRecord.book)).defaultOf == admin.id)
        #expect(try store.fsck().isClean)
    }

    @Test("Moving a record between two books of its owner is one journalled change; deleting a book purges its records and images")
    func movingAndDeletingBooks() throws {
        let store = try Self.openStore("access-move")
        let alice = try store.createAccount(AccountDraft(login: try LoginName("alice")))
        let asAlice = store.acting(as: .account(alice.id))
        let record = try asAlice.create(RecordDraft(collection: "feed", fields: ["text": .string("hello")], images: [.file(Corpus.url("png/basn2c08.png"))]))
        let family = try asAlice.createBook(collection: "feed", name: "Family")
        let before = try asAlice.lastChangeSequence()
        let moved = try asAlice.moveRecord(record.id, to: family.id)
        #expect(moved.book == family.id && moved.version == record.version + 1)
        let changes = try asAlice.changes(after: before)
        #expect(changes.map(\.kind) == [.updated] && changes.first?.book == family.id)
        try asAlice.deleteBook(family.id)
        #expect(throws: KeepsakeError.self) { try asAlice.record(record.id) }
        #expect(throws: KeepsakeError.self) { try store.record(record.id) }
        #expect(try store.fsck().isClean)
    }

    @Test("Removing an account: the books it shared go to the heir, the books only it was in are deleted with their records")
    func removingAnAccount() throws {
        let store = try Self.openStore("access-remove")
        let alice = try store.createAccount(AccountDraft(login: try LoginName("alice")))
        let bob = try store.createAccount(AccountDraft(login: try LoginName("bob")))
        let asAlice = store.acting(as: .account(alice.id))
        let shared = try asAlice.create(RecordDraft(collection: "ledger", fields: ["amount": .integer(5)]))
        try store.setRole(.editor, for: bob.id, in: try #require(shared.book))
        let alone = try asAlice.create(RecordDraft(collection: "diary", fields: [:]))

        try store.removeAccount(alice.id, heir: bob.id)
        #expect(try store.members(of: try #require(shared.book)).map(\.role) == [.owner])
        #expect(try store.acting(as: .account(bob.id)).record(shared.id).id == shared.id)
        #expect(throws: KeepsakeError.self) { try store.record(alone.id) }
        #expect(try store.books().allSatisfy { try store.members(of: $0.id).isEmpty == false })
    }

    @Test("Steps that read rows the caller's own policies hide run as the operator after the engine's check: an owner shares with a stranger, an admin removes an account with an heir")
    func engineStepsThePoliciesWouldHide() throws {
        let store = try Self.openStore("access-gaps")
        let admin = try #require(try store.firstAdmin())
        let alice = try store.createAccount(AccountDraft(login: try LoginName("alice")))
        let bob = try store.createAccount(AccountDraft(login: try LoginName("bob")))
        let asAlice = store.acting(as: .account(alice.id))
        let record = try asAlice.create(RecordDraft(collection: "diary", fields: [:]))
        let book = try #require(record.book)
        try asAlice.setRole(.viewer, for: bob.id, in: book)
        #expect(try store.acting(as: .account(bob.id)).record(record.id).id == record.id)
        try store.setRole(.editor, for: bob.id, in: book)
        try store.acting(as: .account(admin.id)).removeAccount(alice.id, heir: bob.id)
        #expect(try store.members(of: book) == [BookMember(book: book, account: bob.id, role: .owner)])
    }
}
