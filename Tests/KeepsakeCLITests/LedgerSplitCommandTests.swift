import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// End-to-end: `keepsake ledger add|edit --split`, `edit --no-split`, `edit --account`, the parts in
/// `show`, and the fsck section of split transactions.
@Suite struct LedgerSplitCommandTests {
    struct Page: Decodable { let transactions: [LedgerTransaction] }

    @Test func addEditAndClearPartsAndMoveATransactionToAnotherAccount() async throws {
        let cli = CLI("cli-splits")
        let split = try await cli.json(LedgerTransaction.self, ["ledger", "add", "--amount", "12000", "--split", "식비=8000", "--split", "생활=4000",
                                                                "--date", "2026-11-03"])
        #expect(split.splits.map { "\($0.category) \($0.amount)" } == ["식비 8000 KRW", "생활 4000 KRW"] && split.category == "식비")
        let shown = try await cli.ok(["ledger", "show", split.id.string])
        #expect(shown.contains("Parts:") && shown.contains("생활: 4000 KRW"), "\(shown)")
        let listed = try await cli.ok(["ledger", "list", "--month", "2026-11"])
        #expect(listed.contains("    생활: 4000 KRW"), "\(listed)")
        _ = try await cli.fails(1, ["ledger", "add", "--amount", "12000", "--split", "식비=8000", "--split", "생활=3500"],
                                containing: "The parts sum to 11500 KRW but the transaction is 12000 KRW")
        _ = try await cli.fails(1, ["ledger", "edit", split.id.string, "--amount", "13000"], containing: "is split")
        let resplit = try await cli.json(LedgerTransaction.self, ["ledger", "edit", split.id.string, "--amount", "13000",
                                                                  "--split", "식비=6000", "--split", "생활=7000"])
        #expect(resplit.amount.minorUnits == 13000 && resplit.category == "생활")
        let cleared = try await cli.json(LedgerTransaction.self, ["ledger", "edit", split.id.string, "--no-split"])
        #expect(cleared.splits.isEmpty && cleared.category == "생활")
        #expect(try await cli.json(Page.self, ["ledger", "list", "--month", "2026-11"]).transactions.count == 1, "the refused add wrote nothing")

        let bank = try await cli.json(LedgerAccount.self, ["ledger", "account", "add", "--name", "Shinhan", "--kind", "bank"])
        let moved = try await cli.json(LedgerTransaction.self, ["ledger", "edit", split.id.string, "--account", "Shinhan"])
        #expect(moved.account == bank.id)
        _ = try await cli.fails(1, ["ledger", "edit", split.id.string, "--account", "Nowhere"], containing: "Nowhere")
        #expect(try await cli.ok(["fsck"]).contains("Clean."))
    }
}
