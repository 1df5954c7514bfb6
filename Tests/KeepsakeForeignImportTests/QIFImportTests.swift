import Foundation
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// QIF files of the corpus (`imports/qif/actualbudget-actual/`): two-digit years, single-digit
/// months, CRLF, colon categories, payee and memo in all four combinations.
@Suite struct QIFImportTests {
    static let bigData = [
        "2018-12-19 expense 12.00 USD Uncategorized | TARGET DEBIT CRD DES:ACH TRAN ID:XXXXX0370723991 INDN:S LONG 9703 CO I",
        "2018-12-19 expense 24.01 USD Uncategorized | TARGET DEBIT CRD DES:ACH TRAN ID:XXXXX0370723991 INDN:S LONG 9321 CO I",
        "2018-12-19 expense 25.00 USD Uncategorized | COUNTY WASTE 12/18 PURCHASE 804-8439288 VA",
        "2018-12-19 expense 31.33 USD Uncategorized | LOFT 0845 CHES 12/19 PURCHASE RICHMOND VA",
        "2018-12-19 expense 41.92 USD Uncategorized | TARGET DEBIT CRD ACH TRAN CO ID:XXXXX15170 POS TARGET -1018 RICHMOND V",
        "2018-12-19 expense 45.00 USD Uncategorized | MANGO SALON - LIBBIE GR 12/18 PURCHASE RICHMOND VA",
        "2018-12-19 expense 6.31 USD Uncategorized | TARGET T- 1130 12/19 PURCHASE Richmond VA",
        "2018-12-20 expense 12.63 USD Uncategorized | AMAZON.COM*M21KD0HA0 AM 12/19 PURCHASE AMZN.COM/BILL WA",
        "2018-12-20 expense 36.00 USD Uncategorized | TARGET DEBIT CRD DES:ACH TRAN ID:XXXXX0370723991 INDN:S LONG 6486 CO I",
        "2018-12-20 income 874.85 USD Uncategorized | BKOFAMERICA MOBILE 12/20 3705340250 DEPOSIT *MOBILE VA",
        "2018-12-21 expense 105.29 USD Uncategorized | AMAZON.COM*M208P98U1 AM 12/19 PURCHASE AMZN.COM/BILL WA",
        "2018-12-21 expense 12.85 USD Uncategorized | AMAZON.COM*M20VB1851 AM 12/20 PURCHASE AMZN.COM/BILL WA",
        "2018-12-21 expense 12.99 USD Uncategorized | AMZN MKTP US*M27HH51C2 12/20 PURCHASE AMZN.COM/BILL WA",
        "2018-12-21 expense 34.70 USD Uncategorized | AMAZON.COM*M236431E2 AM 12/19 PURCHASE AMZN.COM/BILL WA",
        "2018-12-21 expense 5.21 USD Uncategorized | STARBUCKS STORE 07604 12/19 PURCHASE RICHMOND VA",
        "2018-12-21 expense 5.41 USD Uncategorized | STARBUCKS STORE 07604 12/19 PURCHASE RICHMOND VA",
        "2018-12-21 expense 62.78 USD Uncategorized | CVS/PHARM 0154 12/21 PURCHASE RICHMOND VA",
        "2018-12-21 expense 7.36 USD Uncategorized | AMAZON.COM*M29QF7M71 AM 12/19 PURCHASE AMZN.COM/BILL WA",
    ]

