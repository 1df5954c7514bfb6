import Foundation
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// Every bank CSV of the corpus (`imports/bank-csv/reubano-csv2ofx/`) through its rules file
/// (``BankRules``): counts, days, amounts to the cent, categories and memos.
@Suite struct BankCSVImportTests {
    struct Expected {
        var imported: [String]
        var skipped: Int = 0
    }

    static let expected: [String: Expected] = [
        "amazon.csv": Expected(imported: [
            "2022-10-11 expense 34.12 USD Shopping | TOPGREENER Smart Wi-Fi In-Wall Tamper Resistant Dual USB Charger Outlet, Energy Monitoring, Compatible with Amazon Alexa and Google Assistant, Outlet",
            "2022-12-20 expense 4.22 USD Shopping | Goof Off Household Heavy Duty Remover, 4 fl. oz. Spray, For Spots, Stains, Marks, and Messes",
            "2022-12-20 expense 7.42 USD Shopping | Darksteve - Violet Decorative Light Bulb - Edison Light Bulb, Antique Vintage Style Light, G80 Size, E26 Base, Non-Dimmable (3w/110v)",
        ], skipped: 4),
        "capitalone.csv": Expected(imported: [
            "2015-12-31 expense 1000.00 USD Other Travel | Airplanes R Us",
            "2015-12-31 income 1000.00 USD Payment/Credit | CAPITAL ONE AUTOPAY PYMT",
        ]),
        "creditunion.csv": Expected(imported: [
            "2015-02-08 expense 50000.00 USD Expenses | Ómary Akida (INV-2)",
            "2015-02-08 expense 50000.00 USD Expenses | Ằdøłƥh Noƴa (INV-1)",
            "2015-02-24 expense 70000.00 USD Expenses | Sadrick Mtel (INV-3)",
            "2015-02-28 expense 65000.00 USD Expenses | Habibœ Said (INV-4)",
            "2015-03-04 expense 60000.00 USD Expenses | Nguluko Ómary Yahya (INV-5)",
            "2015-03-09 expense 75000.00 USD Expenses | Ȣasha Ramadhani (INV-6)",
            "2015-03-24 expense 45000.00 USD Expenses | Tchênzema Tchênzema (INV-7)",
            "2015-03-25 expense 50000.00 USD Expenses | Ƣunȡuƙi Chairman (INV-8)",
        ]),
        "default.csv": Expected(imported: [
            "2015-02-08 expense 50000.00 USD Expenses | Ómary Akida (INV-2, Checking)",
            "2015-02-08 expense 50000.00 USD Expenses | Ằdøłƥh Noƴa (INV-1, Checking)",
            "2015-02-24 expense 70000.00 USD Expenses | Sadrick Mtel (INV-3, Checking)",
            "2015-02-28 expense 65000.00 USD Expenses | Habibœ Said (INV-4, Checking)",
            "2015-03-04 expense 60000.00 USD Expenses | Nguluko Ómary Yahya (INV-5, Checking)",
            "2015-03-09 expense 75000.00 USD Expenses | Ȣasha Ramadhani (INV-6, Checking)",
            "2015-03-24 expense 45000.00 USD Expenses | Tchênzema Tchênzema (INV-7, Cash)",
            "2015-03-25 expense 50000.00 USD Expenses | Ƣunȡuƙi Chairman (INV-8, Cash)",
        ]),
        "gls.csv": Expected(imported: [
            "2017-10-10 expense 98.76 EUR Phone | Drillisch Online AG: B4658645 U123456789 B123456 987 SIMply Rechnung (SEPA-Basislastschrift)",
        ]),
        "ingesp.csv": Expected(imported: [
            "2022-03-24 income 2.83 EUR Otras Ventajas ING | Abono por campaña Abono Shopping NARANJA:GALP",
            "2022-04-08 income 2.69 EUR Otras Ventajas ING | Abono por campaña Abono Shopping NARANJA:GALP",
            "2022-04-13 expense 276.89 EUR Seguro de coche y moto | Recibo MUTUA MADRILENA AUTOMOVILISTA S. DE SEGU",
            "2022-05-14 expense 17.60 EUR Cafeterías y restaurantes | Pago en SPORTS BAR DANI JARQUE S BOI LLOBREGES",
            "2022-05-23 expense 219.30 EUR Transferencias | Transferencia emitida a Salesians Mataro casal",
            "2022-07-29 expense 1000.00 EUR Cajeros | Reintegro efectivo tarjeta B.B.V.A. MAT",
            "2022-11-13 income 500.00 EUR Transacción entre cuentas de ahorro | Traspaso recibido Cuenta Nómina",
            "2022-11-26 expense 37.00 EUR Gasto Bizum | Transferencia Bizum emitida",
            "2022-12-23 income 1394.11 EUR Nómina o Pensión | Nomina recibida G PLCE SL.",
            "2022-12-31 income 1.37 EUR Compras (otros) | Devolución Tarjeta AMZN Mktp ES",
        ]),
        "mint.csv": Expected(imported: Self.mint),
        "mint_extra.csv": Expected(imported: Self.mint, skipped: 1),
        "mint_headerless.csv": Expected(imported: Self.mint),
        "n26-fr.csv": Expected(imported: [
            "2020-03-07 expense 328.00 EUR Transfers | Compte courant (Debit Transfer)",
            "2020-03-07 income 328.00 EUR Transfers | Compte courant (Credit Transfer)",
        ]),
        "outbank.csv": Expected(imported: [
            "2019-01-05 expense 25.00 EUR Living Expenses | PayPal Europe S.a.r.l. et Cie S.C.A: PP.1234.PP . STEAM GAMES, Your purchase at STEAM GAMES",
            "2019-01-21 expense 47.00 EUR Household | Vattenfall Europe Energy: A012345-67890 Energy bill Jan 2019",
            "2019-02-08 expense 63.89 EUR Travel | Shell Gas: Shell Gas purchase MASTER 0123456789",
            "2019-02-20 income 100.00 EUR Financials & Precautions | Jane Doe: Jane Doe",
        ]),
        "payoneer.csv": Expected(imported: [
            "2021-05-03 expense 100.00 USD Uncategorized | Transaction description (Payoneer additional description)",
            "2021-05-03 income 120.00 USD Uncategorized | Transaction description (Payoneer additional description)",
        ]),
        "pcmastercard.csv": Expected(imported: [
            "2018-12-15 expense 13.98 CAD Subscriptions | APL*ITUNES.COM/BILL",
            "2019-01-10 expense 36.33 CAD Fuel | Mobil",
        ]),
        "schwab-checking-baltest-case2.csv": Expected(imported: [
            "2022-08-04 expense 57.27 USD Uncategorized | PAYPAL INST XFER 220803~ Tran: ACHDW",
            "2022-08-09 expense 75.00 USD Uncategorized | Check Paid #558",
            "2022-08-17 expense 103.00 USD Uncategorized | BMO HARRIS BANK",
            "2022-08-17 income 20.00 USD Uncategorized | Deposit Mobile Banking",
        ]),
        "schwab-checking-baltest-case7.csv": Expected(imported: [
            "2022-08-17 expense 20.00 USD Uncategorized | Check Paid #558",
            "2022-08-17 income 20.00 USD Uncategorized | Deposit Mobile Banking",
        ]),
        "schwab-checking.csv": Expected(imported: [
            "2022-08-04 expense 57.27 USD Uncategorized | PAYPAL INST XFER 220803~ Tran: ACHDW",
            "2022-08-09 expense 75.00 USD Uncategorized | Check Paid #558",
            "2022-08-14 expense 103.00 USD Uncategorized | BMO HARRIS BANK",
            "2022-08-17 income 20.00 USD Uncategorized | Deposit Mobile Banking",
        ]),
        "stripe-all.csv": Expected(imported: Self.stripe),
        "stripe-default.csv": Expected(imported: Self.stripe),
        "ubs-ch-fr_trimmed.csv": Expected(imported: [
            "2019-02-28 income 240.00 CHF Uncategorized | Virement postal ASSOCIATION FOO-BAR",
            "2019-03-31 expense 10.00 CHF Uncategorized | Solde prix prestations",
            "2019-04-27 expense 200.00 CHF Uncategorized | Ordre e-banking REMB-CASH",
        ]),
        "xero.csv": Expected(imported: [
            "2015-01-23 income 113000.00 USD Sales | Baisikeli (INV-0001)",
            "2015-01-23 income 36000.00 USD Sales | Charger-baisikeli (INV-0001)",
            "2015-01-24 income 15000.00 USD Sales | Charger-baisikeli (distributor price) (INV-0003)",
            "2015-01-24 income 15000.00 USD Sales | Charger-baisikeli (distributor price) (INV-0003)",
            "2015-01-25 income 113000.00 USD Sales | Baisikeli (INV-0198)",
            "2015-01-25 income 30000.00 USD Sales | Charger-baisikeli (distributor price) (INV-0006)",
            "2015-02-14 expense 209000.00 USD Transfers | Transfer to Checking",
        ], skipped: 6),
    ]

