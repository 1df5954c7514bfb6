import Foundation
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// A statement's own account and its transfers between one's own accounts: OFX, QIF, Firefly III
/// and camt.053 files written to disk, imported into fresh stores.
@Suite struct BankTransferImportTests {
    static let ofx = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE

        <OFX>
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>121000248<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240601<DTEND>20240630
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240603<TRNAMT>-50.00<FITID>A1<NAME>Grocer</STMTTRN>
        <STMTTRN><TRNTYPE>XFER<DTPOSTED>20240605<TRNAMT>-200.00<FITID>A2<NAME>ATM</STMTTRN>
        <STMTTRN><TRNTYPE>XFER<DTPOSTED>20240610<TRNAMT>75.00<FITID>A3<NAME>From savings<BANKACCTTO><BANKID>121000248<ACCTID>999988887777<ACCTTYPE>SAVINGS</BANKACCTTO></STMTTRN>
        </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """

    static func write(_ text: String, _ name: String, in directory: TemporaryDirectory) throws -> String {
        let file = directory.appending(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// A QIF block of the bank account `account` with one transaction on 2024-06-05 of `amount`
    /// to or from the account `other` (a transfer: its category is `[other]`).
    static func qifTransfer(from account: String, amount: String, to other: String) -> String {
        "!Account\nN\(account)\nTBank\n^\n!Type:Bank\nD06/05/2024\nT\(amount)\nL[\(other)]\n^\n"
    }

    /// Balance of each account by name at the end of June 2024.
    static func balances(_ fixture: ImportFixture) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try fixture.ledger.accountBalances(on: try LedgerDay(parsing: "2024-06-30")).map { ($0.account.name, $0.balance.amountString) })
    }

    @Test func anOFXFileNamesItsAccountWhichIsMadeOnceAndItsTransfersBecomeTransfers() throws {
        let directory = TemporaryDirectory("ofx-account")
        let path = try Self.write(Self.ofx, "checking.ofx", in: directory)
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement(path), refusals: .nothingIfAnyRefused)
        #expect((report.imported.count, report.skipped.count, report.refused.count) == (3, 0, 0))
        let accounts = try fixture.ledger.accounts()
        #expect(Set(accounts.map(\.name)) == ["Bank …6789", "Bank …7777", "Cash USD"])
        let checking = try #require(accounts.first { $0.name == "Bank …6789" })
        #expect((checking.kind, checking.currency, checking.bankAccountID, checking.openingBalance.minorUnits) == (.bank, .usd, "OFX:121000248/000123456789", 0))
        let savings = try #require(accounts.first { $0.name == "Bank …7777" })
        let cash = try #require(accounts.first { $0.name == "Cash USD" })
        // XFER without BANKACCTTO: to the default cash account; with it: from that account.
        let transfers = try fixture.ledger.transfers().sorted { $0.date < $1.date }
        #expect(transfers.map { [$0.date.string, $0.from == checking.id ? "checking" : $0.from == savings.id ? "savings" : "?",
                                 $0.to == cash.id ? "cash" : $0.to == checking.id ? "checking" : "?", $0.amount.amountString] }
                == [["2024-06-05", "checking", "cash", "200.00"], ["2024-06-10", "savings", "checking", "75.00"]])
        #expect(try fixture.transactions() == ["2024-06-03 expense 50.00 USD Uncategorized | Grocer"])
        #expect(try fixture.ledger.read(try #require(report.imported.first { $0.sourceID == "A1" }?.id)).account == checking.id)
        #expect(try Self.balances(fixture) == ["Bank …6789": "-175.00", "Bank …7777": "-75.00", "Cash USD": "200.00"])

        // Twice: nothing new, no second account, no second transfer.
        let again = try fixture.run(try fixture.statement(path), refusals: .nothingIfAnyRefused)
        #expect((again.imported.count, again.skipped.count) == (0, 3))
        #expect(try fixture.ledger.accounts().count == 3)
        #expect(try fixture.ledger.transfers().count == 2)
        #expect(try Self.balances(fixture) == ["Bank …6789": "-175.00", "Bank …7777": "-75.00", "Cash USD": "200.00"])
        try fixture.expectClean()
    }

    @Test func accountAndTransferAccountOptionsOverrideTheFile() throws {
        let directory = TemporaryDirectory("ofx-override")
        let path = try Self.write(Self.ofx, "checking.ofx", in: directory)
        let fixture = try ImportFixture()
        var choice = LedgerImportOptions()
        choice.account = "Joint"
        choice.transferAccount = "Wallet"
        let report = try fixture.run(try fixture.statement(path, options: choice), refusals: .nothingIfAnyRefused)
        #expect(report.imported.count == 3)
        #expect(try Self.balances(fixture) == ["Joint": "-175.00", "Wallet": "200.00", "Bank …7777": "-75.00"])
    }

    @Test func aQIFTransferBetweenTwoBlocksOfTheFileIsOneTransfer() throws {
        let directory = TemporaryDirectory("qif-transfer")
        let path = try Self.write(Self.qifTransfer(from: "Checking", amount: "-100.00", to: "Savings")
                                  + Self.qifTransfer(from: "Savings", amount: "100.00", to: "Checking") + "\n", "both.qif", in: directory)
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement(path, options: options(currency: .usd)), refusals: .nothingIfAnyRefused)
        #expect(report.imported.count == 1)
        #expect(report.skipped.map(\.reason) == ["the same transfer (2024-06-05, 100.00 USD, Checking → Savings) is already in the ledger or earlier in the file: the other account's statement of it; it is recorded once"])
        #expect(try Self.balances(fixture) == ["Checking": "-100.00", "Savings": "100.00"])
        let again = try fixture.run(try fixture.statement(path, options: options(currency: .usd)), refusals: .nothingIfAnyRefused)
        #expect(again.imported.isEmpty)
        #expect(try fixture.ledger.transfers().count == 1)
    }

    @Test func aTransferToAnAccountOfAnotherCurrencyIsSkippedWithTheReason() throws {
        let directory = TemporaryDirectory("qif-currencies")
        let path = try Self.write(Self.qifTransfer(from: "Checking", amount: "-100.00", to: "Euro") + "\n", "euro.qif", in: directory)
        let fixture = try ImportFixture()
        try fixture.ledger.createAccount(LedgerAccountDraft(name: "Euro", kind: .bank, openingBalance: .zero(.eur)))
        let report = try fixture.run(try fixture.statement(path, options: options(currency: .usd)), refusals: .nothingIfAnyRefused)
        #expect(report.imported.isEmpty)
        #expect(report.skipped.map(\.reason) == ["a transfer between two currencies needs the amount on both sides, and the file gives one (100.00 USD): the account \"Euro\" holds EUR, not USD; record it by hand with both amounts"])
        #expect(try fixture.ledger.transfers().isEmpty)
        // Nothing came over, so no account was made for it either.
        #expect(try fixture.ledger.accounts().map(\.name) == ["Euro"])
    }

    @Test func aFireflyTransferGoesFromTheSourceToTheDestination() throws {
        let directory = TemporaryDirectory("firefly-transfer")
        let header = "user_id,group_id,journal_id,created_at,updated_at,group_title,type,amount,foreign_amount,currency_code,foreign_currency_code,description,date,source_name,source_iban,source_type,destination_name,destination_iban,destination_type,reconciled,category,budget,bill,tags,notes"
        let rows = [
            "1,10,11,2024-06-01T10:00:00+02:00,2024-06-01T10:00:00+02:00,,Transfer,-250.00,,EUR,,Savings,2024-06-01T10:00:00+02:00,Checking,,Asset account,Savings,,Asset account,,,,,,",
            "1,12,13,2024-06-02T10:00:00+02:00,2024-06-02T10:00:00+02:00,,Withdrawal,-20.00,,EUR,,Lunch,2024-06-02T10:00:00+02:00,Checking,,Asset account,Cafe,,Expense account,,Food,,,,",
        ]
        let path = try Self.write(([header] + rows).joined(separator: "\n") + "\n", "firefly.csv", in: directory)
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement(path), refusals: .nothingIfAnyRefused)
        #expect(report.imported.count == 2)
        #expect(try Self.balances(fixture) == ["Checking": "-270.00", "Savings": "250.00"])
        _ = try fixture.run(try fixture.statement(path), refusals: .nothingIfAnyRefused)
        #expect(try fixture.ledger.transfers().count == 1)
    }

    @Test func aFireflyTransferBetweenTwoCurrenciesTakesTheForeignAmountForTheDestination() throws {
        let directory = TemporaryDirectory("firefly-two-currencies")
        let header = "user_id,group_id,journal_id,created_at,updated_at,group_title,type,amount,foreign_amount,currency_code,foreign_currency_code,description,date,source_name,source_iban,source_type,destination_name,destination_iban,destination_type,reconciled,category,budget,bill,tags,notes"
        let row = "1,20,21,2024-06-03T10:00:00+02:00,2024-06-03T10:00:00+02:00,,Transfer,-100.00,-430.50,EUR,PLN,Exchange,2024-06-03T10:00:00+02:00,Checking,,Asset account,Zloty wallet,,Asset account,,,,,,"
        let path = try Self.write([header, row].joined(separator: "\n") + "\n", "firefly.csv", in: directory)
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement(path), refusals: .nothingIfAnyRefused)
        #expect(report.imported.count == 1 && report.skipped.isEmpty, "\(report.skipped.map(\.reason))")
        let transfer = try #require(try fixture.ledger.transfers().first)
        #expect(transfer.amount == (try Money(parsing: "100.00", currency: .eur)))
        #expect(transfer.toAmount == (try Money(parsing: "430.50", currency: Currency(code: "PLN"))))
        #expect(try Self.balances(fixture) == ["Checking": "-100.00", "Zloty wallet": "430.50"])
        #expect(!transfer.memo.contains("foreign amount"), "both amounts are in the transfer, not in its memo")
        _ = try fixture.run(try fixture.statement(path), refusals: .nothingIfAnyRefused)
        #expect(try fixture.ledger.transfers().count == 1, "imported again: nothing twice")

        // A foreign amount that cannot be read refuses the row, naming the column; nothing is written.
        let bad = try Self.write([header, row.replacingOccurrences(of: ",21,", with: ",22,").replacingOccurrences(of: "-430.50", with: "lots")].joined(separator: "\n") + "\n",
                                 "bad.csv", in: directory)
        let error = try #require(throws: ImportRefusedError.self) { try fixture.run(try fixture.statement(bad), refusals: .nothingIfAnyRefused) }
        #expect(error.report.refused.map(\.reason).first?.hasPrefix("foreign_amount:") == true, "\(error.report.refused.map(\.reason))")
        #expect(try fixture.ledger.transfers().count == 1)
    }

    static func camt(iban: String, entries: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>1</Id>
        <Acct><Id><IBAN>\(iban)</IBAN></Id><Ccy>EUR</Ccy></Acct>
        \(entries)
        </Stmt></BkToCstmrStmt></Document>

        """
    }

    static func entry(_ reference: String, _ amount: String, _ indicator: String, otherIBAN: String) -> String {
        let role = indicator == "DBIT" ? "Cdtr" : "Dbtr"
        return """
            <Ntry><Amt Ccy="EUR">\(amount)</Amt><CdtDbtInd>\(indicator)</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-06-07</Dt></BookgDt><AcctSvcrRef>\(reference)</AcctSvcrRef>
            <NtryDtls><TxDtls><RltdPties><\(role)><Nm>Someone</Nm></\(role)><\(role)Acct><Id><IBAN>\(otherIBAN)</IBAN></Id></\(role)Acct></RltdPties></TxDtls></NtryDtls></Ntry>
            """
    }

    @Test func aCamtEntryToAnotherOwnAccountsIBANIsATransfer() throws {
        let directory = TemporaryDirectory("camt-transfer")
        let savingsIBAN = "DE02120300000000202051"
        let checkingIBAN = "DE89370400440532013000"
        let savings = try Self.write(Self.camt(iban: savingsIBAN, entries: Self.entry("S1", "10.00", "CRDT", otherIBAN: "FR7630006000011234567890189")),
                                     "savings.xml", in: directory)
        let checking = try Self.write(Self.camt(iban: checkingIBAN, entries: Self.entry("C1", "300.00", "DBIT", otherIBAN: "DE02 1203 0000 0000 2020 51")),
                                      "checking.xml", in: directory)
        let fixture = try ImportFixture()
        _ = try fixture.run(try fixture.statement(savings), refusals: .nothingIfAnyRefused)
        let report = try fixture.run(try fixture.statement(checking), refusals: .nothingIfAnyRefused)
        #expect(report.imported.count == 1)
        let accounts = try fixture.ledger.accounts()
        #expect(Set(accounts.compactMap(\.bankAccountID)) == ["IBAN:" + savingsIBAN, "IBAN:" + checkingIBAN])
        #expect(try Self.balances(fixture) == ["Bank …2051": "310.00", "Bank …3000": "-300.00"])
        #expect(try fixture.ledger.transfers().count == 1)
    }
}
