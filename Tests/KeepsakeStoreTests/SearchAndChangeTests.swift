import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

@Suite struct SearchAndChangeTests {
    @Test func fullTextSearchFindsWordsPrefixesAndKoreanInTextFieldsOnly() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let picnic = try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 10),
                                                  fields: ["title": .string("Picnic by the river"), "tags": .strings(["summer", "family"])]))
        let korean = try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 20),
                                                  fields: ["text": .string("오늘은 친구와 피크닉을 갔다"), "mood": .integer(5)]))
        try store.create(RecordDraft(collection: "feed", fields: ["title": .string("Picnic review")]))

        #expect(try store.search("picnic", in: "diary").map(\.id) == [picnic.id])
        #expect(try store.search("PICN", in: "diary").map(\.id) == [picnic.id])
        #expect(try store.search("family river", in: "diary").map(\.id) == [picnic.id])
        #expect(try store.search("river winter", in: "diary").isEmpty)
        #expect(try store.search("피크닉", in: "diary").map(\.id) == [korean.id])
        #expect(try store.search("5", in: "diary").isEmpty, "numbers in integer fields are not text")
        #expect(try store.search("\" OR * NEAR(", in: "diary").isEmpty, "query syntax in user text is inert")

        try store.update(picnic.id, set: ["title": .string("Beach day")])
        #expect(try store.search("picnic", in: "diary").isEmpty)
        #expect(try store.search("beach", in: "diary").map(\.id) == [picnic.id])
        try store.trash(picnic.id)
        #expect(try store.search("beach", in: "diary").isEmpty)
        #expect(try store.search("beach", in: "diary", trash: .trashed).map(\.id) == [picnic.id])
        try store.purge(picnic.id)
        #expect(try store.search("beach", in: "diary", trash: .all).isEmpty)
    }

    @Test func createManyIsAllOrNothing() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let existing = try store.create(RecordDraft(collection: "ledger"))
        let drafts = (0..<5).map { RecordDraft(collection: "ledger", fields: ["n": .integer(Int64($0))]) }
        #expect { try store.createMany(drafts + [RecordDraft(collection: "ledger", id: existing.id)]) } throws: {
            ($0 as? KeepsakeError)?.code == .conflict
        }
        #expect(try store.count("ledger") == 1)
        let created = try store.createMany(drafts)
        #expect(created.count == 5)
        #expect(try store.count("ledger") == 6)
    }

    @Test func theChangeStreamSeesChangesFromAnotherInstanceOnTheSameFolder() async throws {
        let dir = TemporaryDirectory()
        let watcher = try TestStores.open(dir)
        let writer = try TestStores.open(dir)
        let start = try watcher.lastChangeSequence()
        let stream = watcher.changeStream(after: start, pollInterval: .milliseconds(20))

        let record = try writer.create(RecordDraft(collection: "diary"))
        try writer.update(record.id, set: ["title": .string("x")])
        try writer.trash(record.id)
        try writer.restore(record.id)
        try writer.purge(record.id)

        var seen: [ChangeKind] = []
        for try await change in stream {
            #expect(change.recordID == record.id)
            seen.append(change.kind)
            if seen.count == 5 { break }
        }
        #expect(seen == [.inserted, .updated, .trashed, .restored, .deleted])
        #expect(try watcher.changes(after: start).count == 5)
    }
}
