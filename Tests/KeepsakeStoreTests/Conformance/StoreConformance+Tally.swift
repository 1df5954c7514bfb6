import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// ``Store/tally(_:)``: records counted by field values in a date range, on every backend.
    @Suite struct Tally {
        static func day(_ index: Int) -> Date { Date(timeIntervalSince1970: Double(index) * 86_400 + 3_600) }

        @Test(arguments: StoreBackends.all)
        func countsAndSumsGroupsOfLiveRecordsInTheRangeAndBooksTheCallerReads(_ backend: StoreBackend) throws {
            let store = try backend.makePlace("tally").open()
            @discardableResult func add(_ index: Int, _ mood: String, _ n: Int64?, collection: CollectionName = "diary", book: BookID? = nil) throws -> Record {
                var fields: [String: FieldValue] = ["day": .string("d\(index)"), "mood": .string(mood), "tags": .strings(["x"])]
                if let n { fields["n"] = .integer(n) }
                var draft = RecordDraft(collection: collection, date: Self.day(index), fields: fields)
                draft.book = book
                return try store.create(draft)
            }
            try add(1, "happy", 2)
            try add(1, "happy", 5)
            try add(1, "sad", 1)
            try add(2, "happy", nil)          // no summed field: counted, adds nothing
            try add(3, "calm", 4)
            let trashed = try add(2, "sad", 3)
            try store.trash(trashed.id)
            try add(2, "sad", 9, collection: "feed")
            try add(9, "happy", 7)            // outside the range

            let request = FieldTallyRequest(collection: "diary", dateFrom: Self.day(1) - 3_600, dateUntil: Self.day(4),
                                            keys: ["day", "mood"], summing: "n")
            let groups = try store.tally(request).sorted { "\($0.values)" < "\($1.values)" }
            #expect(groups == [
                FieldTally(values: [.string("d1"), .string("happy")], count: 2, sum: 7),
                FieldTally(values: [.string("d1"), .string("sad")], count: 1, sum: 1),
                FieldTally(values: [.string("d2"), .string("happy")], count: 1, sum: 0),
                FieldTally(values: [.string("d3"), .string("calm")], count: 1, sum: 4),
            ])

            // An integer key, a missing key, and no sum.
            var byNumber = request
            byNumber.keys = ["n", "absent"]
            byNumber.summing = nil
            let numbers = try store.tally(byNumber)
            #expect(Set(numbers.map { $0.values }) == Set([[.integer(2), nil], [.integer(5), nil], [.integer(1), nil], [nil, nil], [.integer(4), nil]]))
            #expect(numbers.allSatisfy { $0.count == 1 && $0.sum == 0 })

            // Another account reads no book: nothing is counted for it.
            let stranger = try store.createAccount(AccountDraft(login: try LoginName("stranger")))
            #expect(try store.acting(as: .account(stranger.id)).tally(request).isEmpty)
            // Its own book, shared with nobody: only what is in it.
            let own = try store.createBook(collection: "diary", name: "Own", owner: stranger.id)
            try add(1, "love", 3, book: own.id)
            #expect(try store.acting(as: .account(stranger.id)).tally(request) == [FieldTally(values: [.string("d1"), .string("love")], count: 1, sum: 3)])
            var onlyOwn = request
            onlyOwn.books = [own.id]
            #expect(try store.tally(onlyOwn) == [FieldTally(values: [.string("d1"), .string("love")], count: 1, sum: 3)])

            // Per book: the same figures, each group in one book.
            var perBook = request
            perBook.byBook = true
            let booked = try store.tally(perBook)
            #expect(booked.filter { $0.book == own.id } == [FieldTally(values: [.string("d1"), .string("love")], book: own.id, count: 1, sum: 3)])
            let others = booked.filter { $0.book != own.id }
            #expect(others.map(\.count).reduce(0, +) == 5 && others.map(\.sum).reduce(0, +) == 12)
            #expect(Set(others.map(\.book)).count == 1)
            var plain = perBook
            plain.byBook = false
            #expect(try store.tally(plain).allSatisfy { $0.book == nil })

            // Bad requests are refused before the database is asked.
            var noKey = request
            noKey.keys = []
            #expect { try store.tally(noKey) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
            var badName = request
            badName.keys = ["day'); DROP TABLE record; --"]
            #expect { try store.tally(badName) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
            var backwards = request
            backwards.dateUntil = backwards.dateFrom
            #expect { try store.tally(backwards) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
        }
    }
}
