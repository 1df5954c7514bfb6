import Foundation
import KeepsakeLedger
import KeepsakeSupport

/// `csv`: the strict RFC 4180 reading of the ledger import (`CSV.parse`, KeepsakeSupport's `CSVReader`). Any bytes; the
/// well-formed rows, written again with `CSV.document` and read again, must come back the same.
enum CSVFuzzing {
    static let target = FuzzTarget(name: "csv", summary: "CSV.parse (ledger import): write-then-read gives the same rows", check: check, seeds: seeds)

    static func check(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let rows = CSV.parse(text)
        var line = 0
        for row in rows {
            require(row.line > line, "rows out of order: line \(row.line) after \(line)")
            line = row.line
            require(!row.fields.isEmpty, "a row without fields on line \(row.line)")
        }
        // The round trip holds for well-formed rows, except a row of one empty field (written as
        // an empty line, which the reader skips) and a first field starting with a byte-order mark.
        let kept = rows.filter { $0.problem == nil && $0.fields != [""] }.map(\.fields)
        guard !kept.isEmpty, !(kept[0].first?.hasPrefix("\u{FEFF}") ?? false) else { return }
        let again = CSV.parse(CSV.document(kept))
        require(again.map(\.fields) == kept && again.allSatisfy { $0.problem == nil },
                "CSV.document then CSV.parse changed \(kept.prefix(3)) into \(again.prefix(3).map(\.fields))")
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["imports"], extensions: [".csv"], maxBytes: 256 << 10, into: folder)
        try Data("id,date,kind,amount,currency,category,memo\r\n,2025-01-02,expense,12.50,EUR,food,\"a, \"\"quoted\"\" memo\"\r\n".utf8)
            .write(to: folder.appendingPathComponent("ledger-export.csv"))
    }
}
