import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// The change feed per caller: what a mirror of each account sees when a record moves, a membership
/// begins or ends, or a book is deleted.
@Suite struct AccessChangeFeedTests {
    @Test func aRecordMovedOutOfABookLeavesItsReadersThere() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let record = try alice.create(RecordDraft(collection: "diary"))
        let source = try #require(record.book)
        let target = try alice.createBook(collection: "diary", name: "Private")
        try alice.setRole(.viewer, for: world.bob.id, in: source)
        #expect(try bob.changePage(after: 0).records[record.id] != nil)
        let mark = try world.store.lastChangeSequence()

        _ = try alice.moveRecord(record.id, to: target.id)
        let page = try bob.changePage(after: mark)
        #expect(page.changes.map(\.kind) == [.left])
        #expect(page.changes.map(\.book) == [source])
        #expect(page.records[record.id] == nil)
        #expect(page.latest == (try world.store.lastChangeSequence()))
        // Alice reads both books: the record leaves the one and is updated in the other, in that order.
        let alices = try alice.changePage(after: mark)
        #expect(alices.changes.map(\.kind) == [.left, .updated])
        #expect(alices.records[record.id]?.book == target.id)
    }

    @Test func aMemberRemovedGetsALeftEntryForEveryRecordOfTheBookAndNoOneElseDoes() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob), carol = world.acting(world.carol)
        let live = try alice.create(RecordDraft(collection: "diary", fields: ["title": .string("live")]))
        let book = try #require(live.book)
        let binned = try alice.create(RecordDraft(collection: "diary", fields: ["title": .string("binned")]))
        _ = try alice.trash(binned.id)
        try alice.setRole(.viewer, for: world.bob.id, in: book)
        try alice.setRole(.editor, for: world.carol.id, in: book)
        let mark = try world.store.lastChangeSequence()

        try alice.removeMember(world.bob.id, from: book)
        let page = try bob.changePage(after: mark)
        #expect(page.changes.map(\.kind) == [.left, .left])
        #expect(Set(page.changes.map(\.recordID)) == [live.id, binned.id])
        #expect(page.changes.allSatisfy { $0.audience == world.bob.id && $0.book == book })
        #expect(page.records.isEmpty)
        // Another member, the owner, the operator and a stranger see nothing of Bob's entries.
        #expect(try carol.changes(after: mark).isEmpty)
        #expect(try alice.changes(after: mark).isEmpty)
        #expect(try world.store.changes(after: mark).isEmpty)
        #expect(try world.acting(world.admin).changes(after: mark).isEmpty)
        // A token of Bob's limited to other books sees none of it; one limited to this book does.
        let bobsFeed = try bob.defaultBook(of: world.bob.id, in: "feed")
        #expect(try world.acting(world.bob, books: [bobsFeed.id]).changes(after: mark).isEmpty)
        #expect(try world.acting(world.bob, readOnly: true, books: [book]).changes(after: mark).count == 2)
        // A member who leaves gets the same.
        let before = try world.store.lastChangeSequence()
        try carol.removeMember(world.carol.id, from: book)
        #expect(try carol.changes(after: before).map(\.kind) == [.left, .left])
        #expect(try bob.changes(after: before).isEmpty)
    }

    @Test func aMemberAddedGetsASharedEntryForEveryRecordOfTheBookButARoleChangeWritesNothing() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob), carol = world.acting(world.carol)
        let old = try alice.create(RecordDraft(collection: "ledger", fields: ["amount": .string("1")]))
        let book = try #require(old.book)
        let binned = try alice.create(RecordDraft(collection: "ledger", fields: ["amount": .string("2")]))
        _ = try alice.trash(binned.id)
        try alice.setRole(.viewer, for: world.carol.id, in: book)
        // Bob's mirror is up to date, then he is added: his feed after that point brings the older records.
        let mark = try bob.lastChangeSequence()
        #expect(try bob.changes(after: mark).isEmpty)
        try alice.setRole(.editor, for: world.bob.id, in: book)
        let page = try bob.changePage(after: mark)
        #expect(page.changes.map(\.kind) == [.shared, .shared])
        #expect(Set(page.changes.map(\.recordID)) == [old.id, binned.id])
        #expect(Set(page.records.keys) == [old.id, binned.id])
        #expect(page.records[binned.id]?.isTrashed == true)
        #expect(try carol.changes(after: mark).isEmpty)
        #expect(try alice.changes(after: mark).isEmpty)
        // A role that keeps read access writes nothing.
        let afterShare = try world.store.lastChangeSequence()
        try alice.setRole(.viewer, for: world.bob.id, in: book)
        try alice.setRole(.owner, for: world.bob.id, in: book)
        #expect(try world.store.lastChangeSequence() == afterShare)
        // Bob's own default book was made already (the feed would read it); a new record in the
        // shared book is an ordinary entry for everyone.
        let fresh = try alice.create(RecordDraft(collection: "ledger", fields: ["amount": .string("3")]))
        #expect(try bob.changes(after: afterShare).map(\.recordID) == [fresh.id])
        #expect(try carol.changes(after: afterShare).map(\.recordID) == [fresh.id])
    }

    @Test func theMembersOfADeletedBookGetALeftEntryForEachOfItsRecordsButNotForOnesThatMovedOn() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob), carol = world.acting(world.carol)
        let trip = try alice.createBook(collection: "diary", name: "Trip")
        let kept = try alice.create(RecordDraft(collection: "diary", book: trip.id))
        let binned = try alice.create(RecordDraft(collection: "diary", book: trip.id))
        _ = try alice.trash(binned.id)
        let movedOn = try alice.create(RecordDraft(collection: "diary", book: trip.id))
        let home = try alice.defaultBook(of: world.alice.id, in: "diary")
        try alice.setRole(.viewer, for: world.bob.id, in: trip.id)
        try alice.setRole(.viewer, for: world.bob.id, in: home.id)
        _ = try alice.moveRecord(movedOn.id, to: home.id)
        let mark = try world.store.lastChangeSequence()

        try alice.deleteBook(trip.id)
        // Bob had not read the purges while the book was there: now he sees only his own entries.
        let bobs = try bob.changePage(after: mark)
        #expect(bobs.changes.filter { $0.audience == world.bob.id }.map(\.kind) == [.left, .left])
        #expect(Set(bobs.changes.filter { $0.audience == world.bob.id }.map(\.recordID)) == [kept.id, binned.id])
        #expect(bobs.records.isEmpty)
        #expect(try bob.record(movedOn.id).book == home.id)
        let alices = try alice.changes(after: mark).filter { $0.audience != nil }
        #expect(Set(alices.map(\.recordID)) == [kept.id, binned.id])
        #expect(alices.allSatisfy { $0.audience == world.alice.id && $0.kind == .left })
        #expect(try carol.changes(after: mark).isEmpty)
    }
}
