import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// End-to-end: `keepsake ledger …` in-process (the code the binary runs), on fresh stores.
@Suite struct LedgerCommandTests {
    struct MonthPage: Decodable {
        let month: LedgerMonth
        let transactions: [LedgerTransaction]
        let totals: [Currency: LedgerTotals]
    }

    struct Report: Decodable {
        let period: String
        let totals: [Currency: LedgerTotals]
        let categories: [Currency: [String: LedgerTotals]]
        let months: [LedgerMonthTotals]?
    }

    @Test func addListShowEditReceiptsDeleteAndRestore() async throws {
        let cli = CLI("cli-ledger")
        let lunch = try await cli.json(LedgerTransaction.self, ["ledger", "add", "--amount", "12000", "--category", "식비", "--memo", "김밥",
                                                          "--date", "2026-11-03", "--receipt", Corpus.smallImages[0].path])
        #expect(lunch.amount == Money(minorUnits: 12000, currency: .krw) && lunch.kind == .expense)
        #expect(lunch.receipt?.sourceSHA256 == SHA256.hex(try Data(contentsOf: Corpus.smallImages[0])))
        let salary = try await cli.json(LedgerTransaction.self, ["ledger", "add", "--income", "--amount", "2500.00", "--currency", "usd",
                                                           "--category", "Salary", "--date", "2026-11-25"])
        #expect(salary.amount == Money(minorUnits: 250_000, currency: .usd) && salary.kind == .income)
        try await cli.ok(["ledger", "add", "--kind", "expense", "--amount", "4.5", "--currency", "USD", "--category", "Coffee", "--date", "2026-10-31"])

        let november = try await cli.json(MonthPage.self, ["ledger", "list", "--month", "2026-11"])
        #expect(november.transactions.map(\.id) == [salary.id, lunch.id], "newest day first; October is not listed")
        #expect(november.totals[.krw]?.balance == Money(minorUnits: -12000, currency: .krw))
        #expect(november.totals[.usd]?.income == Money(minorUnits: 250_000, currency: .usd))
        #expect(try await cli.json(MonthPage.self, ["ledger", "list", "--month", "2026-11", "--category", "식비"]).transactions.map(\.id) == [lunch.id])
        #expect(try await cli.json(MonthPage.self, ["ledger", "list", "--month", "2026-11", "--income"]).transactions.map(\.id) == [salary.id])
        let text = try await cli.ok(["ledger", "list", "--month", "2026-11"])
        #expect(text.contains("2026-11-03  expense       -12000 KRW  식비  김밥  [receipt]"))
        #expect(text.contains("  KRW  income 0  expense 12000  balance -12000  (1 transaction)"))

        #expect(try await cli.json(LedgerTransaction.self, ["ledger", "show", lunch.id.string]) == lunch)
        #expect(try await cli.ok(["ledger", "show", lunch.id.string]).contains("Amount:      12000 KRW"))

        let edited = try await cli.json(LedgerTransaction.self, ["ledger", "edit", lunch.id.string, "--amount", "13000", "--memo", "김밥, 라면"])
        #expect(edited.amount.minorUnits == 13000 && edited.memo == "김밥, 라면" && edited.category == "식비" && edited.date == lunch.date)
        #expect(edited.receipt?.path == lunch.receipt?.path, "the receipt was not rewritten")

        let replaced = try await cli.json(LedgerTransaction.self, ["ledger", "receipt", "attach", lunch.id.string, Corpus.smallImages[1].path])
        #expect(replaced.receipt?.sourceSHA256 == SHA256.hex(try Data(contentsOf: Corpus.smallImages[1])))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appending(lunch.receipt!.path.string).path), "the old receipt is gone")
        let removed = try await cli.json(LedgerTransaction.self, ["ledger", "receipt", "remove", lunch.id.string])
        #expect(removed.receipt == nil)
        try await cli.fails(1, ["ledger", "receipt", "remove", lunch.id.string], containing: "no receipt")
        try await cli.fails(2, ["ledger", "receipt", "attach", lunch.id.string], containing: "ledger receipt attach ID FILE")

        #expect(try await cli.ok(["ledger", "delete", salary.id.string]).contains("ledger restore \(salary.id)"))
        #expect(try await cli.json(MonthPage.self, ["ledger", "list", "--month", "2026-11"]).transactions.map(\.id) == [lunch.id])
        #expect(try await cli.json(LedgerTransaction.self, ["ledger", "restore", salary.id.string]).trashedAt == nil)
        #expect(try await cli.json(MonthPage.self, ["ledger", "list", "--month", "2026-11"]).transactions.count == 2)
        #expect(try await cli.ok(["fsck"]).contains("Clean."))
    }

