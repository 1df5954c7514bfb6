import Foundation
import Testing
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport
@testable import KeepsakeStoreTransfer

/// Whole-store transfers keep the people: an export archive and a move carry every account (its
/// password hash and credential version), book and membership, and every record stays in its own
/// book with its author.
@Suite struct AccessTransferTests {
    /// Two people: Alice keeps a diary and shares a ledger book with Bob, who may only read it.
    struct World {
        var alice: Account
        var bob: Account
        var ledger: Book
        var shared: Record
        var diary: Record
        var bobsOwn: Record
    }

    static func makeWorld(_ store: Store) throws -> World {
        let hasher = Argon2idHasher(parameters: Argon2idParameters(memoryKiB: 1024, iterations: 1, parallelism: 1))
        let alice = try store.createAccount(AccountDraft(login: try LoginName("alice"), displayName: "Alice", timeZone: "Asia/Seoul",
                                                         passwordHash: try hasher.hash("alice's long password")))
        let bob = try store.createAccount(AccountDraft(login: try LoginName("bob"), displayName: "Bob", language: "ko"))
        _ = try store.updateAccount(bob.id, AccountChange(passwordHash: .some(try hasher.hash("bob's long password")), quota: .some(5_000_000_000)))
        let asAlice = store.acting(as: .account(alice.id)), asBob = store.acting(as: .account(bob.id))
        let ledger = try asAlice.createBook(collection: "ledger", name: "Household")
        try asAlice.setRole(.viewer, for: bob.id, in: ledger.id)
        let shared = try asAlice.create(RecordDraft(collection: "ledger", fields: ["memo": .string("rent"), "amount": .integer(500)],
                                                    images: [.file(Corpus.smallImages[0])], book: ledger.id))
        let diary = try asAlice.create(RecordDraft(collection: "diary", fields: ["title": .string("alice's secret")]))
        let bobsOwn = try asBob.create(RecordDraft(collection: "diary", fields: ["title": .string("bob's day")], images: [.file(Corpus.smallImages[1])]))
        return World(alice: try store.account(alice.id), bob: try store.account(bob.id), ledger: ledger, shared: shared, diary: diary, bobsOwn: bobsOwn)
    }

