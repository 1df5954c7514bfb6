import Foundation
import KeepsakeImport

/// `qif`: `QIFImporter` on any bytes (currency EUR given, as QIF needs), with ``StatementFuzzing``'s checks.
enum QIFFuzzing {
    static let target = FuzzTarget(name: "qif", summary: "QIFImporter.plan, then written twice: typed errors, stable plans, as planned",
                                   check: check, seeds: seeds)

    static func check(_ data: Data) {
        StatementFuzzing.check(data, "qif") { QIFImporter(file: $0, ledger: $1, options: $2, displayName: "statement.qif") }
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["imports/qif"], extensions: [".qif"], maxBytes: 256 << 10, into: folder)
        let qif = "!Type:Bank\nD01/02'24\nT-12.50\nPMarket\nLFood:Groceries/home\n^\nD1.2.2024\nU1,000.00\nMsalary\n^\n"
            + "D01/02'24\nT-12.50\nPMarket\nLFood:Groceries/home\n^\nD3/4/24\nT-40\nL[Savings]\n^\nD5/6/24\nT-9\nSFood\n$-4\nEhalf\nSHome\n$-5\n^\n"
        try Data(qif.utf8).write(to: folder.appendingPathComponent("built.qif"))
    }
}
