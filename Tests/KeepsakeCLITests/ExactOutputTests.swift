import Foundation
import Testing
import KeepsakeTestSupport

/// Commands run in-process, their exact output and exit codes compared: the same code the binary
/// runs, on a real store, with standard output and error captured.
@Suite struct ExactOutputTests {
    @Test func aFreshStoreChecksCleanAndHasNothingInItsTrash() async throws {
        let cli = CLI("exact-fresh")
        #expect(try await cli.run(["fsck"]) == .init(status: 0, stdout: "Checked 0 records, 0 images, 0 files.\nClean.\n", stderr: ""))
        #expect(try await cli.run(["trash", "list"]) == .init(status: 0, stdout: "The trash is empty.\n", stderr: ""))
        #expect(try await cli.run(["trash", "purge", "--json"]) == .init(status: 0, stdout: "{\n  \"purged\" : [\n\n  ]\n}\n", stderr: ""))
        #expect(try await cli.run(["thumbnails", "rebuild"]) == .init(status: 0, stdout: "Made thumbnails for 0 of 0 images.\n", stderr: ""))
        #expect(try await cli.run(["diary", "list"]) == .init(status: 0, stdout: "No diary entries yet.\n", stderr: ""))
        #expect(try await cli.run(["ledger", "list", "--month", "2026-11"])
                    == .init(status: 0, stdout: "No transactions in 2026-11.\nTotals for 2026-11: no transactions.\n", stderr: ""))
    }

    @Test func aLedgerMonthPrintsItsLinesAndTotalsExactly() async throws {
        let cli = CLI("exact-ledger")
        let lunch = try #require(printedID(try await cli.ok(["ledger", "add", "--amount", "12000", "--category", "식비", "--memo", "김밥", "--date", "2026-11-03"])))
        let refund = try #require(printedID(try await cli.ok(["ledger", "add", "--income", "--amount", "4.5", "--currency", "USD", "--category", "Refund",
                                                               "--date", "2026-11-04"])))
        #expect(try await cli.run(["ledger", "list", "--month", "2026-11"]) == .init(status: 0, stdout: """
            \(refund)  2026-11-04  income          4.50 USD  Refund
            \(lunch)  2026-11-03  expense       -12000 KRW  식비  김밥
            Totals for 2026-11:
              KRW  income 0  expense 12000  balance -12000  (1 transaction)
              USD  income 4.50  expense 0.00  balance 4.50  (1 transaction)

            """, stderr: ""))
        #expect(try await cli.run(["ledger", "delete", lunch]) == .init(status: 0,
            stdout: "Moved transaction \(lunch) to the trash; keepsake ledger restore \(lunch) brings it back.\n", stderr: ""))
        let trash = try await cli.run(["trash", "list"])
        #expect(trash.status == 0 && trash.stdout.hasPrefix("\(lunch)  ledger   deleted 20") && trash.stdout.hasSuffix("  0 images  김밥\n"))
        #expect(try await cli.run(["ledger", "delete", lunch]) == .init(status: 3, stdout: "", stderr: "keepsake: Record \(lunch) is already in the trash.\n"),
                "a conflict exits 3")
    }

    @Test func usageErrorsAndStoreErrorsExitWithTheirCodesAndOneSentence() async throws {
        let cli = CLI("exact-errors")
        #expect(try await cli.run(["diary", "list", "--limit", "0"])
                    == .init(status: 2, stdout: "", stderr: "keepsake: --limit takes a whole number from 1 to 1000, not \"0\".\n"))
        #expect(try await cli.run(["feed", "show"])
                    == .init(status: 2, stdout: "", stderr: "keepsake: feed show needs one ID (as post and list print it); write it as: keepsake feed show ID.\n"))
        let unknown = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
        #expect(try await cli.run(["ledger", "show", unknown]) == .init(status: 1, stdout: "",
            stderr: "keepsake: No ledger transaction with id \(unknown) exists in this store; list the transactions to see valid ids.\n"))
        let overview = await CLI.run([], timeZone: cli.timeZone, environment: cli.environment)
        #expect(overview.status == 2 && overview.stdout.hasPrefix("keepsake: keep records that carry photos, safely.\n"), "no command: the overview, exit 2")
    }

    @Test func theTextOfAnEntryCanComeFromStandardInput() async throws {
        let cli = CLI("exact-stdin")
        let added = try await cli.run(["diary", "add", "--emotion", "calm", "--text", "-", "--at", "2026-11-29T21:30"], stdin: "Tea\nand rain")
        #expect(added.status == 0 && added.stderr.isEmpty)
        let id = try #require(printedID(added.stdout))
        #expect(added.stdout.hasPrefix("""
            Added diary entry \(id).
            Entry:     \(id)
            When:      2026-11-29T21:30:00+09:00 (written in Asia/Seoul, day 2026-11-29)
            Emotion:   calm (평온), intensity 3
            Photos:    0

            """))
        #expect(added.stdout.hasSuffix("\n\nTea\nand rain\n"))
    }
}
