import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// The ledger's own invariants that fsck reports (``Ledger/check()``, ``StoreCheck``): a recurring
/// rule that made a day twice, found by the database's count, and the whole check's verdict.
@Suite struct LedgerCheckTests {
    @Test func aRecurringDayMadeTwiceIsReportedWithTheRuleAndTheDay() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let rule = try ledger.createRecurring(try LedgerRecurringTests.draft(.monthly(day: 1), start: "2025-01-01"))
        let made = try ledger.createDueOccurrences(through: try LedgerDay(parsing: "2025-03-15")).created
        #expect(made.count == 3)
        #expect(try ledger.check().isEmpty, "the ledger never makes a day twice")
        #expect(try StoreCheck(of: fixture.store).isClean)

        // A copy of February's occurrence under another id, as a store merged by hand would have.
        let february = try fixture.store.record(made[1].id)
        try fixture.store.create(RecordDraft(collection: Ledger.collection, date: february.date, fields: february.fields))
        let problems = try ledger.check()
        #expect(problems.count == 1)
        #expect(problems.first?.kind == .recurringDayTwice && problems.first?.recordID == rule.id)
        #expect(problems.first?.message.contains("made 2 transactions for 2025-02-01") == true)
        #expect(problems.first?.message.contains("--month 2025-02") == true)
        let whole = try StoreCheck(of: fixture.store)
        #expect(!whole.isClean && whole.report.isClean, "the files are fine; the ledger is not")
        #expect(whole.problemCount == 1)

        // Trashing the copy ends it: only live transactions count.
        let copy = try #require(try ledger.list(month: try LedgerMonth(parsing: "2025-02")).transactions.first { $0.id != made[1].id })
        try ledger.delete(copy.id)
        #expect(try ledger.check().isEmpty)
    }

    @Test func theWholeCheckIsForTheOperator() throws {
        let people = try LedgerPeople()
        #expect(throws: KeepsakeError.self) { try StoreCheck(of: people.store.acting(as: .account(people.mina.id))) }
    }
}
