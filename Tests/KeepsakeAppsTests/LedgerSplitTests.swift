import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport

/// Split transactions: parts that sum to the amount exactly, stored and read back checked, counted
/// per part by the reports, edited and cleared, and found by the fsck check when stored wrong.
@Suite struct LedgerSplitTests {
    static func part(_ category: String, _ amount: String, _ currency: Currency, memo: String = "") throws -> LedgerSplit {
        LedgerSplit(category: category, amount: try Money(parsing: amount, currency: currency), memo: memo)
    }

    static func draft(_ day: String, _ amount: String, _ currency: Currency, _ splits: [LedgerSplit],
                      kind: TransactionKind = .expense) throws -> LedgerTransactionDraft {
        var draft = LedgerTransactionDraft(date: try LedgerDay(parsing: day), kind: kind,
                                           amount: try Money(parsing: amount, currency: currency), category: "ignored")
        draft.splits = splits
        return draft
    }

    @Test func aSplitTransactionRoundTripsAndIsFiledUnderItsLargestPart() throws {
        let fixture = try LedgerFixture()
        let parts = [try Self.part(" 식비 ", "8000", .krw, memo: " 점심\t둘 "), try Self.part("생활", "4000", .krw)]
        let stored = try fixture.ledger.create(try Self.draft("2025-03-14", "12000", .krw, parts))
        #expect(stored.splits == [try Self.part("식비", "8000", .krw, memo: "점심\t둘"), try Self.part("생활", "4000", .krw)])
        #expect(stored.category == "식비")
        #expect(try fixture.ledger.read(stored.id) == stored)
        #expect(try fixture.store.record(stored.id).fields["splits"] == .strings(["8000\t식비\t점심\t둘", "4000\t생활\t"]))
        let unsplit = try fixture.add("2025-03-15", .expense, "3000", .krw, "Coffee")
        #expect(try unsplit.splits.isEmpty && fixture.store.record(unsplit.id).fields["splits"] == nil)
    }

