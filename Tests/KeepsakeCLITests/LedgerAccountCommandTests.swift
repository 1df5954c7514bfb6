import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// End-to-end: `keepsake ledger account add|list|rename|remove` and `keepsake ledger transfer`
/// in-process, on a fresh store.
@Suite struct LedgerAccountCommandTests {
    @Test func accountsBalancesAndATransfer() async throws {
        let cli = CLI("cli-accounts")
        _ = try await cli.ok(["ledger", "add", "--amount", "8000", "--category", "식비", "--date", "2026-11-03"])
        let bank = try await cli.json(LedgerAccount.self, ["ledger", "account", "add", "--name", "Shinhan", "--kind", "bank", "--opening", "1500000"])
        #expect(bank.kind == .bank && bank.openingBalance == Money(minorUnits: 1_500_000, currency: .krw))
        let dollars = try await cli.json(LedgerAccount.self, ["ledger", "account", "add", "--name", "Dollars", "--currency", "USD"])

        // The old transaction belongs to Cash KRW; a transfer names it by name and stores it.
        let moved = try await cli.json(LedgerTransfer.self, ["ledger", "transfer", "--from", "Shinhan", "--to", "Cash KRW", "--amount", "50000",
                                                             "--date", "2026-11-05"])
        #expect(moved.from == bank.id && moved.toAmount == Money(minorUnits: 50_000, currency: .krw))
        _ = try await cli.ok(["ledger", "transfer", "--from", "shinhan", "--to", "Dollars", "--amount", "135000", "--to-amount", "100.00",
                              "--date", "2026-11-06"])
        let lines = try await cli.json([LedgerAccountBalance].self, ["ledger", "account", "list", "--on", "2026-11-30"])
        #expect(lines.map { "\($0.account.name) \($0.balance)" } == ["Cash KRW 42000 KRW", "Shinhan 1315000 KRW", "Dollars 100.00 USD"])
        let text = try await cli.ok(["ledger", "account", "list", "--on", "2026-11-04"])
        #expect(text.contains("Shinhan") && text.contains("1500000 KRW") && text.contains("-8000 KRW  (default)"), "\(text)")

        _ = try await cli.fails(1, ["ledger", "transfer", "--from", "Shinhan", "--to", "Dollars", "--amount", "1000"], containing: "give the amount that arrives")
        _ = try await cli.fails(1, ["ledger", "transfer", "--from", "Shinhan", "--to", "Shinhan", "--amount", "1000"], containing: "same account")
        _ = try await cli.fails(1, ["ledger", "transfer", "--from", "Dollars", "--to", "Shinhan", "--amount", "1.005", "--to-amount", "1000"], containing: "decimal")
        _ = try await cli.fails(1, ["ledger", "account", "add", "--name", "Cash", "--opening", "1.5"], containing: "whole numbers")
        #expect(try await cli.json([LedgerAccountBalance].self, ["ledger", "account", "list"]).count == 3, "nothing written")

        #expect(try await cli.ok(["ledger", "account", "rename", "Dollars", "Travel dollars"]).contains("Travel dollars"))
        _ = try await cli.fails(3, ["ledger", "account", "remove", "Travel dollars"], containing: "is used by 1")
        let spare = try await cli.json(LedgerAccount.self, ["ledger", "account", "add", "--name", "Spare", "--kind", "card"])
        #expect(try await cli.ok(["ledger", "account", "remove", spare.id.string]).contains("Removed account Spare"))
        _ = try await cli.fails(1, ["ledger", "account", "remove", "Spare"], containing: "No money account is named Spare")
        // ledger add --account and ledger list --account.
        let coffee = try await cli.json(LedgerTransaction.self, ["ledger", "add", "--amount", "4.50", "--currency", "USD", "--category", "Coffee",
                                                                "--account", "Travel dollars", "--date", "2026-11-07"])
        #expect(coffee.account == dollars.id)
        let listed = try await cli.ok(["ledger", "list", "--month", "2026-11", "--account", "Travel dollars"])
        #expect(listed.contains("Coffee") && !listed.contains("식비"), "\(listed)")
        #expect(try await cli.ok(["ledger", "list", "--month", "2026-11", "--account", "Cash KRW"]).contains("식비"))
        _ = try await cli.fails(1, ["ledger", "add", "--amount", "1000", "--category", "식비", "--account", "Travel dollars"], containing: "holds USD")
    }
}
