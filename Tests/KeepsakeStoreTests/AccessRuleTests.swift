import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// The one rule of issue 22, on real SQLite stores: who reads, writes and manages what.
@Suite struct AccessRuleTests {
    let images = Corpus.smallImages

    @Test func aNonMemberFindsNothingAndLearnsNothing() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let record = try alice.create(RecordDraft(collection: "diary", fields: ["title": .string("secret picnic")],
                                                  images: images.prefix(2).map(ImageSource.file)))
        let trashed = try alice.trash(try alice.create(RecordDraft(collection: "diary", fields: ["title": .string("old picnic")])).id)
        let before = try bob.changes(after: 0)

        // Not found, with the message of a record that does not exist.
        #expect(thrownError { _ = try bob.record(record.id) } == KeepsakeError.recordNotFound(record.id.string))
        #expect(try bob.recordIfPresent(record.id) == nil)
        #expect(errorCode { _ = try bob.update(record.id, set: ["title": .string("mine")]) } == .notFound)
        #expect(errorCode { _ = try bob.addImages([.file(images[2])], to: record.id) } == .notFound)
        #expect(errorCode { _ = try bob.removeImage(of: record.id, at: 0) } == .notFound)
        #expect(errorCode { _ = try bob.trash(record.id) } == .notFound)
        #expect(errorCode { _ = try bob.restore(trashed.id) } == .notFound)
        #expect(errorCode { try bob.purge(record.id) } == .notFound)
        #expect(try bob.purgeIfTrashed(trashed.id) == false)
        #expect(try bob.purgeTrash().isEmpty)
        #expect(errorCode { _ = try bob.imageBody(of: record.images[0], variant: .original) } == .notFound)
        #expect(errorCode { _ = try bob.imageBody(of: record.images[0], variant: .thumbnail(.small)) } == .notFound)
        #expect(errorCode { _ = try bob.originalData(of: record.images[1]) } == .notFound)
        #expect(errorCode { _ = try bob.book(try #require(record.book)) } == .notFound)
        #expect(errorCode { _ = try bob.members(of: try #require(record.book)) } == .notFound)

        // Nothing in any list.
        #expect(try bob.list(RecordQuery(collection: "diary")).records.isEmpty)
        var all = RecordQuery(collection: "diary")
        all.trash = .all
        all.books = [try #require(record.book)]
        #expect(try bob.list(all).records.isEmpty)
        #expect(try bob.count("diary", trash: .all) == 0)
        #expect(try bob.search("picnic", in: "diary", trash: .all).isEmpty)
        #expect(before.isEmpty)
        #expect(try bob.collections().isEmpty)
        #expect(try bob.trashedRecords().isEmpty)
        #expect(try bob.books().isEmpty)
        #expect(try bob.status().totalRecords == 0)

        // The records are all still there, untouched.
        let fresh = try world.store.record(record.id)
        #expect(fresh.version == record.version)
        #expect(fresh.images.count == 2)
        #expect(try world.store.record(trashed.id).isTrashed)
        #expect(try alice.count("diary", trash: .all) == 2)
        #expect(try alice.search("picnic", in: "diary").map(\.id) == [record.id])
        #expect(try alice.changes(after: 0).count == 3)
        // Alice's status counts her records with their images and bytes, as the operator's does.
        let mine = try alice.status(), everything = try world.store.status()
        #expect(mine.totalRecords == 2)
        #expect(mine.totalImages == everything.totalImages && mine.totalImages >= 2)
        #expect(mine.totalBytes == everything.totalBytes && mine.totalBytes > 0)
    }

    @Test func aViewerReadsButMayNotWrite() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let record = try alice.create(RecordDraft(collection: "feed", fields: ["title": .string("cafe")], images: [.file(images[0])]))
        let book = try #require(record.book)
        try alice.setRole(.viewer, for: world.bob.id, in: book)

        #expect(try bob.record(record.id).id == record.id)
        #expect(try bob.list(RecordQuery(collection: "feed")).records.map(\.id) == [record.id])
        #expect(try bob.search("cafe", in: "feed").count == 1)
        #expect(try bob.changes(after: 0).map(\.kind) == [.inserted, .shared])  // its insertion, and its sharing with Bob
        #expect(try bob.changes(after: 0).map(\.recordID) == [record.id, record.id])
        #expect(try bob.originalData(of: record.images[0]) == (try world.store.originalData(of: record.images[0])))
        #expect(try bob.role(in: book) == .viewer)

