import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// Lists, filters, paging, full-text search and the change log.
    @Suite struct Queries {
        @Test(arguments: StoreBackends.all)
        func listingSortsPagesAndFilters(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            var ids: [RecordID] = []
            for day in 0..<25 {
                let record = try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: Double(day) * 86_400),
                                                          fields: ["mood": .string(day % 2 == 0 ? "happy" : "sad"), "tags": .strings(day % 5 == 0 ? ["five"] : [])]))
                ids.append(record.id)
            }
            try store.create(RecordDraft(collection: "feed", date: Date(timeIntervalSince1970: 99 * 86_400)))

            var query = RecordQuery(collection: "diary")
            query.limit = 10
            let first = try store.list(query)
            #expect(first.records.map(\.id) == Array(ids.reversed().prefix(10)))
            query.after = first.nextCursor
            let second = try store.list(query)
            #expect(second.records.map(\.id) == Array(ids.reversed().dropFirst(10).prefix(10)))
            query.after = second.nextCursor
            let third = try store.list(query)
            #expect(third.records.count == 5)
            #expect(third.nextCursor == nil)

            var offset = RecordQuery(collection: "diary")
            offset.limit = 10
            offset.offset = 10
            #expect(try store.list(offset).records.map(\.id) == second.records.map(\.id))

            var ascending = RecordQuery(collection: "diary")
            ascending.descending = false
            ascending.limit = 3
            #expect(try store.list(ascending).records.map(\.id) == Array(ids.prefix(3)))

            var range = RecordQuery(collection: "diary")
            range.dateFrom = Date(timeIntervalSince1970: 5 * 86_400)
            range.dateUntil = Date(timeIntervalSince1970: 8 * 86_400)
            #expect(try store.list(range).records.map(\.id) == [ids[7], ids[6], ids[5]])

            var mood = RecordQuery(collection: "diary")
            mood.fieldEquals = ["mood": .string("sad")]
            #expect(try store.list(mood).records.count == 12)
            var tag = RecordQuery(collection: "diary")
            tag.fieldEquals = ["tags": .string("five")]
            #expect(Set(try store.list(tag).records.map(\.id)) == Set([ids[0], ids[5], ids[10], ids[15], ids[20]]))

            var all: [RecordID] = []
            var pages = RecordQuery(collection: "diary")
            pages.limit = 7
            try store.forEachPage(of: pages) { all += $0.records.map(\.id) }
            #expect(all == ids.reversed(), "every record, page by page, each once")

            var bad = RecordQuery(collection: "diary")
            bad.limit = 0
            #expect(throws: KeepsakeError.self) { try store.list(bad) }
            #expect(try store.count("diary") == 25)
            #expect(try store.count("feed") == 1)
        }

        @Test(arguments: StoreBackends.all)
        func fullTextSearchFindsWordsPrefixesAndKoreanInTextFieldsOnly(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
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
            #expect(try store.search("친구", in: "diary").map(\.id) == [korean.id])
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

        @Test(arguments: StoreBackends.all)
        func createManyIsAllOrNothing(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
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

        @Test(arguments: StoreBackends.all)
        func theChangeStreamSeesChangesFromAnotherInstance(_ backend: StoreBackend) async throws {
            let place = try backend.makePlace()
            let watcher = try place.open()
            let writer = try place.open()
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
}
