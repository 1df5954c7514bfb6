import Foundation
import KeepsakeImport

/// `ofx`: `OFXImporter` (OFX 1.x SGML and 2.x XML, QFX) on any bytes, with ``StatementFuzzing``'s checks.
enum OFXFuzzing {
    static let target = FuzzTarget(name: "ofx", summary: "OFXImporter.plan, then written twice: typed errors, stable plans, as planned",
                                   check: check, seeds: seeds)

    static func check(_ data: Data) {
        StatementFuzzing.check(data, "ofx") { OFXImporter(file: $0, ledger: $1, options: $2, displayName: "statement.ofx") }
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
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
}
