import Foundation
import KeepsakeDiary
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// The store page's import (`/store/import`) through real HTTP: upload a real export, see the report.
@Suite struct ImportPageTests {
    static func corpus(_ path: String) -> URL { Corpus.url("imports/" + path) }

    /// A zip of `files` (relative to `folder`) made by Python's zipfile.
    static func zip(_ folder: URL, _ files: [String], to zip: URL) throws {
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for name in sys.argv[3:]:
                    z.write(sys.argv[2] + "/" + name, name)
            """, zip.path, folder.path] + files)
        try #require(result.status == 0, "\(result.stderr)")
    }

    @Test func theStorePageLinksToTheImportFormInBothLanguages() async throws {
        let fixture = try WebFixture()
        let store = try await fixture.get("/store")
        #expect(store.text.contains("href=\"/store/import\""))
        let form = try await fixture.get("/store/import")
        #expect(form.status == 200)
        #expect(form.text.contains("<h1>Import from other apps</h1>"))
        #expect(form.text.contains("name=\"export\""))
        #expect(form.text.contains("<option value=\"daylio\""))
        let korean = try await fixture.get("/store/import", headers: ["Accept-Language: ko-KR,ko;q=0.9"])
        #expect(korean.text.contains("<h1>다른 앱에서 가져오기</h1>"))
        #expect(korean.text.contains("시험 실행"))
    }

    @Test func anUploadedDayOneZipComesOverWithItsPhotosAndASecondUploadAddsNothing() async throws {
        let fixture = try WebFixture()
        let zip = fixture.directory.appending("dayone.zip")
        let folder = Self.corpus("dayone/marcdonald-obsidian-day-one-importer")
        try Self.zip(folder, ["Dev Journal.json", "photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg", "photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"], to: zip)
        let first = try await fixture.post("/store/import", fields: ["kind=dayone", "emotion=joy", "export=@\(zip.path);type=application/zip"])
        #expect(first.status == 200)
        #expect(first.text.contains("data-imported=\"5\" data-skipped=\"0\" data-refused=\"0\""))
        #expect(first.text.contains("Imported 5 diary entries with 3 photos of 5 found in the Day One file"))
        #expect(first.text.contains("the video 842e6f3bf38e93981004c637e8b03967.mp4 was not imported"))
        let entries = try Diary(store: fixture.store).newest(limit: 10).entries
        #expect(entries.count == 5)
        #expect(entries.allSatisfy { $0.emotion == .joy })
        #expect(entries.reduce(0) { $0 + $1.images.count } == 3)
        let second = try await fixture.post("/store/import", fields: ["kind=dayone", "export=@\(zip.path);type=application/zip"])
        #expect(second.text.contains("data-imported=\"0\" data-skipped=\"5\" data-refused=\"0\""))
        #expect(try Diary(store: fixture.store).count() == 5)
        #expect(try fixture.store.fsck().isClean)
        #expect(fixture.stagedUploads.isEmpty)
    }

    @Test func aStatementCanBeTriedFirstAndIsEscapedOnThePage() async throws {
        let fixture = try WebFixture()
        let file = Self.corpus("ofx/actualbudget-actual/html-vals.qfx")
        let dry = try await fixture.post("/store/import", fields: ["kind=ledger", "dryRun=1", "export=@\(file.path)"])
        #expect(dry.status == 200)
        #expect(dry.text.contains("Would import 2 transactions of 2 found in the OFX/QFX file"))
        #expect(dry.text.contains("TPAY &lt;DEFTPYMT&gt;"))
        #expect(!dry.text.contains("<DEFTPYMT>"))
        #expect(try Ledger(store: fixture.store).count() == 0)
        let real = try await fixture.post("/store/import", fields: ["kind=ledger", "export=@\(file.path)"])
        #expect(real.text.contains("data-imported=\"2\""))
        #expect(try Ledger(store: fixture.store).count() == 2)
    }

    @Test func aStatementGoesToTheMoneyAccountTheFormNames() async throws {
        let fixture = try WebFixture()
        let file = Self.corpus("ofx/actualbudget-actual/html-vals.qfx")
        let page = try await fixture.get("/store/import", headers: ["Accept-Language: ko"])
        #expect(page.text.contains("name=\"account\"") && page.text.contains("name=\"transferAccount\"") && page.text.contains("계좌"))
        let real = try await fixture.post("/store/import", fields: ["kind=ledger", "account=Joint <main>", "export=@\(file.path)"])
        #expect(real.text.contains("data-imported=\"2\""))
        let ledger = Ledger(store: fixture.store)
        let joint = try #require(try ledger.accounts().first { $0.name == "Joint <main>" })
        let listed = try ledger.list().transactions
        #expect(listed.count == 2 && listed.allSatisfy { $0.account == joint.id })
        #expect(real.text.contains("Joint &lt;main&gt;"))
    }

    @Test func aRefusedStatementImportsNothingAndListsTheLine() async throws {
        let fixture = try WebFixture()
        let text = try String(contentsOf: Self.corpus("ofx/actualbudget-actual/data.ofx"), encoding: .utf8)
        let file = fixture.directory.appending("damaged.ofx")
        try Data(text.replacingOccurrences(of: "<TRNAMT>-3.77\r\n", with: "<TRNAMT>-3.775\r\n").utf8).write(to: file)
        let refused = try await fixture.post("/store/import", fields: ["kind=ledger", "export=@\(file.path)"])
        #expect(refused.status == 400)
        #expect(refused.text.contains("Nothing was imported: 1 of the 10 transactions in damaged.ofx are refused"))
        #expect(refused.text.contains("<strong>line 56</strong>: -3.775 has 3 decimal places"))
        #expect(try Ledger(store: fixture.store).count() == 0)
        let rounded = try await fixture.post("/store/import", fields: ["kind=ledger", "round=half-up", "export=@\(file.path)"])
        #expect(rounded.status == 200)
        #expect(try Ledger(store: fixture.store).count() == 10)
    }

    @Test func aBankCSVComesWithItsRulesFileAndMissingInputIsSaid() async throws {
        let fixture = try WebFixture()
        let rules = fixture.directory.appending("gls.rules")
        try Data("separator ;\nfields account, date, value-date, payee, type, vwz1, vwz2, vwz3, vwz4, vwz5, vwz6, vwz7, vwz8, vwz9, vwz10, vwz11, vwz12, vwz13, vwz14, amount, balance, currency\ndate-format %d.%m.%Y\ndecimal-mark ,\ncategory Telefon\n".utf8).write(to: rules)
        let csv = Self.corpus("bank-csv/reubano-csv2ofx/gls.csv")
        let withoutRules = try await fixture.post("/store/import", fields: ["kind=ledger", "export=@\(csv.path)"])
        #expect(withoutRules.status == 400)
        #expect(withoutRules.text.contains("describe its columns in a rules file"))
        let imported = try await fixture.post("/store/import", fields: ["kind=ledger", "export=@\(csv.path)", "rules=@\(rules.path)"])
        #expect(imported.text.contains("data-imported=\"1\""))
        let transaction = try #require(try Ledger(store: fixture.store).list(limit: 5).transactions.first)
        #expect((transaction.amount.amountString, transaction.amount.currency.code, transaction.category) == ("98.76", "EUR", "Telefon"))
        let nothing = try await fixture.post("/store/import", fields: ["kind=daylio"])
        #expect(nothing.status == 400)
        #expect(nothing.text.contains("Choose the export file to import."))
    }
}
