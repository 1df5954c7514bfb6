import Foundation
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// OFX/QFX statements of the corpus (`imports/ofx/actualbudget-actual/`), each imported whole and
/// checked to the cent, plus damaged and re-encoded copies.
@Suite struct OFXImportTests {
    @Test func theBankOfAmericaStatementComesOverToTheCentAndASecondImportAddsNothing() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement("ofx/actualbudget-actual/data.ofx"), refusals: .nothingIfAnyRefused)
        #expect(report.source == .ofx)
        #expect((report.found, report.imported.count, report.skipped.count, report.refused.count) == (10, 10, 0, 0))
        #expect(try fixture.transactions() == [
            "2019-01-22 expense 10.34 USD Uncategorized | URBAN FARMHOUSE NO 2 01/19 PURCH",
            "2019-01-22 expense 108.71 USD Uncategorized | TMOBILE*AUTO PAY 01/19 PURCHASE",
            "2019-01-22 expense 115.99 USD Uncategorized | VERIZON DES:PAYMENTREC ID:XXXXX3",
            "2019-01-22 expense 22.53 USD Uncategorized | URBAN FARMHOUSE NO 2 01/19 PURCH",
            "2019-01-22 expense 25.00 USD Uncategorized | COUNTY WASTE 01/18 PURCHASE 804-",
            "2019-01-22 expense 32.38 USD Uncategorized | REGENCY MART CITGO 01/18 PURCHAS",
            "2019-01-22 expense 6.07 USD Uncategorized | CHICK-FIL-A #01342 01/17 PURCHAS",
            "2019-01-23 expense 3.77 USD Uncategorized | STARBUCKS STORE 07604 01/21 PURC",
            "2019-01-23 expense 30.00 USD Uncategorized | PATIENT FIRST TOKEN 01/22 PURCHA",
            "2019-01-23 expense 9.62 USD Uncategorized | STARBUCKS STORE 07604 01/21 PURC",
        ])
        // The FITID and the account are kept on the record.
        let record = try ImportCorpus.record(fixture.store, Ledger.collection, sourceID: "00092990122-30.00019012312798.01")
        #expect(record.fields["importSource"] == .string("ofx"))
        #expect(record.fields["importAccount"] == .string("012345678/123456789123"))
        #expect(record.id == SourceRecordID.make(.ofx, scope: "012345678/123456789123", key: "id\u{1F}00092990122-30.00019012312798.01#0"))

        let again = try fixture.run(try fixture.statement("ofx/actualbudget-actual/data.ofx"), refusals: .nothingIfAnyRefused)
        #expect((again.imported.count, again.skipped.count) == (0, 10))
        #expect(again.skipped.allSatisfy { $0.reason.hasPrefix("already imported as record ") })
        #expect(try fixture.ledger.count() == 10)
        try fixture.expectClean()
    }

    @Test func everyOtherCorpusStatementComesOverExactly() throws {
        let expected: [String: (found: Int, lines: [String])] = [
            "8859-1.qfx": (1, ["2022-10-19 expense 20.00 CAD Uncategorized | Paiement facture/Carte prépayée — PWW"]),
            "credit-card.ofx": (1, ["2023-03-30 expense 6.00 USD Uncategorized | LOUISIANA STATE MUSEUM751 PLACE JOHN PAUL NEW ORLEANS 70116-3205LA USA"]),
            "data-multi-decimal.ofx": (2, ["2019-01-23 expense 3.77 USD Uncategorized | STARBUCKS STORE 07604 01/21 PURC",
                                           "2019-01-23 expense 30.00 USD Uncategorized | PATIENT FIRST TOKEN 01/22 PURCHA"]),
            "data-payee-memo.ofx": (4, ["2019-01-23 expense 10.00 USD Uncategorized | Payee Name — Memo Text",
                                        "2019-01-23 expense 20.00 USD Uncategorized | Payee Name Only",
                                        "2019-01-23 expense 30.00 USD Uncategorized | Memo Only Text",
                                        "2019-01-23 expense 40.00 USD Uncategorized |"]),
            "html-vals.qfx": (2, ["2023-03-01 expense 1.00 CAD Uncategorized | TPAY <DEFTPYMT> — PREAUTHORIZED DEBIT;LUXMORE REALTY PPTY MGMT;Electronic Funds Transfer",
                                  "2023-05-09 expense 1.00 CAD Uncategorized | 000000000000000 — PREAUTHORIZED DEBIT;B.C. HYDRO & POWER AUTHORITY;Electronic Funds Transfer"]),
        ]
        for (name, want) in expected {
            let fixture = try ImportFixture()
            let report = try fixture.run(try fixture.statement("ofx/actualbudget-actual/" + name), refusals: .nothingIfAnyRefused)
            #expect((report.found, report.imported.count, report.refused.count) == (want.found, want.found, 0), "\(name)")
            #expect(try fixture.transactions() == want.lines, "\(name)")
        }
    }

    @Test func aHeaderThatSaysLatinOneOverUTF8BytesIsReadAsUTF8AndSaysSo() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement("ofx/actualbudget-actual/8859-1.qfx"))
        #expect(report.itemNotes == ["the header says CHARSET 8859-1 but the bytes are UTF-8; the file was read as UTF-8"])
    }

    @Test func realLatinOneAndWindows1252BytesAreReadAsTheHeaderSays() throws {
        // The 8859-1 statement written as the header claims (é as one byte), and as windows-1252
        // with a euro sign (0x80), which Latin-1 does not have.
        let directory = TemporaryDirectory("ofx-charset")
        let text = try String(contentsOf: ImportCorpus.url("ofx/actualbudget-actual/8859-1.qfx"), encoding: .utf8)
        let latin = directory.appending("latin1.qfx")
        try #require(text.data(using: .isoLatin1)).write(to: latin)
        let cp1252 = directory.appending("cp1252.qfx")
        let euro = text.replacingOccurrences(of: "CHARSET:8859-1", with: "CHARSET:1252").replacingOccurrences(of: "<MEMO>PWW", with: "<MEMO>PWW 20 €")
        try #require(euro.data(using: .windowsCP1252)).write(to: cp1252)
        for (file, memo) in [(latin, "Paiement facture/Carte prépayée — PWW"), (cp1252, "Paiement facture/Carte prépayée — PWW 20 €")] {
            let fixture = try ImportFixture()
            let report = try fixture.run(try fixture.statement(file.path))
            #expect(report.itemNotes.isEmpty)
            #expect(try fixture.transactions() == ["2022-10-19 expense 20.00 CAD Uncategorized | \(memo)"])
        }
    }

    @Test func anOFX2XMLStatementWithClosingTagsReadsLikeItsSGMLOriginal() throws {
        // OFX 2.x: an XML declaration, the OFX processing instruction, every element closed.
        let sgml = try String(contentsOf: ImportCorpus.url("ofx/actualbudget-actual/data-payee-memo.ofx"), encoding: .utf8)
        let body = String(sgml[sgml.range(of: "<OFX>")!.lowerBound...])
        let leaves = try Regex(#"<([A-Z0-9.]+)>([^<\r\n]+)"#)
        var closed = ""
        for line in body.split(separator: "\n") {
            if let match = line.firstMatch(of: leaves), let name = match.output[1].substring, let value = match.output[2].substring {
                closed += "<\(name)>\(value)</\(name)>\n"
            } else {
                closed += line + "\n"
            }
        }
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
            \(closed)
            """
        let directory = TemporaryDirectory("ofx2")
        let file = directory.appending("statement.ofx")
        try Data(xml.utf8).write(to: file)
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement(file.path), refusals: .nothingIfAnyRefused)
        #expect(report.imported.map(\.sourceID) == ["test-name-and-memo", "test-name-only", "test-memo-only", "test-neither"])
        #expect(try fixture.transactions() == [
            "2019-01-23 expense 10.00 USD Uncategorized | Payee Name — Memo Text",
            "2019-01-23 expense 20.00 USD Uncategorized | Payee Name Only",
            "2019-01-23 expense 30.00 USD Uncategorized | Memo Only Text",
            "2019-01-23 expense 40.00 USD Uncategorized |",
        ])
        // The same FITIDs and account as the SGML file: importing that one now adds nothing.
        let sgmlReport = try fixture.run(try fixture.statement("ofx/actualbudget-actual/data-payee-memo.ofx"))
        #expect((sgmlReport.imported.count, sgmlReport.skipped.count) == (0, 4))
    }

    @Test func anAmountWithTooManyDecimalsIsRefusedWithItsLineUnlessRounded() throws {
        // A damaged copy of data.ofx: one amount gets a third, non-zero decimal.
        let directory = TemporaryDirectory("ofx-decimals")
        let text = try String(contentsOf: ImportCorpus.url("ofx/actualbudget-actual/data.ofx"), encoding: .utf8)
        let file = directory.appending("data.ofx")
        try Data(text.replacingOccurrences(of: "<TRNAMT>-3.77\r\n", with: "<TRNAMT>-3.775\r\n").utf8).write(to: file)

        let refusing = try ImportFixture()
        let error = try #require(throws: ImportRefusedError.self) {
            try refusing.run(try refusing.statement(file.path), refusals: .nothingIfAnyRefused)
        }
        #expect(error.report.refused == [ImportIssue(location: "line 56", sourceID: "00092990121-3.77019012312828.01",
                                                     reason: "-3.775 has 3 decimal places but USD amounts have 2 decimal places; round it with --round half-up, half-even or down, or fix the file")])
        #expect(error.message.hasPrefix("Nothing was imported: 1 of the 10 transactions"))
        #expect(try refusing.ledger.count() == 0)

        let expectations: [(AmountRounding, String)] = [(.halfUp, "3.78"), (.halfEven, "3.78"), (.down, "3.77")]
        for (rounding, amount) in expectations {
            let fixture = try ImportFixture()
            let report = try fixture.run(try fixture.statement(file.path, options: options(rounding: rounding)), refusals: .nothingIfAnyRefused)
            #expect(report.imported.count == 10)
            #expect(report.itemNotes == ["the amount -3.775 USD was rounded to \(amount) (\(rounding.rawValue))"])
            #expect(try fixture.transactions().contains("2019-01-23 expense \(amount) USD Uncategorized | STARBUCKS STORE 07604 01/21 PURC"))
        }
        // With --skip-invalid the nine others come over and the refused row is listed.
        let rest = try ImportFixture()
        let report = try rest.run(try rest.statement(file.path), refusals: .importTheRest)
        #expect((report.imported.count, report.refused.map(\.location)) == (9, ["line 56"]))
    }

    @Test func trailingZerosBeyondTheCurrencyAreExactAndNeedNoRounding() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement("ofx/actualbudget-actual/data-multi-decimal.ofx"), refusals: .nothingIfAnyRefused)
        #expect(report.itemNotes.isEmpty)
        #expect(try fixture.transactions().map { $0.split(separator: " ")[2] } == ["3.77", "30.00"])
    }

    @Test func aStatementThatIsNotOFXIsRefusedWhole() throws {
        let directory = TemporaryDirectory("ofx-bad")
        let file = directory.appending("broken.ofx")
        try Data("OFXHEADER:100\nDATA:OFXSGML\n\nno body at all".utf8).write(to: file)
        let fixture = try ImportFixture()
        let error = try #require(throws: KeepsakeError.self) {
            try OFXImporter(file: file, ledger: fixture.ledger, displayName: "broken.ofx").plan()
        }
        #expect(error.message == "broken.ofx is not an OFX or QFX file: it has no <OFX> element.")
    }
}
