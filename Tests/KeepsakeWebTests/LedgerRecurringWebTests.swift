import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Recurring transactions on the web: the server makes due occurrences when it starts (once, also
/// with a second server on the same store), and the Recurring page (rules, upcoming, the form, a
/// refused day, removal, Korean).
@Suite struct LedgerRecurringWebTests {
    @Test func theServerMakesDueOccurrencesOnceWhenItStarts() async throws {
        let directory = TemporaryDirectory("recurring-start")
        let store = try TestStores.open(directory)
        let ledger = Ledger(store: store)
        try ledger.createRecurring(LedgerRecurringDraft(kind: .expense, amount: Money(minorUnits: 650_000, currency: .krw), category: "월세",
                                                        schedule: .monthly(day: 31), start: try LedgerDay(parsing: "2025-01-01")))
        #expect(try ledger.count() == 0)
        // 15 March 2025 at noon UTC: the 15th in every time zone.
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_742_040_000) }
        let logged = LogLines()
        let first = try WebFixture(clock: clock, store: store, errorLog: { logged.append($0) })
        #expect(logged.lines.isEmpty, "\(logged.lines)")
        #expect(try ledger.list().transactions.map(\.date.string) == ["2025-02-28", "2025-01-31"], "made when the server started")
        let second = try WebFixture(clock: clock, store: try TestStores.open(directory))
        #expect(try ledger.count() == 2, "a second server on the same store makes nothing again")
        let page = try await first.get("/ledger?month=2025-02")
        #expect(page.text.contains("월세") && page.text.contains("href=\"/ledger/recurring\""), "the month page shows it and links the rules")
        let token = try APITokens(store: store).create(name: "t", readOnly: true, owner: try #require(try store.firstAdmin()).id).token
        let api = try await second.curl(["-H", "Authorization: Bearer \(token)", second.url("/api/v1/ledger/recurring/upcoming?through=2025-04-30")])
        #expect(api.status == 200 && api.text.contains("\"day\":\"2025-03-31\"") && api.text.contains("\"day\":\"2025-04-30\""), "\(api.text)")
        #expect(!api.text.contains("2025-02-28"), "made ones are not upcoming")
        let changes = try await second.curl(["-H", "Authorization: Bearer \(token)", second.url("/api/v1/changes")])
        #expect(changes.text.contains("\"collection\":\"ledger-recurring\"") && changes.text.contains("\"frequency\":\"monthly\""),
                "the change feed carries the rule: \(changes.text.prefix(2000))")
    }

    @Test func theRecurringPageListsAddsRefusesAndRemovesRules() async throws {
        let fixture = try WebFixture()
        let empty = try await fixture.get("/ledger/recurring")
        #expect(empty.status == 200 && empty.text.contains("action=\"/ledger/recurring\"") && empty.text.contains("No recurring transactions yet."))

        let added = try await fixture.post("/ledger/recurring", fields: ["kind=expense", "amount=650000", "currency=KRW", "category=월세", "memo=집",
                                                                         "frequency=monthly", "day=31", "weekday=1", "month=", "start=2026-01-01",
                                                                         "end=", "count="])
        #expect(added.status == 303 && added.header("Location") == "/ledger/recurring", "\(added.text.prefix(2000))")
        let page = try await fixture.get("/ledger/recurring?month=2099-02")
        #expect(page.text.contains("recurring-rule") && page.text.contains("월세") && page.text.contains("monthly on day 31"), "\(page.text.prefix(3000))")
        #expect(page.text.contains("Upcoming in 2099-02") && page.text.contains("<li class=\"upcoming\">"), "February 2099's occurrence (on the 28th) is upcoming")

        // Day 32 does not exist: refused with the reason, the form back as typed, nothing written.
        let bad = try await fixture.post("/ledger/recurring", fields: ["kind=expense", "amount=1", "currency=KRW", "category=Bad", "frequency=monthly",
                                                                       "day=32", "start=2026-01-01"])
        #expect(bad.status == 400 && bad.text.contains("role=\"alert\"") && bad.text.contains("Day 32") && bad.text.contains("value=\"32\""),
                "\(bad.text.prefix(3000))")
        let tooPrecise = try await fixture.post("/ledger/recurring", fields: ["kind=expense", "amount=1.5", "currency=KRW", "category=Bad",
                                                                              "frequency=weekly", "weekday=3", "start=2026-01-01"])
        #expect(tooPrecise.status == 400)
        #expect(try Ledger(store: fixture.store).recurringRules().count == 1)

        _ = try await fixture.get("/lang/ko?back=%2Fledger%2Frecurring")
        let korean = try await fixture.get("/ledger/recurring")
        #expect(korean.text.contains("반복 거래") && korean.text.contains("매월 31일"), "\(korean.text.prefix(300))")

        let rule = try #require(try Ledger(store: fixture.store).recurringRules().first)
        let removed = try await fixture.post("/ledger/recurring/\(rule.id.string)/remove", fields: [])
        #expect(removed.status == 303)
        #expect(try Ledger(store: fixture.store).recurringRules().isEmpty)
    }
}

/// Lines a server logged.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    /// Adds a line.
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    /// The lines so far.
    var lines: [String] { lock.withLock { stored } }
}
