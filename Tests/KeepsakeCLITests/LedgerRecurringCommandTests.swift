import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// End-to-end: `keepsake ledger recurring add|list|upcoming|run|remove` in-process, on a fresh store.
@Suite struct LedgerRecurringCommandTests {
    @Test func addListRunUpcomingAndRemoveRules() async throws {
        let cli = CLI("cli-recurring")
        let rent = try await cli.json(LedgerRecurringRule.self, ["ledger", "recurring", "add", "--monthly", "31", "--amount", "1200.00", "--currency", "USD",
                                                                "--category", "Rent", "--start", "2025-01-01"])
        #expect(rent.schedule == .monthly(day: 31) && rent.amount == Money(minorUnits: 120_000, currency: .usd))
        let leap = try await cli.json(LedgerRecurringRule.self, ["ledger", "recurring", "add", "--yearly", "02-29", "--income", "--amount", "50000",
                                                                "--category", "용돈", "--start", "2025-01-01", "--count", "2"])
        #expect(leap.schedule == .yearly(month: 2, day: 29) && leap.count == 2)
        let list = try await cli.ok(["ledger", "recurring", "list"])
        #expect(list.contains("\(rent.id)  monthly on day 31  expense 1200.00 USD  Rent"), "\(list)")
        #expect(list.contains("yearly on 02-29"), "\(list)")

        let run = try await cli.ok(["ledger", "recurring", "run", "--through", "2025-04-30"])
        #expect(run.contains("Made 5 transactions; 0 already there."), "\(run)")
        #expect(run.contains("2025-02-28") && run.contains("2025-04-30"), "the 31st falls on the last day: \(run)")
        let again = try await cli.json([LedgerTransaction].self, ["ledger", "recurring", "run", "--through", "2025-04-30"])
        #expect(again.isEmpty, "run twice: made once")
        let february = try await cli.ok(["ledger", "list", "--month", "2025-02"])
        #expect(february.components(separatedBy: "2025-02-28").count == 3, "rent and 29 February on the 28th: \(february)")

        let upcoming = try await cli.json([LedgerRecurringOccurrence].self, ["ledger", "recurring", "upcoming", "--through", CalendarDay(containing: Date()).adding(days: 62).string])
        #expect(upcoming.isEmpty == false && upcoming.allSatisfy { $0.rule.id == rent.id }, "the counted rule has ended")

        _ = try await cli.fails(1, ["ledger", "recurring", "add", "--monthly", "32", "--amount", "1", "--category", "x"], containing: "Day 32")
        _ = try await cli.fails(1, ["ledger", "recurring", "add", "--monthly", "1", "--amount", "1.005", "--currency", "USD", "--category", "x"],
                                containing: "decimal")
        _ = try await cli.fails(1, ["ledger", "recurring", "add", "--weekly", "mon", "--amount", "1", "--category", "x", "--count", "0"],
                                containing: "1 to 10000")
        _ = try await cli.fails(2, ["ledger", "recurring", "add", "--amount", "1", "--category", "x"])
        #expect(try await cli.json([LedgerRecurringRule].self, ["ledger", "recurring", "list"]).count == 2, "nothing written")

        #expect(try await cli.ok(["ledger", "recurring", "remove", leap.id.string]).contains("Removed recurring rule \(leap.id)"))
        _ = try await cli.fails(1, ["ledger", "recurring", "remove", leap.id.string], containing: "No recurring rule")
        #expect(try await cli.json([LedgerRecurringRule].self, ["ledger", "recurring", "list"]).map(\.id) == [rent.id])
    }
}
