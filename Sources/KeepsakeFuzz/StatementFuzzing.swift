import Foundation
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore

/// The bank-statement targets: `ofx` (`OFXImporter`: OFX 1.x SGML and 2.x XML, QFX), `qif`
/// (`QIFImporter`, currency EUR given, as QIF needs) and `camt` (`CamtImporter`: camt.053/052/054
/// over KeepsakeSupport's `XMLTree`). The importer reads the input from a file, as `keepsake import`
/// does, and plans it; the plan is then written into a real store, twice.
///
/// - Reading fails only with a ``KeepsakeError``; any other error is a finding.
/// - A plan is the same when the same bytes are read again (ids and summaries come from the bytes).
/// - Every planned transaction has an id of its own (an id repeated in one file gets its occurrence).
/// - Writing the plan stores every planned transaction and refuses nothing more than the plan did,
///   each reads back, and writing it again imports nothing (a second import adds only what is new).
enum StatementFuzzing {
    static let ofx = FuzzTarget(name: "ofx", summary: "OFXImporter.plan, then written twice: typed errors, stable plans, as planned",
                                check: { data in check(data, "ofx") { OFXImporter(file: $0, ledger: $1, options: $2, displayName: "statement.ofx") } },
                                seeds: ofxSeeds)
    static let qif = FuzzTarget(name: "qif", summary: "QIFImporter.plan, then written twice: typed errors, stable plans, as planned",
                                check: { data in check(data, "qif") { QIFImporter(file: $0, ledger: $1, options: $2, displayName: "statement.qif") } },
                                seeds: qifSeeds)
    static let camt = FuzzTarget(name: "camt", summary: "CamtImporter.plan, then written twice: typed errors, stable plans, as planned",
                                 check: { data in check(data, "camt") { CamtImporter(file: $0, ledger: $1, options: $2, displayName: "statement.xml") } },
                                 seeds: camtSeeds)

    /// One store for the process, on a memory file system so the writes' fsyncs are cheap.
    static let ledger: Ledger = {
        let root = FuzzStores.folder("statements")
        return Ledger(store: try! Store(location: StoreLocation(root: root), imageProcessor: NoImages()))
    }()

    /// The file each input is written to before its importer reads it.
    static let input: URL = FuzzStores.folder("statement-input").appendingPathComponent("statement")

    /// The options of every import: a currency (QIF requires one, the others fall back to it) and an account.
    static let options: LedgerImportOptions = {
        var options = LedgerImportOptions()
        options.currency = try! Currency(code: "EUR")
        options.account = "fuzz"
        return options
    }()

    /// Runs the checks on `data` read by the importer `make` builds for a file.
    static func check(_ data: Data, _ name: String, _ make: (URL, Ledger, LedgerImportOptions) -> any Importer) {
        do {
            try data.write(to: input)
        } catch {
            fatalError("keepsake-fuzz: cannot write the input file \(input.path): \(error)")
        }
        let importer = make(input, ledger, options)
        guard let plan = planned(importer, name) else { return }
        guard let again = planned(importer, name) else { fatalError("keepsake-fuzz: \(name): the same bytes planned once and refused once") }
        require(plan.items.map(\.id) == again.items.map(\.id) && plan.items.map(\.summary) == again.items.map(\.summary)
                    && plan.skipped.count == again.skipped.count && plan.refused.count == again.refused.count,
                "\(name): the same bytes planned twice gave two plans")
        require(Set(plan.items.map(\.id)).count == plan.items.count, "\(name): two planned transactions share an id")
        require(plan.found == plan.items.count + plan.skipped.count + plan.refused.count, "\(name): found is not items + skipped + refused")
        guard !plan.items.isEmpty else { return }
        let writer = ImportWriter(store: ledger.store)
        do {
            let first = try writer.write(plan)
            require(first.imported.count == plan.items.count && first.refused.count == plan.refused.count,
                    "\(name): \(plan.items.count) planned, \(first.imported.count) imported, \(first.refused.count - plan.refused.count) refused by the store")
            for item in plan.items {
                require(try ledger.store.recordIfPresent(item.id) != nil, "\(name): imported transaction \(item.id) does not read back")
            }
            let second = try writer.write(plan)
            require(second.imported.isEmpty, "\(name): importing the same plan again imported \(second.imported.count) more")
            for item in plan.items { try ledger.store.purge(item.id) }
        } catch let error as KeepsakeError {
            fatalError("keepsake-fuzz: \(name): the store refused a planned import: \(error.code.rawValue): \(error.message)")
        } catch {
            fatalError("keepsake-fuzz: \(name): writing the plan threw an untyped error: \(error)")
        }
    }

    /// The importer's plan, `nil` for a typed refusal; an untyped error stops the process.
    private static func planned(_ importer: any Importer, _ name: String) -> ImportPlan? {
        do {
            return try importer.plan()
        } catch is KeepsakeError {
            return nil
        } catch {
            fatalError("keepsake-fuzz: \(name): plan() threw an untyped error: \(error)")
        }
    }

    // MARK: - Seeds: the corpus' statements and one of each kind made here

    static func ofxSeeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["imports/ofx"], extensions: [".ofx", ".qfx"], maxBytes: 256 << 10, into: folder)
        let sgml = """
            OFXHEADER:100
            DATA:OFXSGML
            CHARSET:1252

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
            <BANKACCTFROM><BANKID>123<ACCTID>456</BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20230509120000.000[-5:EST]<TRNAMT>-12.50<FITID>A1<NAME>Caf&amp;eacute;
            </STMTTRN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20230510<TRNAMT>100<FITID>A1<MEMO>repeated id</STMTTRN></BANKTRANLIST>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        try Data(sgml.utf8).write(to: folder.appendingPathComponent("built-sgml.ofx"))
    }

    static func qifSeeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["imports/qif"], extensions: [".qif"], maxBytes: 256 << 10, into: folder)
        let qif = "!Type:Bank\nD01/02'24\nT-12.50\nPMarket\nLFood:Groceries/home\n^\nD1.2.2024\nU1,000.00\nMsalary\n^\n"
            + "D01/02'24\nT-12.50\nPMarket\nLFood:Groceries/home\n^\nD3/4/24\nT-40\nL[Savings]\n^\nD5/6/24\nT-9\nSFood\n$-4\nEhalf\nSHome\n$-5\n^\n"
        try Data(qif.utf8).write(to: folder.appendingPathComponent("built.qif"))
    }

    static func camtSeeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["imports/camt"], extensions: [".xml"], maxBytes: 256 << 10, into: folder)
        let camt = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
            <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
            <Ntry><NtryRef>1</NtryRef><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt>
            <NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Market</Nm></Cdtr></RltdPties><RmtInf><Ustrd>groceries</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
            <Ntry><AcctSvcrRef>R2</AcctSvcrRef><Amt Ccy="USD">100</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts><ValDt><Dt>2024-01-03</Dt></ValDt></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """
        try Data(camt.utf8).write(to: folder.appendingPathComponent("built-camt053.xml"))
    }
}