    @Test func aCategoryFilterFindsASplitTransactionByAnyOfItsParts() throws {
        let fixture = try LedgerFixture()
        let split = try fixture.ledger.create(try Self.draft("2025-03-14", "12000", .krw, [try Self.part("식비", "8000", .krw), try Self.part("생활", "4000", .krw)]))
        let plain = try fixture.add("2025-03-15", .expense, "3000", .krw, "생활")
        _ = try fixture.add("2025-03-16", .expense, "5000", .krw, "교통")
        let march = try LedgerMonth(year: 2025, month: 3)
        #expect(try fixture.ledger.transactions(in: march, category: "생활").map(\.id) == [plain.id, split.id])
        #expect(try fixture.ledger.transactions(in: march, category: " 식비 ").map(\.id) == [split.id], "by its main category too, trimmed")
        #expect(try fixture.ledger.transactions(in: march, category: "교통").map(\.id).contains(split.id) == false)
        // Pages of one: a page may come back empty (the 16th's 교통), and the cursor still leads to the rest.
        var found: [RecordID] = [], pages: [Int] = []
        var cursor: RecordCursor?
        repeat {
            let page = try fixture.ledger.list(month: march, category: "생활", limit: 1, after: cursor)
            found += page.transactions.map(\.id)
            pages.append(page.transactions.count)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(found == [plain.id, split.id])
        #expect(pages.first == 0)
    }

    @Test func partsThatDoNotSumExactlyAreRefusedAndNothingIsStored() throws {
        let fixture = try LedgerFixture()
        let krw = try Self.draft("2025-03-14", "12000", .krw, [try Self.part("식비", "8000", .krw), try Self.part("생활", "3999", .krw)])
        let error = try #require(throws: KeepsakeError.self) { try fixture.ledger.create(krw) }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("The parts sum to 11999 KRW but the transaction is 12000 KRW"))
        let usd = try Self.draft("2025-03-14", "10.00", .usd, [try Self.part("Food", "6.00", .usd), try Self.part("Home", "4.01", .usd)])
        let usdError = try #require(throws: KeepsakeError.self) { try fixture.ledger.create(usd) }
        #expect(usdError.message.contains("The parts sum to 10.01 USD but the transaction is 10.00 USD"))
        #expect(try fixture.ledger.count() == 0)
    }

    @Test func aWrongCurrencyASinglePartAndAZeroPartAreRefused() throws {
        let fixture = try LedgerFixture()
        let wrongCurrency = try Self.draft("2025-03-14", "10.00", .usd, [try Self.part("Food", "6.00", .usd), LedgerSplit(category: "Home", amount: Money(minorUnits: 400, currency: .eur))])
        #expect(try #require(throws: KeepsakeError.self) { try fixture.ledger.create(wrongCurrency) }.message.contains("is not in USD"))
        let single = try Self.draft("2025-03-14", "10.00", .usd, [try Self.part("Food", "10.00", .usd)])
        #expect(try #require(throws: KeepsakeError.self) { try fixture.ledger.create(single) }.message.contains("at least two parts"))
        let zero = try Self.draft("2025-03-14", "10.00", .usd, [try Self.part("Food", "10.00", .usd), try Self.part("Home", "0.00", .usd)])
        #expect(try #require(throws: KeepsakeError.self) { try fixture.ledger.create(zero) }.message.contains("greater than zero"))
        let badCategory = try Self.draft("2025-03-14", "10.00", .usd, [try Self.part("Food", "5.00", .usd), try Self.part("  ", "5.00", .usd)])
        #expect(try #require(throws: KeepsakeError.self) { try fixture.ledger.create(badCategory) }.message.contains("category is empty"))
        let many = try Self.draft("2025-03-14", "51", .krw, (0..<51).map { _ in try Self.part("Food", "1", .krw) })
        #expect(try #require(throws: KeepsakeError.self) { try fixture.ledger.create(many) }.message.contains("the limit is 50"))
        #expect(try fixture.ledger.count() == 0)
    }

    @Test func categoryTotalsAndBudgetSpentCountEachPartInItsCategory() throws {
        let fixture = try LedgerFixture()
        try fixture.ledger.create(try Self.draft("2025-03-14", "12000", .krw, [try Self.part("식비", "8000", .krw), try Self.part("생활", "4000", .krw)]))
        try fixture.add("2025-03-15", .expense, "1000", .krw, "생활")
        let totals = try #require(try fixture.ledger.categoryTotals(year: 2025, month: 3)[.krw])
        #expect(totals["식비"]?.expense == Money(minorUnits: 8000, currency: .krw))
        #expect(totals["생활"]?.expense == Money(minorUnits: 5000, currency: .krw))
        #expect(try fixture.ledger.totals(year: 2025, month: 3)[.krw]?.expense == Money(minorUnits: 13000, currency: .krw))
        try LedgerBudgetTests.set(fixture.ledger, "2025-03", "10000", .krw, "생활")
        let line = try #require(LedgerBudgetTests.line(try fixture.ledger.budgetReport(for: try LedgerMonth(parsing: "2025-03")), "생활", .krw))
        #expect(line.spent == Money(minorUnits: 5000, currency: .krw))
    }

    @Test func editingSetsAndClearsPartsAndRefusesANewAmountWithoutNewParts() throws {
        let fixture = try LedgerFixture()
        let plain = try fixture.add("2025-03-14", .expense, "12000", .krw, "식비")
        let split = try fixture.ledger.update(plain.id, LedgerEdit(splits: [try Self.part("식비", "5000", .krw), try Self.part("생활", "7000", .krw)]), expectedVersion: nil)
        #expect(split.splits.count == 2 && split.category == "생활")
        let error = try #require(throws: KeepsakeError.self) { try fixture.ledger.update(plain.id, LedgerEdit(amount: Money(minorUnits: 13000, currency: .krw)), expectedVersion: nil) }
        #expect(error.code == .invalidArgument && error.message.contains("is split"))
        #expect(try fixture.ledger.read(plain.id) == split)
        let resplit = try fixture.ledger.update(plain.id, LedgerEdit(amount: Money(minorUnits: 13000, currency: .krw),
                                                                    splits: [try Self.part("식비", "6000", .krw), try Self.part("생활", "7000", .krw)]), expectedVersion: nil)
        #expect(resplit.amount.minorUnits == 13000)
        let cleared = try fixture.ledger.update(plain.id, LedgerEdit(category: "외식", splits: []), expectedVersion: nil)
        #expect(cleared.splits.isEmpty && cleared.category == "외식")
        #expect(try fixture.store.record(plain.id).fields["splits"] == nil)
        #expect(try fixture.ledger.update(plain.id, LedgerEdit(amount: Money(minorUnits: 1, currency: .krw)), expectedVersion: nil).amount.minorUnits == 1)
    }

    @Test func aSplitTransactionGoesThroughTheCSVWithItsParts() throws {
        let source = try LedgerFixture()
        let parts = [try Self.part("Groceries", "8.25", .usd, memo: "milk, \"bread\"\tand eggs"), try Self.part("=Household", "4.00", .usd)]
        let split = try source.ledger.create(try Self.draft("2025-03-14", "12.25", .usd, parts))
        let plain = try source.add("2025-03-15", .expense, "3000", .krw, "Coffee")
        let csv = try source.ledger.exportCSV()
        #expect(csv.hasPrefix("id,date,kind,amount,currency,category,memo,splits\r\n"))
        let rows = CSV.parse(csv)
        #expect(rows[1].fields[7] == #"[{"amount":"8.25","category":"Groceries","memo":"milk, \"bread\"\tand eggs"},{"amount":"4.00","category":"=Household","memo":""}]"#)
        #expect(rows[2].fields[7] == "", "an unsplit transaction has an empty cell")

        let copy = try LedgerFixture()
        let report = try copy.ledger.importCSV(csv)
        #expect(report.imported.count == 2 && report.invalid.isEmpty)
        #expect(try copy.ledger.read(split.id).splits == split.splits)
        #expect(try copy.ledger.read(split.id).category == "Groceries")
        #expect(try copy.ledger.read(plain.id).splits.isEmpty)
        #expect(try copy.ledger.exportCSV() == csv, "the copy exports the same bytes")

        // A file of the seven columns before splits still imports.
        let old = "id,date,kind,amount,currency,category,memo\r\n,2025-03-16,expense,1000,KRW,식비,old file\r\n"
        #expect(try copy.ledger.importCSV(old).imported.count == 1)

        // Parts that are not JSON or do not sum make the row invalid, naming the column; nothing is imported.
        let before = try copy.ledger.count()
        let bad = "id,date,kind,amount,currency,category,memo,splits\r\n"
            + ",2025-03-17,expense,12000,KRW,식비,,\"[{\"\"amount\"\":\"\"8000\"\",\"\"category\"\":\"\"식비\"\"},{\"\"amount\"\":\"\"3000\"\",\"\"category\"\":\"\"생활\"\"}]\"\r\n"
            + ",2025-03-18,expense,12000,KRW,식비,,식비=8000\r\n"
        let error = try #require(throws: KeepsakeError.self) { try copy.ledger.importCSV(bad) }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("line 2: splits:") && error.message.contains("11000"), "\(error.message)")
        #expect(error.message.contains("line 3: splits: not a JSON array"), "\(error.message)")
        #expect(try copy.ledger.count() == before)
    }

    @Test func badStoredPartsAreAnIncompatibleStoreAndSplitProblemsNamesThem() throws {
        let fixture = try LedgerFixture()
        #expect(try fixture.ledger.splitProblems().isEmpty)
        try fixture.ledger.create(try Self.draft("2025-03-14", "12000", .krw, [try Self.part("식비", "8000", .krw), try Self.part("생활", "4000", .krw)]))
        #expect(try fixture.ledger.splitProblems().isEmpty)
        let base: [String: FieldValue] = ["day": .string("2025-03-15"), "kind": .string("expense"), "amount": .integer(12000),
                                          "currency": .string("KRW"), "category": .string("식비"), "memo": .string("")]
        var notSumming = base
        notSumming["splits"] = .strings(["8000\t식비\t", "3500\t생활\t"])
        let bad = try fixture.store.create(RecordDraft(collection: "ledger", date: try LedgerDay(parsing: "2025-03-15").startDate, fields: notSumming))
        var unreadable = base
        unreadable["splits"] = .strings(["eight thousand"])
        let garbled = try fixture.store.create(RecordDraft(collection: "ledger", date: try LedgerDay(parsing: "2025-03-16").startDate, fields: unreadable))
        #expect(try #require(throws: KeepsakeError.self) { try fixture.ledger.read(bad.id) }.code == .incompatibleStore)
        #expect(try #require(throws: KeepsakeError.self) { try fixture.ledger.read(garbled.id) }.code == .incompatibleStore)
        let problems = try fixture.ledger.splitProblems()
        #expect(problems.count == 2)
        #expect(problems.allSatisfy { $0.kind == .splitNotSumming })
        #expect(problems.contains { $0.recordID == bad.id && $0.message.contains("The parts sum to 11500 KRW but the transaction is 12000 KRW") })
        #expect(problems.contains { $0.recordID == garbled.id && $0.message.contains("unreadable part") })
        #expect(try fixture.ledger.check() == problems)
    }

    @Test func typedPartsAreReadExactly() throws {
        #expect(try LedgerSplit(typed: "식비=8000", currency: .krw) == (try Self.part("식비", "8000", .krw)))
        #expect(try LedgerSplit(typed: " Eating out 4.50 ", currency: .usd) == (try Self.part("Eating out", "4.50", .usd)))
        #expect(throws: KeepsakeError.self) { try LedgerSplit(typed: "식비", currency: .krw) }
        #expect(throws: KeepsakeError.self) { try LedgerSplit(typed: "=8000", currency: .krw) }
    }
}
