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
        try PostgresAccessFixture.appStore(schema: schema, directory: PlaceFolders.make(label))
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
        #expect(changes.map(\.kind) == [.left, .updated] && changes.map(\.book) == [record.book, family.id])
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

    @Test("The change feed per caller: a member added gets its book's older records, one removed or whose book is deleted a left entry for each, a reader of the old book of a moved record a left one; no one else sees them, nor a token of other books")
    func theChangeFeedPerCaller() throws {
        let store = try Self.openStore("access-feed")
        let alice = try store.createAccount(AccountDraft(login: try LoginName("alice")))
        let bob = try store.createAccount(AccountDraft(login: try LoginName("bob")))
        let carol = try store.createAccount(AccountDraft(login: try LoginName("carol")))
        let asAlice = store.acting(as: .account(alice.id)), asBob = store.acting(as: .account(bob.id)), asCarol = store.acting(as: .account(carol.id))
        let trip = try asAlice.createBook(collection: "diary", name: "Trip")
        let live = try asAlice.create(RecordDraft(collection: "diary", book: trip.id))
        let binned = try asAlice.create(RecordDraft(collection: "diary", book: trip.id))
        _ = try asAlice.trash(binned.id)
        try asAlice.setRole(.viewer, for: carol.id, in: trip.id)

        // Added: Bob's feed after his cursor brings the older records; Carol and Alice see nothing of it.
        var mark = try store.lastChangeSequence()  // the operator's: an account's is the newest it sees
        try asAlice.setRole(.editor, for: bob.id, in: trip.id)
        let shared = try asBob.changePage(after: mark)
        #expect(shared.changes.map(\.kind) == [.shared, .shared])
        #expect(Set(shared.records.keys) == [live.id, binned.id])
        #expect(try asCarol.changes(after: mark).isEmpty)
        #expect(try asAlice.changes(after: mark).isEmpty)
        mark = try store.lastChangeSequence()
        try asAlice.setRole(.viewer, for: bob.id, in: trip.id)
        #expect(try store.lastChangeSequence() == mark)

        // Moved out: Bob, who reads only the old book, gets `left`; Alice, who reads both, `left` then `updated`.
        let home = try asAlice.defaultBook(of: alice.id, in: "diary")
        _ = try asAlice.moveRecord(live.id, to: home.id)
        #expect(try asBob.changes(after: mark).map(\.kind) == [.left])
        #expect(try asAlice.changes(after: mark).map(\.kind) == [.left, .updated])
        #expect(try asBob.changePage(after: mark).records.isEmpty)
        _ = try asAlice.moveRecord(live.id, to: trip.id)

        // Removed: Bob gets a left entry per record, whatever his tokens; no one else sees them.
        mark = try store.lastChangeSequence()
        try asAlice.removeMember(bob.id, from: trip.id)
        let left = try asBob.changePage(after: mark)
        #expect(left.changes.map(\.kind) == [.left, .left] && left.changes.allSatisfy { $0.audience == bob.id })
        #expect(left.records.isEmpty)
        #expect(try store.acting(as: .account(bob.id, readOnly: true, books: [trip.id])).changes(after: mark).count == 2)
        let bobsFeed = try asBob.defaultBook(of: bob.id, in: "feed")
        #expect(try store.acting(as: .account(bob.id, books: [bobsFeed.id])).changes(after: mark).isEmpty)
        #expect(try asCarol.changes(after: mark).isEmpty)
        #expect(try asAlice.changes(after: mark).isEmpty)
        #expect(try store.changes(after: mark).isEmpty)

        // Deleted: its members (Alice and Carol) get a left entry for each purged record.
        mark = try store.lastChangeSequence()
        try asAlice.deleteBook(trip.id)
        for reader in [asAlice, asCarol] {
            let page = try reader.changePage(after: mark)
            #expect(Set(page.changes.map(\.recordID)) == [live.id, binned.id])
            #expect(page.changes.allSatisfy { $0.kind == .left } && page.records.isEmpty)
        }
        #expect(try asBob.changes(after: mark).isEmpty)
        #expect(try store.fsck().isClean)
    }
}
