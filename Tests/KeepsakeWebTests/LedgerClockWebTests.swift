import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// The ledger's pages take "today" and "this month" from the web app's clock (`WebConfiguration.clock`),
/// not from the machine's: the month shown without `?month=`, the new form's day, the accounts'
/// balances today, and a recurring rule's next day.
@Suite struct LedgerClockWebTests {
    /// Noon UTC on 15 May 2031: the same day in the server's zone wherever it is from -11 to +11.
    static let now = try! Date("2031-05-15T12:00:00Z", strategy: .iso8601)

    @Test func thePagesTodayIsTheClocksDay() async throws {
        let web = try WebFixture(clock: { Self.now })
        let ledger = Ledger(store: web.store)
        let won = Currency.krw
        _ = try ledger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2031-05-10"), kind: .income,
                                                     amount: try Money(parsing: "5000", currency: won), category: "용돈", memo: "BeforeToday"))
        _ = try ledger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2031-05-20"), kind: .expense,
                                                     amount: try Money(parsing: "3000", currency: won), category: "식비", memo: "AfterToday"))
        // From tomorrow on, so that nothing is made through today.
        _ = try ledger.createRecurring(LedgerRecurringDraft(kind: .expense, amount: try Money(parsing: "9900", currency: won), category: "통신",
                                                            memo: "Phone", schedule: .monthly(day: 25), start: try LedgerDay(parsing: "2031-05-16")))

        let month = try await web.get("/ledger")
        #expect(month.status == 200)
        #expect(month.text.contains("BeforeToday") && month.text.contains("AfterToday"), "May 2031 is shown without ?month=")
        #expect(try await web.get("/ledger/new").text.contains("value=\"2031-05-15\""), "the new form starts on the clock's day")
        let accounts = try await web.get("/ledger/accounts")
        #expect(accounts.text.contains("5,000") || accounts.text.contains("5000"), "the balance today counts the 10th only")
        #expect(!accounts.text.contains("2,000"), "not the 20th, after today")
        let recurring = try await web.get("/ledger/recurring")
        #expect(recurring.text.contains("2031-05-25") || recurring.text.contains("May 25, 2031"), "the rule's next day is after the clock's today")
    }
}