    static let mint = [
        "2015-06-12 expense 1000.00 USD Checking | Transfer from Checking (Savings)",
        "2015-06-12 expense 1500.00 USD Savings | Transfer from Savings (Checking)",
        "2015-06-13 income 2000.00 USD Savings | Transfer to Savings (Checking)",
        "2015-06-14 expense 2500.00 USD Savings | Transfer from Savings (Checking)",
    ]

    static let stripe = [
        "2021-02-02 income 25.00 CAD Sales | Entry ID: 313, Product: Big Event 2021",
        "2021-02-02 income 25.00 CAD Sales | Entry ID: 314, Product: Big Event 2021",
        "2021-02-03 income 25.00 CAD Sales | Entry ID: 316, Product: Big Event 2021",
        "2021-02-03 income 27.50 CAD Sales | Entry ID: 315, Product: Big Event 2021",
        "2021-03-16 income 10.00 CAD Sales | Invoice 396BEA86-0001",
    ]

    @Test func everyBankCSVOfTheCorpusComesOverThroughItsRules() throws {
        let files = ImportCorpus.manifest.filter { $0.hasPrefix("bank-csv/") }
        #expect(files.count == 20)
        #expect(Set(files.map { ($0 as NSString).lastPathComponent }) == Set(Self.expected.keys))
        for path in files {
            let name = (path as NSString).lastPathComponent
            let want = try #require(Self.expected[name])
            let fixture = try ImportFixture()
            let report = try fixture.run(try fixture.statement(path, rules: BankRules.files[name]), refusals: .nothingIfAnyRefused)
            #expect(report.source == .csv, "\(name)")
            #expect((report.imported.count, report.skipped.count, report.refused.count) == (want.imported.count, want.skipped, 0), "\(name): \(report.refused)")
            #expect(try fixture.transactions() == want.imported, "\(name)")
            // A second import of the same file adds nothing.
            let again = try fixture.run(try fixture.statement(path, rules: BankRules.files[name]))
            #expect((again.imported.count, again.skipped.count) == (0, want.imported.count + want.skipped), "\(name)")
            #expect(try fixture.ledger.count() == want.imported.count, "\(name)")
        }
    }

