import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// The change feed of a moved record, seen from each book.
@Suite struct AccessChangeFeedTests {
    @Test func aRecordMovedOutOfABookReadsAsDeletedThere() throws {
        let world = try AccessWorld()
        let alice = world.acting(world.alice), bob = world.acting(world.bob)
        let record = try alice.create(RecordDraft(collection: "diary"))
        let source = try #require(record.book)
        let target = try alice.createBook(collection: "diary", name: "Private")
        try alice.setRole(.viewer, for: world.bob.id, in: source)
        #expect(try bob.changePage(after: 0).records[record.id] != nil)

        _ = try alice.moveRecord(record.id, to: target.id)
        let page = try bob.changePage(after: 0)
        #expect(page.changes.map(\.recordID) == [record.id])
        #expect(page.records[record.id] == nil)
        #expect(page.latest == (try world.store.lastChangeSequence()))
        #expect(try alice.changePage(after: 0).changes.count == 2)
        #expect(try alice.changePage(after: 0).records[record.id]?.book == target.id)
    }
}
