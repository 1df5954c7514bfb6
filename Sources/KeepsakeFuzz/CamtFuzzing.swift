import Foundation
import KeepsakeImport

/// `camt`: `CamtImporter` (camt.053/052/054 over KeepsakeSupport's `XMLTree`) on any bytes, with
/// ``StatementFuzzing``'s checks.
enum CamtFuzzing {
    static let target = FuzzTarget(name: "camt", summary: "CamtImporter.plan, then written twice: typed errors, stable plans, as planned",
                                   check: check, seeds: seeds)

    static func check(_ data: Data) {
        StatementFuzzing.check(data, "camt") { CamtImporter(file: $0, ledger: $1, options: $2, displayName: "statement.xml") }
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
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