    @Test func identicalXeroLinesAreTwoTransactionsToldApartByTheirOrder() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement("bank-csv/reubano-csv2ofx/xero.csv", rules: BankRules.files["xero.csv"]))
        let twins = report.imported.filter { $0.summary.contains("(distributor price) (INV-0003)") }
        #expect(twins.map(\.location) == ["line 7", "line 8"])
        #expect(Set(twins.map(\.id)).count == 2)
        #expect(Set(twins.map(\.sourceID)).count == 2)
    }

    @Test func theSameChargesInTwoStripeExportsComeOverOnce() throws {
        let fixture = try ImportFixture()
        _ = try fixture.run(try fixture.statement("bank-csv/reubano-csv2ofx/stripe-all.csv", rules: BankRules.files["stripe-all.csv"]))
        let second = try fixture.run(try fixture.statement("bank-csv/reubano-csv2ofx/stripe-default.csv", rules: BankRules.files["stripe-default.csv"]))
        #expect((second.imported.count, second.skipped.count) == (0, 5))
        #expect(try fixture.ledger.count() == 5)
    }

    @Test func aReorderedSchwabStatementAddsOnlyTheRowThatChanged() throws {
        let fixture = try ImportFixture()
        _ = try fixture.run(try fixture.statement("bank-csv/reubano-csv2ofx/schwab-checking.csv", rules: BankRules.files["schwab-checking.csv"]))
        let report = try fixture.run(try fixture.statement("bank-csv/reubano-csv2ofx/schwab-checking-baltest-case2.csv",
                                                           rules: BankRules.files["schwab-checking-baltest-case2.csv"]))
        // Same rows in another order, except that BMO HARRIS BANK is dated 08/17 instead of 08/14.
        #expect(report.imported.map(\.summary) == ["2022-08-17 -103.00 USD Uncategorized · BMO HARRIS BANK"])
        #expect(report.skipped.count == 3)
    }

    @Test func aCSVWithoutRulesOrWithBadRulesIsRefusedWithTheLine() throws {
        let fixture = try ImportFixture()
        let error = try #require(throws: KeepsakeError.self) { try fixture.statement("bank-csv/reubano-csv2ofx/gls.csv") }
        #expect(error.message.contains("describe its columns in a rules file and give it with --rules FILE"))
        let bad = try #require(throws: KeepsakeError.self) { try CSVRules(parsing: "fields date, amount\nseperator ;\n") }
        #expect(bad.message.hasPrefix("Line 2 of the rules file: \"seperator\" is not a directive"))
        let noAmount = try #require(throws: KeepsakeError.self) { try CSVRules(parsing: "fields date, payee\n") }
        #expect(noAmount.message.contains("name no amount column"))
        let regex = try #require(throws: KeepsakeError.self) { try CSVRules(parsing: "fields date, amount\nif (unclosed\n  category X\n") }
        #expect(regex.message.hasPrefix("Line 2 of the rules file: \"(unclosed\" is not a regular expression"))
    }

    @Test func aDateThatDoesNotMatchTheFormatIsRefusedWithItsLine() throws {
        // The UBS statement read with a wrong date format: every row is refused, nothing imported.
        let fixture = try ImportFixture()
        let rules = BankRules.files["ubs-ch-fr_trimmed.csv"]!.replacingOccurrences(of: "%d.%m.%Y", with: "%Y-%m-%d")
        let error = try #require(throws: ImportRefusedError.self) {
            try fixture.run(try fixture.statement("bank-csv/reubano-csv2ofx/ubs-ch-fr_trimmed.csv", rules: rules), refusals: .nothingIfAnyRefused)
        }
        #expect(error.report.refused.map(\.description) == [
            "line 2: the date \"31.03.2019\" does not match the date format %Y-%m-%d",
            "line 3: the date \"28.02.2019\" does not match the date format %Y-%m-%d",
            "line 4: the date \"27.04.2019\" does not match the date format %Y-%m-%d",
        ])
        #expect(try fixture.ledger.count() == 0)
    }
}
