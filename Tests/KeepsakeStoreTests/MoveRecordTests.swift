import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// Moving a record to another book of its collection.
@Suite struct MoveRecordTests {
    let images = Corpus.smallImages

    @Test func aMoveIsOneJournalledCommitThatKeepsEverythingElse() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice)
        let record = try alice.create(RecordDraft(collection: "diary", fields: ["title": .string("day")], images: [.file(images[0])]))
        let trip = try alice.createBook(collection: "diary", name: "Trip")
        let sequence = try world.store.lastChangeSequence()

        let moved = try alice.moveRecord(record.id, to: trip.id, expectedVersion: record.version)
        #expect(moved.book == trip.id)
        #expect(moved.version == record.version + 1)
        #expect(moved.fields == record.fields)
        // The images follow it into the new book's folder, everything else about them kept.
        #expect(moved.images.map(\.id) == record.images.map(\.id))
        #expect(moved.images.map(\.sha256) == record.images.map(\.sha256))
        #expect(moved.images.map { $0.path.parentComponents } == [["attachments", trip.id.string, record.id.string]])
        #expect(moved.images.map { $0.path.components.last } == record.images.map { $0.path.components.last })
        #expect(moved.author == record.author)
        // `left` from the old book (its readers drop the record), then `updated` in the new one.
        let changes = try world.store.changes(after: sequence)
        #expect(changes.map(\.recordID) == [record.id, record.id])
        #expect(changes.map(\.kind) == [.left, .updated])
        #expect(changes.map(\.book) == [record.book, trip.id])
        #expect(try alice.list({ var q = RecordQuery(collection: "diary"); q.books = [trip.id]; return q }()).records.map(\.id) == [record.id])
        // A stale version is refused.
        #expect(errorCode { _ = try alice.moveRecord(record.id, to: try #require(record.book), expectedVersion: record.version) } == .conflict)
        #expect(try world.store.record(record.id).book == trip.id)
    }

    @Test func aMoveAcrossCollectionsIsRefused() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice)
        let record = try alice.create(RecordDraft(collection: "diary"))
        let ledger = try alice.createBook(collection: "ledger", name: "Money")
        #expect(errorCode { _ = try alice.moveRecord(record.id, to: ledger.id) } == .invalidArgument)
        #expect(try world.store.record(record.id).version == record.version)
        #expect(try world.store.record(record.id).book == record.book)
    }

    @Test func aMoveNeedsWriteOnBothBooks() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let record = try alice.create(RecordDraft(collection: "feed"))
        let source = try #require(record.book)
        let target = try alice.createBook(collection: "feed", name: "Family")
        let sequence = try world.store.lastChangeSequence()

        #expect(errorCode { _ = try bob.moveRecord(record.id, to: target.id) } == .notFound)
        try alice.setRole(.editor, for: world.bob.id, in: target.id)
        #expect(errorCode { _ = try bob.moveRecord(record.id, to: target.id) } == .notFound)  // cannot read the record
        try alice.setRole(.viewer, for: world.bob.id, in: source)
        #expect(errorCode { _ = try bob.moveRecord(record.id, to: target.id) } == .forbidden)  // reads, may not write the source
        try alice.setRole(.editor, for: world.bob.id, in: source)
        try alice.setRole(.viewer, for: world.bob.id, in: target.id)
        #expect(errorCode { _ = try bob.moveRecord(record.id, to: target.id) } == .forbidden)  // may not write the target
        let bobs = try bob.createBook(collection: "feed", name: "Bob's")
        #expect(errorCode { _ = try alice.moveRecord(record.id, to: bobs.id) } == .notFound)
        #expect(errorCode { _ = try world.acting(world.alice, readOnly: true).moveRecord(record.id, to: target.id) } == .forbidden)
        #expect(try world.store.changes(after: sequence).isEmpty)
        #expect(try world.store.record(record.id).version == record.version)

        try alice.setRole(.editor, for: world.bob.id, in: target.id)
        #expect(try bob.moveRecord(record.id, to: target.id).book == target.id)
    }
}
