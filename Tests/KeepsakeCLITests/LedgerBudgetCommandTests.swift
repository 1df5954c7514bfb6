import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// End-to-end: `keepsake ledger budget set|list|remove|report` in-process, on a fresh store.
@Suite struct LedgerBudgetCommandTests {
    @Test func setListReportAndRemoveBudgets() async throws {
        let cli = CLI("cli-budget")
        _ = try await cli.ok(["ledger", "add", "--amount", "120000", "--category", "식비", "--date", "2026-11-03"])
        _ = try await cli.ok(["ledger", "add", "--amount", "50000", "--category", "식비", "--date", "2026-11-20"])
        _ = try await cli.ok(["ledger", "add", "--income", "--amount", "90000", "--category", "식비", "--date", "2026-11-21"])
        let food = try await cli.json(LedgerBudget.self, ["ledger", "budget", "set", "--category", "식비", "--amount", "150000", "--month", "2026-11", "--carry-over"])
        #expect(food.amount == Money(minorUnits: 150_000, currency: .krw) && food.carryOver && food.month.string == "2026-11")
        let coffee = try await cli.json(LedgerBudget.self, ["ledger", "budget", "set", "--category", "Coffee", "--amount", "40.00", "--currency", "USD",
                                                          "--month", "2026-12"])

        let november = try await cli.json([LedgerBudgetLine].self, ["ledger", "budget", "report", "--month", "2026-11"])
        #expect(november.map(\.budget.id) == [food.id], "Coffee's budget starts in December")
        #expect(november.first?.spent == Money(minorUnits: 170_000, currency: .krw), "income does not reduce spending")
        #expect(november.first?.left == Money(minorUnits: -20_000, currency: .krw))
        let text = try await cli.ok(["ledger", "budget", "report", "--month", "2026-12"])
        #expect(text.contains("budget 150000 KRW  carried -20000  spent 0  left 130000 KRW"), "\(text)")
        #expect(text.contains("Coffee") && text.contains("left 40.00 USD"), "\(text)")

        #expect(try await cli.json([LedgerBudget].self, ["ledger", "budget", "list"]).map(\.id) == [food.id, coffee.id])
        #expect(try await cli.json([LedgerBudget].self, ["ledger", "budget", "list", "--month", "2026-11"]).map(\.id) == [food.id])

        _ = try await cli.fails(1, ["ledger", "budget", "set", "--category", "Tea", "--amount", "3.505", "--currency", "USD"], containing: "decimal places")
        _ = try await cli.fails(1, ["ledger", "budget", "set", "--category", "Tea", "--amount", "100.5"], containing: "whole numbers")
        #expect(try await cli.json([LedgerBudget].self, ["ledger", "budget", "list"]).count == 2, "nothing written")

        #expect(try await cli.ok(["ledger", "budget", "remove", coffee.id.string]).contains("Removed budget \(coffee.id)"))
        _ = try await cli.fails(1, ["ledger", "budget", "remove", coffee.id.string], containing: "No budget")
        #expect(try await cli.json([LedgerBudget].self, ["ledger", "budget", "list"]).map(\.id) == [food.id])
    }

    @Test func aSharedLedgerBookSharesItsBudgetsWithItsViewerWhoMayNotChangeThem() throws {
        typealias Accounts = AccountCommandTests
        let (cli, _, _) = try Accounts.sharedStore("cli-budget-shared")
        let book = try #require(printedID(try Accounts.keepsake(cli, ["--user", "ana", "book", "create", "ledger", "Household"]).stdout))
        try Accounts.keepsake(cli, ["--user", "ana", "book", "share", book, "ben", "--role", "viewer"])
        let set = try Accounts.keepsake(cli, ["--user", "ana", "ledger", "budget", "set", "--category", "Food", "--amount", "300000",
                                              "--month", "2026-11", "--book", "Household"])
        let id = try #require(printedID(set.stdout))
        let own = try Accounts.keepsake(cli, ["--user", "ana", "ledger", "budget", "set", "--category", "Fun", "--amount", "5000",
                                              "--month", "2026-11"])
        let ownID = try #require(printedID(own.stdout))
        let listed = try Accounts.keepsake(cli, ["--user", "ben", "ledger", "budget", "list"]).stdout
        #expect(listed.contains(id) && !listed.contains(ownID), "the viewer reads the shared book's budget, not Ana's own book's")
        let narrowed = try Accounts.keepsake(cli, ["--user", "ana", "ledger", "budget", "list", "--book", "Household"]).stdout
        #expect(narrowed.contains(id) && !narrowed.contains(ownID), "--book narrows to one ledger book")
        let refused = try Accounts.keepsake(cli, ["--user", "ben", "ledger", "budget", "set", "--category", "Food", "--amount", "1",
                                                  "--month", "2026-11", "--book", book], expect: 1)
        #expect(refused.stderr.contains("only read"), "\(refused.stderr)")
        _ = try Accounts.keepsake(cli, ["--user", "ben", "ledger", "budget", "remove", id], expect: 1)
        try Accounts.keepsake(cli, ["--user", "ana", "book", "create", "diary", "Notes"])
        let diaryBook = try Accounts.keepsake(cli, ["--user", "ana", "ledger", "budget", "set", "--category", "Food", "--amount", "1",
                                                    "--book", "Notes"], expect: 1)
        #expect(diaryBook.stderr.contains("No ledger book"), "\(diaryBook.stderr)")
        let budgetBook = try Accounts.keepsake(cli, ["--user", "ana", "book", "create", "ledger-budget", "Budgets"], expect: 2)
        #expect(budgetBook.stderr.contains("ledger-budget"), "no budget books of their own: \(budgetBook.stderr)")
        #expect(try Accounts.keepsake(cli, ["--user", "ana", "ledger", "budget", "report", "--month", "2026-12"]).stdout.contains("budget 300000 KRW"))
        // Deleting the ledger book deletes its budget with it.
        try Accounts.keepsake(cli, ["--user", "ana", "book", "delete", book, "--yes"])
        let after = try Accounts.keepsake(cli, ["--user", "ana", "ledger", "budget", "list"]).stdout
        #expect(!after.contains(id) && after.contains(ownID))
    }
}
