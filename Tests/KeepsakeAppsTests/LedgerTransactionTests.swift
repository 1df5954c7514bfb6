import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct LedgerTransactionTests {
    @Test func aTransactionIsStoredAsALedgerRecordWithCheckedFieldsAndReadBack() throws {
        let fixture = try LedgerFixture()
        let lunch = try fixture.add("2025-03-14", .expense, "12000", .krw, "  식비 ", memo: " 김밥천국\n점심 ")
        #expect(lunch.date.string == "2025-03-14")
        #expect(lunch.recordDate == (try LedgerDay(parsing: "2025-03-14")).startDate)
        #expect(lunch.kind == .expense)
        #expect(lunch.amount == Money(minorUnits: 12000, currency: .krw))
        #expect(lunch.signedAmount.minorUnits == -12000)
        #expect(lunch.category == "식비")
        #expect(lunch.memo == "김밥천국\n점심")
        #expect(lunch.receipt == nil && !lunch.isTrashed)

        let record = try fixture.store.record(lunch.id)
        #expect(record.collection == "ledger")
        #expect(record.fields == [
            "day": .string("2025-03-14"), "kind": .string("expense"), "amount": .integer(12000),
            "currency": .string("KRW"), "category": .string("식비"), "memo": .string("김밥천국\n점심"),
        ])
        #expect(try fixture.ledger.read(lunch.id) == lunch)
        #expect(try fixture.ledger.count() == 1)
    }

    @Test func categoriesAreStoredInComposedFormSoDecomposedKoreanMatches() throws {
        let fixture = try LedgerFixture()
        let decomposed = "식비".decomposedStringWithCanonicalMapping
        #expect(Array(decomposed.unicodeScalars).count > 2)
        let added = try fixture.add("2025-03-14", .expense, "5000", .krw, decomposed)
        #expect(Array(added.category.unicodeScalars) == Array("식비".precomposedStringWithCanonicalMapping.unicodeScalars))
        #expect(try fixture.ledger.list(category: "식비").transactions.map(\.id) == [added.id])
    }

    @Test func invalidTransactionsAreRefusedWithClearErrorsAndNothingIsStored() throws {
        let fixture = try LedgerFixture()
        let day = try LedgerDay(parsing: "2025-03-14")
        let cases: [(LedgerTransactionDraft, String)] = [
            (LedgerTransactionDraft(date: day, kind: .expense, amount: .zero(.usd), category: "Food"), "a transaction of nothing is not recorded"),
            (LedgerTransactionDraft(date: day, kind: .expense, amount: Money(minorUnits: -5, currency: .usd), category: "Food"), "amounts are never negative"),
            (LedgerTransactionDraft(date: day, kind: .income, amount: Money(minorUnits: 5, currency: .usd), category: "  \n "), "The category is empty"),
            (LedgerTransactionDraft(date: day, kind: .income, amount: Money(minorUnits: 5, currency: .usd), category: String(repeating: "가", count: 51)), "has 51 characters; the limit is 50"),
            (LedgerTransactionDraft(date: day, kind: .income, amount: Money(minorUnits: 5, currency: .usd), category: "Food\nDrink"), "is one line of text"),
            (LedgerTransactionDraft(date: day, kind: .income, amount: Money(minorUnits: 5, currency: .usd), category: "Food", memo: String(repeating: "x", count: 2001)), "The memo has 2001 characters"),
            (LedgerTransactionDraft(date: day, kind: .income, amount: Money(minorUnits: 5, currency: .usd), category: "Food", memo: "bell\u{7}"), "control character"),
        ]
        for (draft, reason) in cases {
            let error = keepsakeError { try fixture.ledger.create(draft) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains(reason) == true, "\(error?.message ?? "no error")")
        }
        // A bad receipt fails the whole add.
        let badReceipt = LedgerTransactionDraft(date: day, kind: .expense, amount: Money(minorUnits: 5, currency: .usd), category: "Food",
                                                receipt: .file(Corpus.corruptImage))
        #expect(keepsakeError { try fixture.ledger.create(badReceipt) }?.code == .corruptImage)
        #expect(try fixture.ledger.count() == 0)
        #expect(try fixture.store.count("ledger", trash: .all) == 0)
    }

    @Test func editingChangesOnlyTheGivenFieldsAndChecksThem() throws {
        let fixture = try LedgerFixture()
        let original = try fixture.add("2025-03-14", .expense, "4.50", .usd, "Coffee", memo: "latte")
        let edited = try fixture.ledger.update(original.id, date: try LedgerDay(parsing: "2025-04-02"),
                                               amount: try Money(parsing: "5.25", currency: .eur), category: " Café ")
        #expect(edited.date.string == "2025-04-02")
        #expect(edited.recordDate == (try LedgerDay(parsing: "2025-04-02")).startDate)
        #expect(edited.amount.description == "5.25 EUR")
        #expect(edited.category == "Café")
        #expect(edited.kind == .expense && edited.memo == "latte")
        #expect(edited.version == original.version + 1)
        #expect(try fixture.ledger.read(original.id) == edited)

        let income = try fixture.ledger.update(original.id, kind: .income, memo: "")
        #expect(income.kind == .income && income.memo == "" && income.category == "Café")

        let error = keepsakeError { try fixture.ledger.update(original.id, category: "") }
        #expect(error?.code == .invalidArgument)
        #expect(try fixture.ledger.read(original.id) == income)
        #expect(keepsakeError { try fixture.ledger.update(original.id, amount: Money(minorUnits: 0, currency: .usd)) }?.code == .invalidArgument)
        #expect(keepsakeError { try fixture.ledger.update(RecordID(), memo: "x") }?.code == .notFound)
    }

    @Test func deleteMovesToTheTrashAndRestoreBringsItBack() throws {
        let fixture = try LedgerFixture()
        let taxi = try fixture.add("2025-03-14", .expense, "15800", .krw, "교통", receipt: .file(Corpus.url("jpeg/testorig.jpg")))
        let receiptPath = fixture.absolutePath(try #require(taxi.receipt))

        let trashed = try fixture.ledger.delete(taxi.id)
        #expect(trashed.isTrashed)
        #expect(try fixture.ledger.list().transactions.isEmpty)
        #expect(try fixture.ledger.list(trash: .trashed).transactions.map(\.id) == [taxi.id])
        #expect(FileManager.default.fileExists(atPath: receiptPath), "a trashed transaction keeps its receipt")
        #expect(keepsakeError { try fixture.ledger.update(taxi.id, memo: "x") }?.code == .conflict)
        #expect(keepsakeError { try fixture.ledger.delete(taxi.id) }?.code == .conflict)

        let restored = try fixture.ledger.restore(taxi.id)
        #expect(!restored.isTrashed)
        #expect(restored.receipt == taxi.receipt)
        #expect(try fixture.ledger.list().transactions.map(\.id) == [taxi.id])
        #expect(keepsakeError { try fixture.ledger.restore(taxi.id) }?.code == .conflict)
    }

    @Test func purgingTheTrashRemovesOnlyOldEnoughLedgerTransactionsAndTheirReceipts() throws {
        let clock = TestClock()
        let fixture = try LedgerFixture(clock: clock)
        let old = try fixture.add("2025-01-01", .expense, "1", .usd, "Old", receipt: .file(Corpus.url("png/toucan.png")))
        let oldReceipt = fixture.absolutePath(try #require(old.receipt))
        try fixture.ledger.delete(old.id)
        clock.advance(by: 40 * 86_400)
        let recent = try fixture.add("2025-01-02", .expense, "2", .usd, "Recent")
        try fixture.ledger.delete(recent.id)
        let live = try fixture.add("2025-01-03", .expense, "3", .usd, "Live")
        // Another collection's trash is not the ledger's to purge.
        let other = try fixture.store.create(RecordDraft(collection: "diary", fields: ["title": .string("x")]))
        try fixture.store.trash(other.id)

        #expect(try fixture.ledger.purgeTrash(olderThan: 30 * 86_400) == [old.id])
        #expect(!FileManager.default.fileExists(atPath: oldReceipt))
        #expect(try fixture.store.recordIfPresent(old.id) == nil)
        #expect(try fixture.ledger.read(recent.id).isTrashed)

        #expect(try fixture.ledger.purgeTrash() == [recent.id])
        #expect(try fixture.ledger.read(live.id).category == "Live")
        #expect(try fixture.store.record(other.id).isTrashed)
    }

    @Test func anIdOfAnotherAppsRecordIsNotALedgerTransaction() throws {
        let fixture = try LedgerFixture()
        let diary = try fixture.store.create(RecordDraft(collection: "diary", fields: ["title": .string("not money")]))
        for error in [keepsakeError { _ = try fixture.ledger.read(diary.id) },
                      keepsakeError { try fixture.ledger.delete(diary.id) },
                      keepsakeError { try fixture.ledger.attachReceipt(to: diary.id, source: .file(Corpus.url("jpeg/testorig.jpg"))) },
                      keepsakeError { try fixture.ledger.purge(diary.id) }] {
            #expect(error?.code == .notFound)
            #expect(error?.message.contains("No ledger transaction with id") == true)
        }
        #expect(try fixture.store.record(diary.id).images.isEmpty)
    }

    @Test func aRecordChangedOutsideTheLedgerIsReportedNotMisread() throws {
        let fixture = try LedgerFixture()
        let added = try fixture.add("2025-03-14", .expense, "1.00", .usd, "Food")
        try fixture.store.update(added.id, set: ["amount": .string("lots")])
        let error = keepsakeError { _ = try fixture.ledger.read(added.id) }
        #expect(error?.code == .incompatibleStore)
        #expect(error?.message.contains("amount field is missing or not a whole number") == true)
        try fixture.store.update(added.id, set: ["amount": .integer(100), "currency": .string("XXX")])
        #expect(keepsakeError { _ = try fixture.ledger.read(added.id) }?.code == .incompatibleStore)
    }

    @Test func listsAreNewestFirstFilteredAndPagedWithACursor() throws {
        let fixture = try LedgerFixture()
        var added: [LedgerTransaction] = []
        for day in 1...9 {
            added.append(try fixture.add("2025-03-0\(day)", day.isMultiple(of: 3) ? .income : .expense, "\(day)", day == 5 ? .usd : .krw,
                                         day.isMultiple(of: 2) ? "식비" : "교통"))
        }
        let april = try fixture.add("2025-04-01", .expense, "7", .krw, "식비")
        let february = try fixture.add("2025-02-28", .expense, "8", .krw, "식비")

        let march = try LedgerMonth(parsing: "2025-03")
        var seen: [RecordID] = []
        var page = try fixture.ledger.list(month: march, limit: 4)
        #expect(page.transactions.count == 4)
        while true {
            seen += page.transactions.map(\.id)
            guard let next = page.nextCursor else { break }
            page = try fixture.ledger.list(month: march, limit: 4, after: next)
        }
        #expect(seen == added.reversed().map(\.id))

        #expect(try fixture.ledger.list().transactions.map(\.id) == [april.id] + added.reversed().map(\.id) + [february.id])
        #expect(try fixture.ledger.list(month: march, category: " 식비 ").transactions.map(\.date.day) == [8, 6, 4, 2])
        #expect(try fixture.ledger.list(month: march, kind: .income).transactions.map(\.date.day) == [9, 6, 3])
        #expect(try fixture.ledger.list(currency: .usd).transactions.map(\.date.day) == [5])
        #expect(try fixture.ledger.list(month: march, category: "식비", kind: .income).transactions.map(\.date.day) == [6])
        #expect(try fixture.ledger.list(month: try LedgerMonth(parsing: "2024-03")).transactions.isEmpty)
        #expect(keepsakeError { _ = try fixture.ledger.list(limit: 0) }?.message.contains("1 to 1000 transactions") == true)
        #expect(keepsakeError { _ = try fixture.ledger.list(category: "") }?.code == .invalidArgument)
    }

    @Test func searchFindsTransactionsByCategoryAndMemoWords() throws {
        let fixture = try LedgerFixture()
        let lunch = try fixture.add("2025-03-14", .expense, "9000", .krw, "식비", memo: "회사 근처 김밥집에서 점심")
        try fixture.add("2025-03-15", .expense, "1500", .krw, "교통", memo: "버스")
        #expect(try fixture.ledger.search("김밥집").map(\.id) == [lunch.id])
        #expect(try fixture.ledger.search("식비 점심").map(\.id) == [lunch.id])
        #expect(try fixture.ledger.search("taxi").isEmpty)
    }
}
