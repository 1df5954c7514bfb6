import Foundation
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// Firefly III CSV exports (`imports/firefly-csv/ft-t-go-money/`) and camt.053 statements
/// (`imports/camt/actualbudget-actual/`).
@Suite struct FireflyAndCamtImportTests {
    @Test func aFireflyWithdrawalComesOverWithItsCategoryAndForeignAmount() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement("firefly-csv/ft-t-go-money/ff_withdrawal.csv"), refusals: .nothingIfAnyRefused)
        #expect((report.source, report.found, report.imported.map(\.sourceID)) == (.firefly, 1, ["2805"]))
        #expect(try fixture.transactions() == ["2025-06-17 expense 964.44 UAH Grocery | Market — Cash account — Some note — foreign amount -83.81 PLN"])
        let again = try fixture.run(try fixture.statement("firefly-csv/ft-t-go-money/ff_withdrawal.csv"))
        #expect((again.imported.count, again.skipped.count) == (0, 1))
    }

    @Test func fireflyOpeningBalancesAreSkippedWithAReason() throws {
        for (name, amount) in [("ff_open_balance.csv", "-3520.42 PLN"), ("ff_open_balance_debt.csv", "-3900 PLN")] {
            let fixture = try ImportFixture()
            let report = try fixture.run(try fixture.statement("firefly-csv/ft-t-go-money/" + name), refusals: .nothingIfAnyRefused)
            #expect((report.found, report.imported.count, report.refused.count) == (1, 0, 0), "\(name)")
            #expect(report.skipped == [ImportIssue(location: "line 2", sourceID: name == "ff_open_balance.csv" ? "18691" : "1869",
                                                   reason: "an opening balance (\(amount)) is a starting balance, not income or an expense")], "\(name)")
            #expect(try fixture.ledger.count() == 0)
        }
    }

    @Test func camtEntriesTakeTheirSignFromTheIndicatorAndKeepTheRemittanceText() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement("camt/actualbudget-actual/camt.053.xml"), refusals: .nothingIfAnyRefused)
        #expect((report.source, report.found, report.imported.count) == (.camt, 6, 6))
        #expect(try fixture.transactions() == [
            "2013-12-30 income 0.50 EUR Uncategorized | Testkonto Nummer 2 — Sammler aus Testkonto 2 Erste Ueberweisung EREF: STZV-EtE28122013-11:29-2 IBAN: DE58740618130100033626 BIC: GENODEF1PFK ABWE: Testkonto 1",
            "2013-12-30 income 0.60 EUR Uncategorized | Testkonto Nummer 2 — Sammler aus Testknto 2 Zweite Ueberweisung EREF: STZV-EtE28122013-11:29-1 IBAN: DE58740618130100033626 BIC: GENODEF1PFK ABWE: Testkonto 1",
            "2014-01-03 income 3.45 EUR Uncategorized | Testkonto Nummer 2 — Lastschrift 2. Zahlung TAN:747216 (2.25) — Lastschrift 1. Zahlung TAN:747216 (1.20)",
            "2014-01-07 income 1.20 EUR Uncategorized | Retoure SEPA Lastschrift vom 03.01.2014, Rueckgabegrund: MD06 Lastschriftwiderspruch durch den Zahlungspflichtigen EREF: STZV-EtE27122013-11:05-2 CRED: DE79ZZZ00000000584 IBAN: DE14740618130000033626 BIC: GENODEF1PFK ABWE: Testkonto — returned (reason MD06)",
            "2024-03-12 expense 80.00 EUR Uncategorized | Rega — reference 002462",
            "2024-03-12 expense 89.85 EUR Uncategorized | Supermarkt A",
        ])
        // The bank's reference and the IBAN are the record's identity.
        let record = try ImportCorpus.record(fixture.store, Ledger.collection, sourceID: "367406715024072/1")
        #expect(record.fields["importAccount"] == .string("DE14740618130000033626"))
        #expect(report.imported.map(\.location) == ["line 63", "line 125", "line 185", "line 217", "line 270", "line 352"])
    }

    @Test func camtPayeeAndNotesInAllFourCombinations() throws {
        let fixture = try ImportFixture()
        _ = try fixture.run(try fixture.statement("camt/actualbudget-actual/camt.053.payee-memo.xml"))
        #expect(try fixture.transactions() == [
            "2019-01-23 expense 10.00 EUR Uncategorized | Payee Name — Note Text",
            "2019-01-23 expense 20.00 EUR Uncategorized | Payee Name Only",
            "2019-01-23 expense 30.00 EUR Uncategorized | Note Only Text",
            "2019-01-23 expense 40.00 EUR Uncategorized |",
        ])
        let again = try fixture.run(try fixture.statement("camt/actualbudget-actual/camt.053.payee-memo.xml"))
        #expect((again.imported.count, again.skipped.count) == (0, 4))
    }

    @Test func pendingCamtEntriesAreSkippedAndBrokenXMLIsRefusedWithItsLine() throws {
        let directory = TemporaryDirectory("camt-damaged")
        let text = try String(contentsOf: ImportCorpus.url("camt/actualbudget-actual/camt.053.payee-memo.xml"), encoding: .utf8)
        let pending = directory.appending("pending.xml")
        try Data(text.replacingOccurrences(of: "<Sts>BOOK</Sts>", with: "<Sts>PDNG</Sts>").utf8).write(to: pending)
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement(pending.path))
        #expect((report.imported.count, report.skipped.count) == (0, 4))
        #expect(report.skipped.first?.reason == "the entry is pending (not booked yet); import a later statement once it is booked")

        let truncated = directory.appending("truncated.xml")
        try Data(text.prefix(2000).utf8).write(to: truncated)
        let error = try #require(throws: KeepsakeError.self) {
            try CamtImporter(file: truncated, ledger: fixture.ledger, displayName: "truncated.xml").plan()
        }
        #expect(error.message.hasPrefix("truncated.xml cannot be read as XML near line "))
        #expect(try fixture.ledger.count() == 0)
    }
}