    /// What the copy must show: Bob reads the shared record and his own, not Alice's diary; each
    /// record is in its own book with its author; the hashes are the same strings.
    static func expectSamePeople(_ copy: Store, as original: Store, world: World, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try copy.accessSnapshot() == original.accessSnapshot(), sourceLocation: sourceLocation)
        let bob = try copy.account(login: try LoginName("bob"))
        #expect(bob.id == world.bob.id && bob.passwordHash == world.bob.passwordHash && bob.credentialVersion == world.bob.credentialVersion,
                sourceLocation: sourceLocation)
        let hash = try #require(try copy.account(world.alice.id).passwordHash, sourceLocation: sourceLocation)
        #expect(hash == world.alice.passwordHash, sourceLocation: sourceLocation)
        #expect(try Argon2idHasher().verify("alice's long password", against: hash), sourceLocation: sourceLocation)
        #expect(try copy.account(login: try LoginName("admin")).id == (try original.firstAdmin())?.id, sourceLocation: sourceLocation)

        let asBob = copy.acting(as: .account(world.bob.id))
        #expect(try asBob.record(world.shared.id).fields["memo"] == .string("rent"), sourceLocation: sourceLocation)
        #expect(try asBob.role(in: world.ledger.id) == .viewer, sourceLocation: sourceLocation)
        #expect(throws: KeepsakeError.self, sourceLocation: sourceLocation) { try asBob.record(world.diary.id) }
        #expect(try asBob.list(RecordQuery(collection: "diary")).records.map(\.id) == [world.bobsOwn.id], sourceLocation: sourceLocation)
        #expect(throws: KeepsakeError.self, sourceLocation: sourceLocation) {
            try asBob.update(world.shared.id, set: ["memo": .string("mine now")])
        }
        let asAlice = copy.acting(as: .account(world.alice.id))
        #expect(try asAlice.record(world.diary.id).fields["title"] == .string("alice's secret"), sourceLocation: sourceLocation)
        for record in [world.shared, world.diary, world.bobsOwn] {
            let held = try copy.record(record.id)
            #expect(held.book == record.book && held.author == record.author, sourceLocation: sourceLocation)
        }
        // The quota goes with the account, and each photo still counts for the one who added it.
        #expect(try copy.account(world.bob.id).quota == 5_000_000_000, sourceLocation: sourceLocation)
        #expect(try copy.storageUsage() == original.storageUsage(), sourceLocation: sourceLocation)
        #expect(try copy.storageUsage(of: world.bob.id) == world.bobsOwn.images[0].byteSize, sourceLocation: sourceLocation)
        #expect(try copy.fsck().isClean, sourceLocation: sourceLocation)
    }

    @Test(arguments: [StoreBackend.embedded, StoreBackend.distributed])
    func anExportImportedIntoANewStoreKeepsTheAccountsBooksAndWhoReadsWhat(into targetBackend: StoreBackend) throws {
        let source = try StoreBackend.embedded.makePlace("access-export-source").open()
        let world = try Self.makeWorld(source)
        let files = TemporaryDirectory("access-export-files")
        let archive = files.appending("store.tar.gz")
        try StoreArchive(store: source).export(to: archive)

        let target = try targetBackend.makePlace("access-export-target").open()
        #expect(try target.accounts().map(\.login.name) == ["admin"])
        let imported = try StoreArchive(store: target).import(from: archive)
        #expect(imported.imported == 3 && imported.images == 2 && imported.accounts == 3 && imported.books == 3)
        try Self.expectSamePeople(target, as: source, world: world)

        // Importing it again writes nothing new.
        let again = try StoreArchive(store: target).import(from: archive)
        #expect(again.imported == 0 && again.skipped == 3)
        try Self.expectSamePeople(target, as: source, world: world)
    }

    @Test func anArchiveWithAccountsIsRefusedWholeByAStoreWhosePeopleClashAndByAnAccount() throws {
        let source = try StoreBackend.embedded.makePlace("access-clash-source").open()
        _ = try Self.makeWorld(source)
        let files = TemporaryDirectory("access-clash-files")
        let archive = files.appending("store.tar.gz")
        try StoreArchive(store: source).export(to: archive)

        // A store in use: its own admin wrote a record, and it has its own alice.
        let used = try StoreBackend.embedded.makePlace("access-clash-target").open()
        _ = try used.create(RecordDraft(collection: "diary", fields: ["title": .string("mine")]))
        let ownAlice = try used.createAccount(AccountDraft(login: try LoginName("alice")))
        let before = try used.accessSnapshot()
        var error: KeepsakeError?
        do { try StoreArchive(store: used).import(from: archive) } catch let refusal as KeepsakeError { error = refusal }
        #expect(error?.code == .conflict)
        #expect(error?.message.contains("new, empty store") == true)
        #expect(try used.status().totalRecords == 1)
        #expect(try used.accessSnapshot() == before)

        // An account may not import other people's accounts.
        let fresh = try StoreBackend.embedded.makePlace("access-clash-fresh").open()
        let admin = try #require(try fresh.firstAdmin())
        var forbidden: KeepsakeError?
        do { try StoreArchive(store: fresh.acting(as: .account(admin.id))).import(from: archive) } catch let refusal as KeepsakeError { forbidden = refusal }
        #expect(forbidden?.code == .forbidden)
        #expect(try fresh.status().totalRecords == 0)
        _ = ownAlice

        // A store used by its first admin alone takes the records into that admin's books.
        let solo = try StoreBackend.embedded.makePlace("access-clash-solo").open()
        _ = try solo.create(RecordDraft(collection: "diary", fields: ["title": .string("mine")]))
        let summary = try StoreArchive(store: solo).import(from: archive)
        #expect(summary.imported == 3 && summary.accounts == 0)
        #expect(try solo.accounts().map(\.login.name) == ["admin"])
        #expect(try solo.fsck().isClean)
    }

    @Test func anExportMadeAsAnAccountCarriesNoAccountsAndImportsIntoTheImportersBooks() throws {
        let source = try StoreBackend.embedded.makePlace("access-user-export").open()
        let world = try Self.makeWorld(source)
        let files = TemporaryDirectory("access-user-export-files")
        let archive = files.appending("bob.tar.gz")
        let summary = try StoreArchive(store: source.acting(as: .account(world.bob.id))).export(to: archive)
        #expect(summary.records == 2, "Bob's own diary entry and the ledger record he reads")
        let reader = try ExportReader(path: archive.path)
        var names: [String] = []
        while let entry = try reader.next() { names.append(entry.name) }
        #expect(!names.contains(StoreArchive.accessEntry) && names.contains("keepsake-export.json"))

        let target = try StoreBackend.embedded.makePlace("access-user-import").open()
        let imported = try StoreArchive(store: target).import(from: archive)
        #expect(imported.imported == 2 && imported.accounts == 0)
        let admin = try #require(try target.firstAdmin())
        #expect(try target.accounts().map(\.id) == [admin.id])
        #expect(try target.record(world.bobsOwn.id).author == admin.id)
        #expect(try target.fsck().isClean)
    }

    /// One book alone: its records and their images only, no accounts; a reader of the book may
    /// export it, anyone else finds no such book; imported into another store, the records land in
    /// the importer's own book of the app, photos byte for byte.
    @Test func anExportOfOneBookHoldsItsRecordsAloneAndAnotherAccountCannotExportIt() throws {
        let source = try StoreBackend.embedded.makePlace("book-export-source").open()
        let world = try Self.makeWorld(source)
        _ = try source.acting(as: .account(world.alice.id)).create(RecordDraft(collection: "ledger", fields: ["memo": .string("alice's own ledger")]))
        let files = TemporaryDirectory("book-export-files")
        let archive = files.appending("household.tar.gz")
        let summary = try StoreArchive(store: source.acting(as: .account(world.bob.id))).export(to: archive, book: world.ledger.id)
        #expect(summary.records == 1 && summary.images == 1)
        let reader = try ExportReader(path: archive.path)
        var names: [String] = []
        while let entry = try reader.next() { names.append(entry.name) }
        #expect(!names.contains(StoreArchive.accessEntry))
        #expect(names.filter { $0.hasPrefix("records/") } == ["records/ledger/\(world.shared.id).json"])
        // The operator's export of one book carries no accounts either.
        let byOperator = files.appending("household-operator.tar.gz")
        #expect(try StoreArchive(store: source).export(to: byOperator, book: world.ledger.id).records == 1)

        // Another account (Carol) does not read the book: not found, and no file is left.
        let carol = try source.createAccount(AccountDraft(login: try LoginName("carol")))
        let refused = files.appending("carol.tar.gz")
        #expect(errorCodeOf { try StoreArchive(store: source.acting(as: .account(carol.id))).export(to: refused, book: world.ledger.id) } == .notFound)
        #expect(!FileManager.default.fileExists(atPath: refused.path))

        let target = try StoreBackend.embedded.makePlace("book-export-target").open()
        let imported = try StoreArchive(store: target).import(from: archive)
        #expect(imported.imported == 1 && imported.accounts == 0)
        let copy = try target.record(world.shared.id)
        #expect(copy.fields == world.shared.fields && copy.images.map(\.sha256) == world.shared.images.map(\.sha256))
        let admin = try #require(try target.firstAdmin())
        #expect(copy.book == (try target.defaultBook(of: admin.id, in: "ledger")).id)
        #expect(try target.fsck().isClean)
    }

    /// The code of the ``KeepsakeError`` `body` throws (`nil`: none).
    func errorCodeOf(_ body: () throws -> Void) -> KeepsakeError.Code? {
        do { try body() } catch let error as KeepsakeError { return error.code } catch { return .unexpected }
        return nil
    }

    @Test func theArchiveFromBeforeAccountsStillImportsIntoTheImportersDefaultBooks() throws {
        let fixture = Corpus.repositoryRoot.appendingPathComponent("Tests/Fixtures/before-accounts/export-before-accounts.tar.gz")
        let store = try StoreBackend.embedded.makePlace("access-old-archive").open()
        let imported = try StoreArchive(store: store).import(from: fixture)
        #expect(imported.imported == 6 && imported.images == 5)
        let admin = try #require(try store.firstAdmin())
        let books = try store.books()
        #expect(books.map(\.collection) == ["diary", "feed", "ledger"])
        #expect(books.allSatisfy { $0.defaultOf == admin.id })
        let asAdmin = store.acting(as: .account(admin.id))
        #expect(try asAdmin.count("diary", trash: .all) + asAdmin.count("ledger", trash: .all) + asAdmin.count("feed", trash: .all) == 6)
        #expect(try store.fsck().isClean)
    }

    @Test func aMoveFromSQLiteToPostgreSQLKeepsTheAccountsBooksAndWhoReadsWhat() throws {
        let source = try StoreBackend.embedded.makePlace("access-move-source").open()
        let world = try Self.makeWorld(source)
        let target = try StoreBackend.distributed.makePlace("access-move-target").open()
        let report = try StoreMover(from: source, to: target).move()
        #expect(report.accessCopied && report.accounts == 3 && report.books == 3 && report.memberships == 4)
        #expect(report.records == 3 && report.verifiedRecords == 3)
        try Self.expectSamePeople(target, as: source, world: world)

        // Moving again into the finished target is refused (it is not empty); into a copy of the
        // source's people with no records (a move stopped after step 3) it resumes without
        // duplicating them.
        let resumed = try StoreBackend.embedded.makePlace("access-move-resume").open()
        try resumed.importAccessSnapshot(try source.accessSnapshot())
        try resumed.metadata.write { try $0.setSetting(StoreMover.markKey, in: StoreMover.markNamespace, to: try Self.mark(for: source, resumed)) }
        let second = try StoreMover(from: source, to: resumed).move()
        #expect(second.resumed && second.accessCopied && second.records == 3)
        try Self.expectSamePeople(resumed, as: source, world: world)
    }

    @Test func aMoveIntoATargetWithClashingPeopleIsRefusedUnlessItMayAddToIt() throws {
        let source = try StoreBackend.embedded.makePlace("access-move-clash-source").open()
        _ = try Self.makeWorld(source)
        let target = try StoreBackend.embedded.makePlace("access-move-clash-target").open()
        _ = try target.createAccount(AccountDraft(login: try LoginName("bob")))
        let before = try target.accessSnapshot()
        var refusal: StoreMoveError?
        do { try StoreMover(from: source, to: target).move() } catch let error as StoreMoveError { refusal = error }
        #expect(refusal?.kind == .accessConflict && refusal?.keepsakeError.code == .conflict)
        #expect(refusal?.message.contains("the login admin") == true)
        #expect(try target.accessSnapshot() == before && target.status().totalRecords == 0)

        let report = try StoreMover(from: source, to: target, allowNonEmptyTarget: true).move()
        // Added to a store of its own people: the records join its first admin's books.
        #expect(!report.accessCopied && report.records == 3)
        #expect(try target.accessSnapshot().accounts == before.accounts)
        let admin = try #require(try target.firstAdmin())
        #expect(try target.books().allSatisfy { $0.defaultOf == admin.id })
        #expect(try target.fsck().isClean)
    }

    /// The mark a move from `source` into `target` leaves at its step 3.
    static func mark(for source: Store, _ target: Store) throws -> String {
        let mark = StoreMover.Mark(source: StoreMover.name(try source.status()), startedAt: Date().timeIntervalSince1970, intoNonEmpty: false)
        return String(decoding: try JSONEncoder().encode(mark), as: UTF8.self)
    }
}