    @Test func theMixedCaseBigDataFileComesOverWithTwoDigitYears() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement("qif/actualbudget-actual/big.data.QiF", options: options(currency: .usd)),
                                     refusals: .nothingIfAnyRefused)
        #expect((report.found, report.imported.count, report.refused.count) == (18, 18, 0))
        #expect(try fixture.transactions() == Self.bigData)
        #expect(report.imported.first?.location == "line 2")
        try fixture.expectClean()
    }

    @Test func theUTF8PayeeOfDataQifComesOverAndTheSameRowsAreRecognised() throws {
        let fixture = try ImportFixture()
        _ = try fixture.run(try fixture.statement("qif/actualbudget-actual/big.data.QiF", options: options(currency: .usd)))
        // data.qif is the same statement but for one payee: 17 rows are already there.
        let report = try fixture.run(try fixture.statement("qif/actualbudget-actual/data.qif", options: options(currency: .usd)))
        #expect((report.imported.count, report.skipped.count) == (1, 17))
        #expect(try fixture.transactions().contains("2018-12-19 expense 45.00 USD Uncategorized | õSSELDORF KÖLN SALON - LIBBIE GR 12/18 PURCHASE RICHMOND VA"))
        #expect(try fixture.ledger.count() == 19)
    }

    @Test func payeeAndMemoInAllFourCombinations() throws {
        let fixture = try ImportFixture()
        _ = try fixture.run(try fixture.statement("qif/actualbudget-actual/data-payee-memo.qif", options: options(currency: .usd)))
        #expect(try fixture.transactions() == [
            "2019-01-23 expense 10.00 USD Uncategorized | Payee Name — Note Text",
            "2019-01-23 expense 20.00 USD Uncategorized | Payee Name Only",
            "2019-01-23 expense 30.00 USD Uncategorized | Note Only Text",
            "2019-01-23 expense 40.00 USD Uncategorized |",
        ])
    }

    @Test func colonCategoriesAndSingleDigitMonthsComeOverAsWritten() throws {
        let fixture = try ImportFixture()
        _ = try fixture.run(try fixture.statement("qif/actualbudget-actual/qif-category.qif", options: options(currency: .usd)))
        #expect(try fixture.transactions() == [
            "2024-06-23 expense 20.15 USD Groceries | GroceriesYou — Pay Groceries",
            "2024-06-24 expense 100.58 USD Usual Expenses:Shopping | Outlet — Pay Designer Outlet",
        ])
    }

    @Test func identicalLegitimateRowsAreAllKeptAndAReimportAddsNothing() throws {
        // A copy of data-payee-memo.qif where the customer really bought the same thing twice.
        let directory = TemporaryDirectory("qif-twice")
        let text = try String(contentsOf: ImportCorpus.url("qif/actualbudget-actual/data-payee-memo.qif"), encoding: .utf8)
        let file = directory.appending("twice.qif")
        try Data(text.replacingOccurrences(of: "D01/23/2019\nPPayee Name Only\nT-20.00\n^\n",
                                           with: "D01/23/2019\nPPayee Name Only\nT-20.00\n^\nD01/23/2019\nPPayee Name Only\nT-20.00\n^\n").utf8).write(to: file)
        let fixture = try ImportFixture()
        let first = try fixture.run(try fixture.statement(file.path, options: options(currency: .usd)))
        #expect(first.imported.count == 5)
        #expect(try fixture.transactions().filter { $0.hasSuffix("Payee Name Only") }.count == 2)
        let second = try fixture.run(try fixture.statement(file.path, options: options(currency: .usd)))
        #expect((second.imported.count, second.skipped.count) == (0, 5))
        #expect(try fixture.ledger.count() == 5)
    }

    @Test func aQIFWithoutACurrencyIsRefusedBeforeReading() throws {
        let fixture = try ImportFixture()
        let error = try #require(throws: KeepsakeError.self) {
            try fixture.statement("qif/actualbudget-actual/data.qif").plan()
        }
        #expect(error.message.contains("does not say its currency; give it with --currency CODE"))
    }

    @Test func europeanDatesAndSplitsAndTransfers() throws {
        let directory = TemporaryDirectory("qif-eu")
        let file = directory.appending("eu.qif")
        try Data("""
            !Account
            NGirokonto
            TBank
            ^
            !Type:Bank
            D24.06.2024
            T-1.234,56
            PMöbelhaus
            LHaushalt:Möbel/Wohnung
            ^
            D25.06.2024
            T-500,00
            L[Sparkonto]
            ^
            D26.06.2024
            T-30,00
            PMarkt
            SLebensmittel
            $-20,00
            SHaushalt
            EKerzen
            $-10,00
            ^
            D31.13.2024
            T-1,00
            ^

            """.utf8).write(to: file)
        var choice = options(currency: .eur)
        choice.qifDateOrder = .dayMonthYear
        choice.decimalMark = ","
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement(file.path, options: choice))
        #expect(report.imported.count == 3)
        #expect(report.skipped.isEmpty)
        // L[Sparkonto] is a transfer from the file's account Girokonto to Sparkonto, both made once.
        let accounts = Dictionary(uniqueKeysWithValues: try fixture.ledger.accounts().map { ($0.name, $0) })
        let giro = try #require(accounts["Girokonto"])
        let spar = try #require(accounts["Sparkonto"])
        let transfer = try #require(try fixture.ledger.transfers().first)
        #expect((transfer.date.string, transfer.from, transfer.to, transfer.amount.amountString) == ("2024-06-25", giro.id, spar.id, "500.00"))
        #expect(try fixture.ledger.balance(of: spar.id, on: LedgerDay(parsing: "2024-06-30")).amountString == "500.00")
        #expect(try fixture.ledger.balance(of: giro.id, on: LedgerDay(parsing: "2024-06-30")).amountString == "-1764.56")
        #expect(report.refused.map(\.description) == ["line 24: the date \"31.13.2024\" cannot be read as dmy (month/day/year is mdy; give --date-order dmy or ymd for others)"])
        #expect(try fixture.transactions() == [
            "2024-06-24 expense 1234.56 EUR Haushalt:Möbel | Möbelhaus — class Wohnung",
            "2024-06-26 expense 30.00 EUR Lebensmittel | Markt — split: Lebensmittel -20,00; Haushalt -10,00 Kerzen",
        ])
        let record = try #require(try ImportCorpus.records(fixture.store, Ledger.collection).first)
        #expect(record.fields["importAccount"] == .string("Girokonto"))
    }
}