    @Test func reportsKeepEveryCurrencyApart() async throws {
        let cli = CLI("cli-ledger-report")
        for arguments in [["--amount", "12000", "--category", "식비", "--date", "2026-11-03"],
                          ["--amount", "8000", "--category", "식비", "--date", "2026-11-04"],
                          ["--amount", "4.50", "--currency", "USD", "--category", "식비", "--date", "2026-11-05"],
                          ["--income", "--amount", "100.25", "--currency", "USD", "--category", "Refund", "--date", "2026-11-06"],
                          ["--amount", "1.005", "--currency", "BHD", "--category", "Tea", "--date", "2026-12-01"]] {
            try await cli.ok(["ledger", "add"] + arguments)
        }
        let month = try await cli.json(Report.self, ["ledger", "report", "--month", "2026-11"])
        #expect(month.period == "2026-11" && month.months == nil)
        #expect(Set(month.totals.keys) == [.krw, .usd])
        #expect(month.totals[.krw]?.expense == Money(minorUnits: 20000, currency: .krw))
        #expect(month.totals[.usd]?.balance == Money(minorUnits: 9575, currency: .usd))
        #expect(month.categories[.krw]?["식비"]?.transactionCount == 2)
        #expect(month.categories[.usd]?["식비"]?.expense == Money(minorUnits: 450, currency: .usd), "the same category in two currencies stays apart")

        let year = try await cli.json(Report.self, ["ledger", "report", "--year", "2026"])
        #expect(year.period == "2026")
        #expect(year.totals[.bhd]?.expense == Money(minorUnits: 1005, currency: .bhd))
        #expect(year.months?.count == 12)
        #expect(year.months?[11].totals.keys.map(\.code) == ["BHD"])
        #expect(try await cli.json(Report.self, ["ledger", "report", "--year", "2026", "--month", "12"]).totals.keys.map(\.code) == ["BHD"])

        let text = try await cli.ok(["ledger", "report", "--month", "2026-11"])
        #expect(text.contains("  USD  income 100.25  expense 4.50  balance 95.75  (2 transactions)"))
        #expect(text.contains("By category (KRW):\n  식비           expense 20000  (2 transactions)"))

        try await cli.fails(2, ["ledger", "report", "--month", "2026-13"])
        try await cli.fails(2, ["ledger", "report", "--year", "twenty"])
        try await cli.fails(2, ["ledger", "report", "--year", "2026", "--month", "2026-11"])
    }

    @Test func csvExportsAndImportsAndReportsBadRowsWithLineNumbers() async throws {
        let source = CLI("cli-ledger-csv")
        try await source.ok(["ledger", "add", "--amount", "12000", "--category", "식비", "--memo", "김밥, \"참치\"\n두 줄", "--date", "2026-11-03"])
        try await source.ok(["ledger", "add", "--income", "--amount", "0.5", "--currency", "USD", "--category", "Refund", "--date", "2026-11-04"])
        let file = source.directory.appending("ledger.csv")
        #expect(try await source.ok(["ledger", "export", file.path]) == "Exported 2 transactions to \(file.path).\n")
        try await source.fails(1, ["ledger", "export", file.path], containing: "already exists")
        let stdout = try await source.ok(["ledger", "export", "-"])
        #expect(stdout == (try String(contentsOf: file, encoding: .utf8)))
        #expect(stdout.hasPrefix("id,date,kind,amount,currency,category,memo,splits\r\n"))

        let target = CLI("cli-ledger-csv-target")
        let report = try await target.json(LedgerImportReport.self, ["ledger", "import", file.path])
        #expect(report.imported.count == 2 && report.invalid.isEmpty)
        let before = try await source.json(MonthPage.self, ["ledger", "list", "--month", "2026-11"]).transactions
        let after = try await target.json(MonthPage.self, ["ledger", "list", "--month", "2026-11"]).transactions
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map(\.memo) == before.map(\.memo))
        #expect(after.map(\.amount) == before.map(\.amount))
        #expect(try await target.ok(["ledger", "import", file.path]).contains("Imported 0 transactions of 2 rows; skipped 2 already present"))

