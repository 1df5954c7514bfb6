import Foundation
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// Statements in every encoding banks use: UTF-8 with and without a byte-order mark, UTF-16,
/// windows-1252 and EUC-KR/CP949, detected or given.
@Suite struct TextEncodingTests {
    /// `text` converted to `encoding` by glibc's iconv command.
    static func iconv(_ text: String, to encoding: String) throws -> Data {
        let directory = TemporaryDirectory("iconv")
        let input = directory.appending("in.txt")
        try Data(text.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", encoding, input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "iconv to \(encoding) failed")
        return data
    }

    /// A fenced block of docs/IMPORT.md, after `<!-- example: NAME -->`.
    static func docsExample(_ name: String) throws -> String {
        let docs = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("docs/IMPORT.md"), encoding: .utf8)
        let marker = try #require(docs.range(of: "<!-- example: \(name) -->"))
        let rest = docs[marker.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        return String(rest[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test func theGLSStatementIsWindows1252AndItsUmlautsReadRight() throws {
        let data = try Data(contentsOf: ImportCorpus.url("bank-csv/reubano-csv2ofx/gls.csv"))
        #expect(String(data: data, encoding: .utf8) == nil, "the corpus file is not UTF-8")
        let (text, encoding) = try TextEncoding.decode(data)
        #expect(encoding == .windows1252)
        #expect(text.hasPrefix("Kontonummer;Buchungstag;Wertstellung;Auftraggeber/Empfänger;"))
        #expect(text.contains(";Betrag;Kontostand;Währung"))
    }

    @Test func aByteOrderMarkIsDroppedAndDecides() throws {
        let data = try Data(contentsOf: ImportCorpus.url("firefly-csv/ft-t-go-money/ff_withdrawal.csv"))
        #expect(data.starts(with: [0xEF, 0xBB, 0xBF]))
        let (text, encoding) = try TextEncoding.decode(data, declared: .windows1252)
        #expect(encoding == .utf8)
        #expect(text.hasPrefix("user_id,group_id,journal_id,"))
    }

    @Test func utf16StatementsWithAndWithoutAMarkImportLikeTheirUTF8Original() throws {
        let path = "bank-csv/reubano-csv2ofx/ingesp.csv"
        let text = try String(contentsOf: ImportCorpus.url(path), encoding: .utf8)
        let directory = TemporaryDirectory("utf16")
        let variants: [(String, Data)] = [
            ("le-bom.csv", Data([0xFF, 0xFE]) + (try #require(text.data(using: .utf16LittleEndian)))),
            ("be-bom.csv", Data([0xFE, 0xFF]) + (try #require(text.data(using: .utf16BigEndian)))),
            ("le.csv", try #require(text.data(using: .utf16LittleEndian))),
            ("be.csv", try #require(text.data(using: .utf16BigEndian))),
        ]
        let original = try ImportFixture()
        let originalReport = try original.run(try original.statement(path, rules: BankRules.files["ingesp.csv"]))
        let expected = try original.transactions()
        #expect(expected.count == 10)
        for (name, data) in variants {
            let file = directory.appending(name)
            try data.write(to: file)
            let fixture = try ImportFixture()
            let report = try fixture.run(try fixture.statement(file.path, rules: BankRules.files["ingesp.csv"]), refusals: .nothingIfAnyRefused)
            #expect(report.imported.count == 10, "\(name)")
            #expect(try fixture.transactions() == expected, "\(name)")
            // The same rows, so the same ids: a UTF-16 export after a UTF-8 one adds nothing.
            #expect(report.imported.map(\.id) == originalReport.imported.map(\.id), "\(name)")
        }
    }

    @Test func theKoreanBankExampleOfTheDocsImportsFromEUCKR() throws {
        let rules = try Self.docsExample("korean-bank-rules")
        let csv = try Self.docsExample("korean-bank-csv")
        let directory = TemporaryDirectory("korean")
        let file = directory.appending("kb.csv")
        let bytes = try Self.iconv(csv, to: "EUC-KR")
        #expect(String(data: bytes, encoding: .utf8) == nil, "EUC-KR bytes are not UTF-8")
        try bytes.write(to: file)
        let fixture = try ImportFixture()
        let report = try fixture.run(try fixture.statement(file.path, rules: rules), refusals: .nothingIfAnyRefused)
        #expect((report.imported.count, report.skipped.count, report.refused.count) == (5, 0, 0))
        #expect(try fixture.transactions() == [
            "2024-03-02 expense 5600 KRW 카페 | 스타벅스강남R점",
            "2024-03-02 expense 5600 KRW 카페 | 스타벅스강남R점",
            "2024-03-05 income 3200000 KRW 급여 | (주)키프세이크 3월 급여",
            "2024-03-07 expense 23000 KRW 미분류 | 김민지 저녁값",
            "2024-03-09 expense 48210 KRW 공과금 | 한국전력공사 전기요금",
        ])
        // The same bytes detected without the rules' encoding line, and a second import.
        let detected = try ImportFixture()
        let withoutEncoding = rules.replacingOccurrences(of: "encoding     euc-kr\n", with: "")
        #expect(try detected.run(try detected.statement(file.path, rules: withoutEncoding)).imported.count == 5)
        let again = try fixture.run(try fixture.statement(file.path, rules: rules))
        #expect((again.imported.count, again.skipped.count) == (0, 5))
    }

    @Test func cp949CharactersBeyondEUCKRAreReadToo() throws {
        // 똠 and 햏 are in CP949's extension, not in EUC-KR's KS X 1001 set.
        let text = "date,payee,amount\n2024-05-01,똠얌꿍 햏식당,-12000\n"
        let bytes = try Self.iconv(text, to: "CP949")
        #expect(try TextEncoding.decode(bytes).encoding == .cp949)
        #expect(try TextEncoding.decode(bytes).text == text)
        #expect(try TextEncoding.decode(bytes, declared: .eucKR).text == text)
    }

    @Test func bytesThatAreNotTheGivenEncodingAreRefusedWithAWayOut() throws {
        // A damaged copy: the UBS statement's UTF-8 "°" cut in half, read as the rules say (UTF-8).
        let directory = TemporaryDirectory("bad-encoding")
        var data = try Data(contentsOf: ImportCorpus.url("bank-csv/reubano-csv2ofx/ubs-ch-fr_trimmed.csv"))
        let degree = try #require(data.firstRange(of: Data([0xC2, 0xB0])))
        data.remove(at: degree.lowerBound)
        let file = directory.appending("ubs.csv")
        try data.write(to: file)
        let fixture = try ImportFixture()
        let rules = "encoding utf-8\n" + BankRules.files["ubs-ch-fr_trimmed.csv"]!
        let error = try #require(throws: KeepsakeError.self) { try fixture.statement(file.path, rules: rules).plan() }
        #expect(error.message == "The file is not valid utf-8 text; give its encoding with --encoding (utf-8, utf-16 (utf-16le, utf-16be), windows-1252, iso-8859-1, euc-kr, cp949).")
        // Detected instead, the stray byte reads as windows-1252 and the statement comes over.
        #expect(try fixture.run(try fixture.statement(file.path, rules: BankRules.files["ubs-ch-fr_trimmed.csv"])).imported.count == 3)
    }

    @Test func encodingNamesAreReadAsPeopleWriteThem() {
        #expect(TextEncoding(name: "UTF8") == .utf8)
        #expect(TextEncoding(name: "cp1252") == .windows1252)
        #expect(TextEncoding(name: "1252") == .windows1252)
        #expect(TextEncoding(name: "8859-1") == .latin1)
        #expect(TextEncoding(name: "EUC_KR") == .eucKR)
        #expect(TextEncoding(name: "ks_c_5601-1987") == .cp949)
        #expect(TextEncoding(name: "shift-jis") == nil)
    }
}
