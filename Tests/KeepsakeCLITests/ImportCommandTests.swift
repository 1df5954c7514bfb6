import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// `keepsake import dayone|daylio|journey` and the statements of `keepsake ledger import` over real
/// corpus files (in-process); their help on the built binary; and a real import process killed with
/// SIGKILL half-way, then run again.
@Suite struct ImportCommandTests {
    static func corpus(_ path: String) -> String { Corpus.url("imports/" + path).path }

    @Test func everyImportHelpHasExamplesAndIsInTheDocs() async throws {
        let cli = CLI("import-help")
        let docs = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        for arguments in [["import", "--help"], ["import", "dayone", "--help"], ["import", "daylio", "--help"], ["import", "journey", "--help"],
                          ["ledger", "import", "--help"], ["--help"]] {
            let result = try runProcess(cli.binary, arguments, environment: cli.environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("Usage: keepsake") && result.stdout.contains("Examples:\n"), "\(arguments)")
            #expect(docs.contains("```\n" + result.stdout + "```"), "docs/CLI.md lacks the current help of keepsake \(arguments.dropLast().joined(separator: " "))")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appending("keepsake.sqlite").path), "help never opens the store")
    }

    @Test func aDayOneJournalComesOverOnceAndReportsWhatItLeftOut() async throws {
        let cli = CLI("import-dayone")
        let journal = Self.corpus("dayone/marcdonald-obsidian-day-one-importer/Dev Journal.json")
        let dry = try await cli.ok(["import", "dayone", journal, "--dry-run"])
        #expect(dry.hasPrefix("Would import 5 diary entries with 3 photos of 5 found in \(journal); skipped 0, refused 0.\n"))
        #expect(dry.contains("  + Dev Journal entry 1 (DF8B32A3…): 2024-04-17 Header 1 (1 photo)\n"))
        #expect(try await cli.ok(["diary", "list"]) == "No diary entries yet.\n")

        let output = try await cli.ok(["import", "dayone", journal, "--emotion", "joy", "--intensity", "4"])
        #expect(output.hasPrefix("Imported 5 diary entries with 3 photos of 5 found in \(journal); skipped 0, refused 0.\nNotes (3):\n"))
        #expect(output.contains("  Dev Journal entry 4 (479270F4…): the video 842e6f3bf38e93981004c637e8b03967.mp4 was not imported: Keepsake keeps photos only\n"))
        let list = try await cli.ok(["diary", "list"])
        #expect(list.split(separator: "\n").count == 5)
        #expect(list.contains("joy/4"))

        struct Report: Decodable {
            struct Issue: Decodable { let location: String; let reason: String }
            let source: String
            let found: Int
            let imported: [Issue]
            let skipped: [Issue]
            let refused: [Issue]
            let dryRun: Bool
        }
        let again = try await cli.json(Report.self, ["import", "dayone", journal])
        #expect((again.source, again.found, again.imported.count, again.skipped.count, again.refused.count, again.dryRun) == ("dayone", 5, 0, 5, 0, false))
        #expect(again.skipped.first?.reason.hasPrefix("already imported as record ") == true)
        #expect(try await cli.ok(["fsck"]).contains("Clean."))
    }

    @Test func daylioAndJourneyAreThereToo() async throws {
        let cli = CLI("import-daylio")
        let output = try await cli.ok(["import", "daylio", Self.corpus("daylio/michaelcurrin-daylio-csv-parser/sample_multiple_moods.csv"), "--time-zone", "Asia/Seoul"])
        #expect(output.hasPrefix("Imported 7 diary entries with 0 photos of 7 found in "))
        #expect(output.contains("line 6: the mood \"ok but sleepy\" is not in the mood table; it came over as calm 3 (say what it means in a mood file, --moods)"))
        let moods = cli.directory.appending("moods.txt")
        try Data("ok but sleepy = tiredness 2\n".utf8).write(to: moods)
        let other = CLI("import-daylio-moods")
        _ = try await other.ok(["import", "daylio", Self.corpus("daylio/michaelcurrin-daylio-csv-parser/sample_multiple_moods.csv"), "--moods", moods.path])
        #expect(try await other.ok(["diary", "list", "--emotion", "tiredness"]).contains("tiredness/2"))
        try await cli.fails(1, ["import", "daylio", moods.path + ".missing"], containing: "does not exist")
        try await cli.fails(2, ["import", "daylio"], containing: "import daylio needs one FILE")
        try await cli.fails(2, ["import", "dayone", "x", "--emotion", "bored"], containing: "is not an emotion")
        try await cli.fails(1, ["import", "journey", cli.directory.path], containing: "is not a Journey export: it holds no entry JSON files.")
    }

    @Test func statementsOfEveryFormatGoThroughLedgerImport() async throws {
        let cli = CLI("import-ledger")
        #expect(try await cli.ok(["ledger", "import", Self.corpus("ofx/actualbudget-actual/data.ofx")])
                    .hasPrefix("Imported 10 transactions of 10 found in "))
        #expect(try await cli.ok(["ledger", "import", Self.corpus("ofx/actualbudget-actual/data.ofx")])
                    .hasPrefix("Imported 0 transactions of 10 found in \(Self.corpus("ofx/actualbudget-actual/data.ofx")); skipped 10, refused 0."))
        try await cli.fails(2, ["ledger", "import", Self.corpus("qif/actualbudget-actual/data.qif")], containing: "A QIF file does not say its currency")
        #expect(try await cli.ok(["ledger", "import", Self.corpus("qif/actualbudget-actual/qif-category.qif"), "--currency", "USD"]).hasPrefix("Imported 2 transactions"))
        #expect(try await cli.ok(["ledger", "import", Self.corpus("camt/actualbudget-actual/camt.053.xml"), "--category", "Bank"]).hasPrefix("Imported 6 transactions"))
        #expect(try await cli.ok(["ledger", "import", Self.corpus("firefly-csv/ft-t-go-money/ff_open_balance.csv")])
                    .contains("line 2: an opening balance (-3520.42 PLN) is a starting balance, not income or an expense"))
        try await cli.fails(1, ["ledger", "import", Self.corpus("bank-csv/reubano-csv2ofx/gls.csv")], containing: "add --rules FILE")
        let rules = cli.directory.appending("gls.rules")
        try Data("separator ;\nfields account, date, value-date, payee, type, vwz1, vwz2, vwz3, vwz4, vwz5, vwz6, vwz7, vwz8, vwz9, vwz10, vwz11, vwz12, vwz13, vwz14, amount, balance, currency\ndate-format %d.%m.%Y\ndecimal-mark ,\n".utf8).write(to: rules)
        #expect(try await cli.ok(["ledger", "import", Self.corpus("bank-csv/reubano-csv2ofx/gls.csv"), "--rules", rules.path]).hasPrefix("Imported 1 transaction of 1 found"))
        let report = try await cli.ok(["ledger", "report", "--month", "2017-10"])
        #expect(report.contains("EUR  income 0.00  expense 98.76  balance -98.76  (1 transaction)"))
        try await cli.fails(2, ["ledger", "import", Self.corpus("ofx/actualbudget-actual/data.ofx"), "--format", "mt940"], containing: "--format is one of")
        try await cli.fails(2, ["ledger", "import", Self.corpus("ofx/actualbudget-actual/data.ofx"), "--round", "up"], containing: "--round is half-up, half-even or down")
        #expect(try await cli.ok(["fsck"]).contains("Clean."))
    }

    @Test func anAmountWithTooManyDecimalsFailsWithItsLineUnlessRounded() async throws {
        let cli = CLI("import-decimals")
        let text = try String(contentsOf: Corpus.url("imports/ofx/actualbudget-actual/data.ofx"), encoding: .utf8)
        let file = cli.directory.appending("damaged.ofx")
        try Data(text.replacingOccurrences(of: "<TRNAMT>-3.77\r\n", with: "<TRNAMT>-3.775\r\n").utf8).write(to: file)
        let failed = try await cli.fails(1, ["ledger", "import", file.path])
        #expect(failed.stderr == """
            keepsake: Nothing was imported: 1 of the 10 transactions in \(file.path) are refused (listed below); fix them (an amount with more decimals than its currency has can be rounded with --round), or import the 9 others with --skip-invalid.
              line 56: -3.775 has 3 decimal places but USD amounts have 2 decimal places; round it with --round half-up, half-even or down, or fix the file

            """)
        #expect(try await cli.ok(["ledger", "list", "--month", "2019-01"]).hasPrefix("No transactions in 2019-01."))
        let rounded = try await cli.ok(["ledger", "import", file.path, "--round", "half-even"])
        #expect(rounded.contains("line 53: the amount -3.775 USD was rounded to 3.78 (half-even)"))
        #expect(try await cli.ok(["ledger", "report", "--month", "2019-01"]).contains("USD  income 0.00  expense 364.42  balance -364.42  (10 transactions)"))
    }

    /// Polls `store` until it holds `count` diary entries or `process` ends. Synchronous on
    /// purpose: an `await Task.sleep` between polls would wait for a free thread of the concurrency
    /// pool (two on this machine), which the other tests keep busy, and the import would finish
    /// unseen.
    static func waitForEntries(_ count: Int, in store: Store, while process: Process) throws {
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline, process.isRunning {
            if try store.count("diary") >= count { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    @Test func aKilledImportLeavesWholeEntriesAndARerunFinishesIt() async throws {
        let cli = CLI("import-kill")
        let journal = Self.corpus("dayone/ergebnis-day-one-to-obsidian-converter/Example.json")
        let process = Process()
        process.executableURL = cli.binary
        process.arguments = ["--store", cli.store, "import", "dayone", journal]
        process.environment = cli.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Watch the store from this process (the CLI and another process may share one store) and kill
        // the import as soon as some entries are in and more are coming.
        let store = try TestStores.open(cli.directory)
        try Self.waitForEntries(3, in: store, while: process)
        #expect(process.isRunning, "the import finished before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let afterKill = try store.count("diary")
        #expect(afterKill >= 3 && afterKill < 54, "\(afterKill) entries at the kill")

        // Whole entries only: every stored entry has all its photos, and the store checks clean.
        let fsck = try await cli.ok(["fsck"])
        #expect(fsck.contains("Clean."), "\(fsck)")
        var query = RecordQuery(collection: "diary")
        query.limit = 100
        for record in try store.list(query).records {
            let uuid = try #require(record.fields["importID"]?.stringValue)
            #expect(record.images.count == Self.photoCounts[uuid], "\(uuid)")
        }

        let rerun = try await cli.ok(["import", "dayone", journal])
        #expect(rerun.hasPrefix("Imported \(54 - afterKill) diary entries with "), "\(rerun)")
        #expect(rerun.contains("; skipped \(afterKill), refused 0."))
        #expect(try store.count("diary") == 54)
        let photos = try store.list(query).records.reduce(0) { $0 + $1.images.count }
        #expect(photos == 132)
        #expect(try await cli.ok(["fsck"]).contains("Clean."))
    }

    /// Photos per entry of Example.json, by uuid, read from the JSON.
    static let photoCounts: [String: Int] = {
        guard let data = try? Data(contentsOf: Corpus.url("imports/dayone/ergebnis-day-one-to-obsidian-converter/Example.json")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = json["entries"] as? [[String: Any]] else { return [:] }
        return Dictionary(uniqueKeysWithValues: entries.map { ($0["uuid"] as! String, ($0["photos"] as? [Any])?.count ?? 0) })
    }()
}