        let bad = target.directory.appending("bad.csv")
        try Data("id,date,kind,amount,currency,category,memo\r\n,2026-11-01,expense,1.234,USD,Coffee,\r\n,2026-11-02,expense,5000,KRW,식비,\r\n,2026-13-02,expense,5,KRW,x,\r\n".utf8).write(to: bad)
        let refused = try await target.fails(1, ["ledger", "import", bad.path], containing: "Nothing was imported: 2 of 3 rows are invalid")
        #expect(refused.stderr.contains("line 2: amount:"))
        #expect(refused.stderr.contains("line 4: date:"))
        #expect(try await target.json(MonthPage.self, ["ledger", "list", "--month", "2026-11"]).transactions.count == 2, "nothing was imported")
        let dry = try await target.json(LedgerImportReport.self, ["ledger", "import", bad.path, "--dry-run", "--skip-invalid"])
        #expect(dry.dryRun && dry.importableCount == 1)
        let skipped = try await target.ok(["ledger", "import", bad.path, "--skip-invalid"])
        #expect(skipped.contains("Imported 1 transaction of 3 rows; skipped 0 already present and 2 invalid."))
        #expect(skipped.contains("invalid line 2: amount:"))
        #expect(try await target.json(MonthPage.self, ["ledger", "list", "--month", "2026-11"]).transactions.count == 3)

        let fromStdin = CLI("cli-ledger-stdin")
        let piped = try await fromStdin.run(["ledger", "import", "-"], stdin: stdout)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("Imported 2 transactions"))
        try await target.fails(1, ["ledger", "import", target.directory.appending("missing.csv").path], containing: "does not exist")
        try Data("date,amount\r\n".utf8).write(to: bad)
        try await target.fails(1, ["ledger", "import", bad.path], containing: "header")
    }

    @Test func badInputIsRefusedAndNothingIsStored() async throws {
        let cli = CLI("cli-ledger-bad")
        try await cli.fails(1, ["ledger", "add", "--amount", "4.505", "--currency", "USD", "--category", "Coffee"], containing: "at most 2 decimal places")
        try await cli.fails(1, ["ledger", "add", "--amount", "100.5", "--category", "식비"], containing: "KRW")
        try await cli.fails(1, ["ledger", "add", "--amount", "-3", "--category", "식비"], containing: "never negative")
        try await cli.fails(1, ["ledger", "add", "--amount", "3", "--currency", "XYZ", "--category", "식비"])
        try await cli.fails(1, ["ledger", "add", "--amount", "3", "--category", " "], containing: "category")
        try await cli.fails(1, ["ledger", "add", "--amount", "3", "--category", "x", "--receipt", Corpus.corruptImage.path], containing: "truncated_jpeg.jpg")
        try await cli.fails(1, ["ledger", "add", "--amount", "3", "--category", "x", "--receipt", cli.directory.appending("gone.jpg").path], containing: "gone.jpg")
        try await cli.fails(2, ["ledger", "add", "--amount", "3", "--category", "x", "--date", "2026-11-31"], containing: "2026-11-31")
        try await cli.fails(2, ["ledger", "add", "--amount", "3", "--category", "x", "--date", "yesterday"])
        try await cli.fails(2, ["ledger", "add", "--amount", "3", "--category", "x", "--expense", "--income"])
        try await cli.fails(2, ["ledger", "add", "--amount", "3", "--category", "x", "--kind", "gift"])
        try await cli.fails(2, ["ledger", "add", "--category", "x"], containing: "--amount")
        try await cli.fails(2, ["ledger", "list", "--month", "November"])
        #expect(try await cli.json(MonthPage.self, ["ledger", "list"]).transactions.isEmpty)
        #expect(try await cli.ok(["fsck"]).contains("Clean."))

        let unknown = UUID().uuidString.lowercased()
        for action in [["show", unknown], ["edit", unknown, "--memo", "x"], ["delete", unknown], ["restore", unknown],
                       ["receipt", "attach", unknown, Corpus.smallImages[0].path], ["receipt", "remove", unknown]] {
            try await cli.fails(1, ["ledger"] + action, containing: unknown)
        }
        for action in [["show", "../../etc"], ["edit", "../../etc", "--memo", "x"], ["delete", "../../etc"], ["restore", "../../etc"],
                       ["receipt", "attach", "../../etc", Corpus.smallImages[0].path], ["receipt", "remove", "../../etc"]] {
            try await cli.fails(2, ["ledger"] + action, containing: "is not a record id")
        }
        let id = try #require(printedID(try await cli.ok(["ledger", "add", "--amount", "3", "--category", "x"])))
        try await cli.fails(1, ["ledger", "edit", id, "--amount", "1.5"], containing: "KRW")
        try await cli.fails(2, ["ledger", "edit", id], containing: "Nothing to change")
        try await cli.fails(2, ["ledger", "edit", id, "--receipt", Corpus.smallImages[0].path, "--remove-receipt"])
        #expect(try await cli.json(LedgerTransaction.self, ["ledger", "show", id]).amount.minorUnits == 3)
    }
}
