import Foundation
import KeepsakeSupport

/// `bank-csv`: KeepsakeSupport's `CSVReader` as the importers use it (lenient quoting; `,`, `;`, tab
/// and a two-byte `§` as separators) on any bytes. Rows come in order and never empty; where the
/// strict reader finds no problem at all, the lenient one reads the same rows; the well-formed rows,
/// written with `CSV.document` and read strictly, come back the same.
enum BankCSVFuzzing {
    static let target = FuzzTarget(name: "bank-csv", summary: "CSVReader (lenient, 4 separators): agrees with strict, write-then-read the same",
                                   check: check, seeds: seeds)

    static let separators: [Character] = [",", ";", "\t", "§"]

    static func check(_ data: Data) {
        let bytes = [UInt8](data)
        // The first byte chooses the separator, so every separator meets every shape of input.
        let separator = separators[Int(bytes.first ?? 0) % separators.count]
        let rows = CSVReader(separator: separator, quoting: .lenient).rows(bytes)
        var line = 0
        for row in rows {
            require(row.line > line, "rows out of order: line \(row.line) after \(line)")
            line = row.line
            require(!row.fields.isEmpty, "a row without fields on line \(row.line)")
            require(row.problem == nil || row == rows.last, "a row with a problem before the last row, on line \(row.line)")
        }
        let strict = CSVReader(separator: separator, quoting: .strict).rows(bytes)
        if strict.allSatisfy({ $0.problem == nil }) {
            require(strict == rows, "strict and lenient readers disagree on \(strict.prefix(2)) / \(rows.prefix(2))")
        }
        // Well-formed rows written as comma-separated text read back the same, except a row of one
        // empty field (written as an empty line, which the reader skips) and a first field starting
        // with a byte-order mark (which the reader skips).
        let kept = rows.filter { $0.problem == nil && $0.fields != [""] }.map(\.fields)
        guard !kept.isEmpty, !(kept[0].first?.hasPrefix("\u{FEFF}") ?? false) else { return }
        let again = CSVReader(quoting: .strict).rows(CSV.document(kept))
        require(again.map(\.fields) == kept && again.allSatisfy { $0.problem == nil },
                "CSV.document then the strict reader changed \(kept.prefix(3)) into \(again.prefix(3).map(\.fields))")
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["imports/bank-csv", "imports/firefly-csv", "imports/daylio"], extensions: [".csv"], maxBytes: 256 << 10, into: folder)
        try Data(";Datum;Betrag;\"Verwendungs\nzweck\"\r\n;02.01.2024;-12,50;\"Caf\u{E9} \"\"X\"\"\"x\r".utf8)
            .write(to: folder.appendingPathComponent("built-semicolon.csv"))
    }
}