        #expect(errorCode { _ = try bob.update(record.id, set: ["title": .string("x")]) } == .forbidden)
        #expect(errorCode { _ = try bob.addImages([.file(images[1])], to: record.id) } == .forbidden)
        #expect(errorCode { _ = try bob.trash(record.id) } == .forbidden)
        #expect(errorCode { try bob.purge(record.id) } == .forbidden)
        #expect(errorCode { _ = try bob.create(RecordDraft(collection: "feed", book: book)) } == .forbidden)
        #expect(errorCode { _ = try bob.renameBook(book, to: "Mine") } == .forbidden)
        #expect(errorCode { try bob.setRole(.owner, for: world.bob.id, in: book) } == .forbidden)
        #expect(try world.store.record(record.id).version == record.version)
        #expect(try world.store.record(record.id).images.count == 1)
    }

    @Test func anEditorWritesButDoesNotManage() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let book = try alice.createBook(collection: "ledger", name: "Household")
        try alice.setRole(.editor, for: world.bob.id, in: book.id)

        let mine = try bob.create(RecordDraft(collection: "ledger", fields: ["memo": .string("lunch")], images: [.file(images[0])], book: book.id))
        #expect(mine.book == book.id)
        #expect(mine.author == world.bob.id)
        #expect(try alice.record(mine.id).author == world.bob.id)
        let updated = try bob.update(mine.id, set: ["memo": .string("dinner")])
        #expect(updated.version == mine.version + 1)
        let theirs = try alice.create(RecordDraft(collection: "ledger", book: book.id))
        #expect(try bob.trash(theirs.id).isTrashed)
        #expect(try bob.role(in: book.id) == .editor)
        #expect(errorCode { _ = try bob.renameBook(book.id, to: "Bob's") } == .forbidden)
        #expect(errorCode { try bob.deleteBook(book.id) } == .forbidden)
        #expect(errorCode { try bob.setRole(.viewer, for: world.alice.id, in: book.id) } == .forbidden)
        #expect(try alice.book(book.id).name == "Household")
    }

    @Test func aReadOnlyTokenReadsAndWritesNothing() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice)
        let record = try alice.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        let token = world.acting(world.alice, readOnly: true)

        #expect(try token.record(record.id).id == record.id)
        #expect(try token.list(RecordQuery(collection: "diary")).records.count == 1)
        #expect(try token.role(in: try #require(record.book)) == .viewer)
        #expect(errorCode { _ = try token.update(record.id, set: ["title": .string("x")]) } == .forbidden)
        #expect(errorCode { _ = try token.create(RecordDraft(collection: "diary")) } == .forbidden)
        #expect(errorCode { _ = try token.create(RecordDraft(collection: "feed")) } == .forbidden)
        #expect(errorCode { try token.purge(record.id) } == .forbidden)
        #expect(errorCode { _ = try token.renameBook(try #require(record.book), to: "x") } == .forbidden)
        #expect(errorCode { _ = try token.updateAccount(world.alice.id, AccountChange(displayName: "A")) } == .forbidden)
        #expect(try alice.count("diary") == 1)
        #expect(try alice.books(in: "feed").isEmpty)
    }

    @Test func aTokenLimitedToABookSeesOnlyThatBook() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice)
        let home = try alice.create(RecordDraft(collection: "diary", fields: ["title": .string("home day")]))
        let trip = try alice.createBook(collection: "diary", name: "Trip")
        let away = try alice.create(RecordDraft(collection: "diary", fields: ["title": .string("trip day")], book: trip.id))
        let token = world.acting(world.alice, books: [trip.id])

        #expect(try token.list(RecordQuery(collection: "diary")).records.map(\.id) == [away.id])
        #expect(try token.search("day", in: "diary").map(\.id) == [away.id])
        #expect(try token.count("diary") == 1)
        #expect(try token.changes(after: 0).map(\.recordID) == [away.id])
        #expect(try token.books().map(\.id) == [trip.id])
        #expect(errorCode { _ = try token.record(home.id) } == .notFound)
        #expect(errorCode { _ = try token.update(home.id, set: ["title": .string("x")]) } == .notFound)
        // Without a book it would go to the default book, which the token may not reach.
        #expect(errorCode { _ = try token.create(RecordDraft(collection: "diary")) } == .forbidden)
        #expect(try token.create(RecordDraft(collection: "diary", book: trip.id)).book == trip.id)
        // A caller's own filter narrows, never widens.
        var query = RecordQuery(collection: "diary")
        query.books = [try #require(home.book), trip.id]
        #expect(try token.list(query).records.count == 2)
        #expect(try token.list(query).records.allSatisfy { $0.book == trip.id })
    }

    @Test func aDisabledAccountSeesNothingAndWritesNothing() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice)
        let record = try alice.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        let disabled = try world.store.updateAccount(world.alice.id, AccountChange(disabled: true))
        #expect(disabled.isDisabled)
        #expect(disabled.credentialVersion == world.alice.credentialVersion + 1)

        #expect(errorCode { _ = try alice.record(record.id) } == .notFound)
        #expect(try alice.list(RecordQuery(collection: "diary")).records.isEmpty)
        #expect(try alice.count("diary") == 0)
        #expect(try alice.changes(after: 0).isEmpty)
        #expect(try alice.books().isEmpty)
        #expect(errorCode { _ = try alice.imageBody(of: record.images[0], variant: .original) } == .notFound)
        #expect(errorCode { _ = try alice.update(record.id, set: ["title": .string("x")]) } == .notFound)
        #expect(errorCode { _ = try alice.create(RecordDraft(collection: "diary")) } == .notFound)
        #expect(errorCode { _ = try alice.accounts() } == .notFound)

        _ = try world.store.updateAccount(world.alice.id, AccountChange(disabled: false))
        #expect(try alice.record(record.id).id == record.id)
    }

    @Test func aNewRecordGoesToTheDefaultBookMadeInItsOwnCommit() throws {
        let world = try AccessWorld()
        let bob = world.acting(world.bob)
        #expect(try bob.books().isEmpty)
        let first = try bob.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        let books = try bob.books()
        #expect(books.count == 1)
        let book = try #require(books.first)
        #expect(book.name == "Diary")
        #expect(book.defaultOf == world.bob.id)
        #expect(first.book == book.id)
        #expect(first.author == world.bob.id)
        #expect(try bob.members(of: book.id) == [BookMember(book: book.id, account: world.bob.id, role: .owner)])
        #expect(try bob.create(RecordDraft(collection: "diary")).book == book.id)
        #expect(try bob.createMany([RecordDraft(collection: "ledger"), RecordDraft(collection: "ledger")]).map(\.book).allSatisfy { $0 != nil })
        #expect(try bob.books(in: "ledger").count == 1)
        #expect(try bob.defaultBook(of: world.bob.id, in: "feed").name == "Feed")

        // The operator's records go to the first admin's default book, with the admin as author.
        let made = try world.store.create(RecordDraft(collection: "diary"))
        #expect(made.author == world.admin.id)
        #expect(made.book == (try world.store.defaultBook(of: world.admin.id, in: "diary")).id)
        #expect(errorCode { _ = try bob.record(made.id) } == .notFound)
    }

    @Test func aRecordCannotBeMadeInABookOfAnotherCollectionOrAnUnknownBook() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice)
        let ledger = try alice.createBook(collection: "ledger", name: "Money")
        #expect(errorCode { _ = try alice.create(RecordDraft(collection: "diary", book: ledger.id)) } == .invalidArgument)
        #expect(errorCode { _ = try alice.create(RecordDraft(collection: "diary", book: BookID.random())) } == .notFound)
        let bobs = try world.acting(world.bob).createBook(collection: "diary", name: "Bob's")
        #expect(errorCode { _ = try alice.create(RecordDraft(collection: "diary", book: bobs.id)) } == .notFound)
        #expect(try world.store.count("diary", trash: .all) == 0)
    }

    @Test func aDefaultBookMadeByAFailedCommitIsNotLeftBehind() throws {
        let world = try AccessWorld()
        let bob = world.acting(world.bob)
        let taken = try world.store.create(RecordDraft(collection: "ledger"))
        // The first draft makes Bob's ledger book in the transaction; the second fails in it.
        #expect(errorCode { _ = try bob.createMany([RecordDraft(collection: "ledger"), RecordDraft(collection: "ledger", id: taken.id)]) } == .conflict)
        #expect(try bob.books().isEmpty)
        #expect(try world.store.books(in: "ledger").count == 1)  // the admin's, from the operator's record
        #expect(try world.store.count("ledger") == 1)
    }
}
