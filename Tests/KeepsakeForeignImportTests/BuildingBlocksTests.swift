import Foundation
@testable import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing
import KeepsakeSupport

/// The parts the importers share: amounts read exactly, day formats, CSV rows on any line ending,
/// HTML notes made Markdown, Day One's escapes undone.
@Suite struct BuildingBlocksTests {
    @Test func amountsAreReadExactlyInEveryWayBanksWriteThem() throws {
        func cents(_ text: String, _ mark: Character = ".") throws -> String {
            let amount = try DecimalAmount(parsing: text, decimalMark: mark)
            let money = try amount.magnitude(in: .usd, rounding: nil).money
            return (amount.isNegative ? "-" : "") + money.amountString
        }
        #expect(try cents("-63,89", ",") == "-63.89")
        #expect(try cents("1.234,56", ",") == "1234.56")
        #expect(try cents("11'373.94") == "11373.94")
        #expect(try cents("$1,036.47") == "1036.47")
        #expect(try cents("(12.50)") == "-12.50")
        #expect(try cents("12.50-") == "-12.50")
        #expect(try cents("\u{2212}5") == "-5.00")
        #expect(try cents("+5") == "5.00")
        #expect(try cents("EUR 12.00") == "12.00")
        #expect(try cents("1 234,50 €", ",") == "1234.50")
        #expect(try cents("-3.77000") == "-3.77")
        #expect(try cents("0.1") == "0.10")
        #expect(throws: AmountProblem.self) { try DecimalAmount(parsing: "12.3.4") }
        #expect(throws: AmountProblem.self) { try DecimalAmount(parsing: "12.30,1") }
        #expect(throws: AmountProblem.self) { try DecimalAmount(parsing: "abc") }
        #expect(throws: AmountProblem.self) { try DecimalAmount(parsing: "") }
        let huge = try DecimalAmount(parsing: "99999999999999999999")
        #expect(throws: AmountProblem.self) { try huge.magnitude(in: .usd, rounding: nil) }
    }

    @Test func roundingFollowsTheChosenRule() throws {
        func rounded(_ text: String, _ rule: AmountRounding, _ currency: Currency = .usd) throws -> String {
            try DecimalAmount(parsing: text).magnitude(in: currency, rounding: rule).money.amountString
        }
        #expect(try rounded("3.775", .halfUp) == "3.78")
        #expect(try rounded("3.775", .halfEven) == "3.78")
        #expect(try rounded("3.785", .halfEven) == "3.78")
        #expect(try rounded("3.7851", .halfEven) == "3.79")
        #expect(try rounded("3.779", .down) == "3.77")
        #expect(try rounded("9.999", .halfUp) == "10.00")
        #expect(try rounded("1500.5", .halfEven, .krw) == "1500")
        #expect(try rounded("1501.5", .halfEven, .krw) == "1502")
        let problem = try #require(throws: AmountProblem.self) { try DecimalAmount(parsing: "100.5").magnitude(in: .krw, rounding: nil) }
        #expect(problem.description == "100.5 has 1 decimal place but KRW amounts are whole numbers; round it with --round half-up, half-even or down, or fix the file")
    }

    @Test func dayFormatsReadWhatTheySayAndNothingElse() {
        #expect(DayFormat("%d.%m.%Y").day("10.10.2017")?.string == "2017-10-10")
        #expect(DayFormat("%m/%d/%y").day("2/8/15")?.string == "2015-02-08")
        #expect(DayFormat("%d-%b-%y").day("23-Jan-15")?.string == "2015-01-23")
        #expect(DayFormat("%d %B %Y").day("3 März 2024")?.string == "2024-03-03")
        #expect(DayFormat("%d %b %Y").day("1 févr. 2024")?.string == "2024-02-01")
        #expect(DayFormat("%Y.%m.%d %H:%M:%S").day("2024.03.02 12:31:05")?.string == "2024-03-02")
        #expect(DayFormat("%m/%d/%Y %I:%M %p").day("01/10/2019 06:50 PM")?.string == "2019-01-10")
        #expect(DayFormat.iso.day("2025-06-17T15:07:46+02:00")?.string == "2025-06-17")
        #expect(DayFormat.iso.day("2021-02-03 13:12")?.string == "2021-02-03")
        #expect(DayFormat("%d.%m.%Y").day("2017-10-10") == nil)
        #expect(DayFormat("%m/%d/%Y").day("02/30/2024") == nil)
        #expect(DayFormat("%d/%m/%Y").day("24/03/2022 extra") == nil)
    }

    @Test func csvRowsKeepTheirLinesOnEveryLineEnding() {
        let rows = CSVReader(separator: ",").rows("a,b\r\"multi\nline\",2\rlast,\"quoted \"\"x\"\"\"\n\n")
        #expect(rows.map(\.fields) == [["a", "b"], ["multi\nline", "2"], ["last", "quoted \"x\""]])
        #expect(rows.map(\.line) == [1, 2, 4])
        let open = CSVReader(separator: ";").rows("a;\"never closed\n")
        #expect(open.last?.problem == "a quoted field is not closed before the end of the file")
    }

    @Test func htmlNotesBecomeMarkdown() {
        #expect(HTMLText.markdown("<p>One<br>two</p><p>Three &amp; <i>four</i></p>") == "One\ntwo\n\nThree & *four*")
        #expect(HTMLText.markdown("<h2>Title</h2><ol><li>a</li><li>b</li></ol><hr><blockquote>quote</blockquote>") == "## Title\n\n1. a\n2. b\n\n---\n\n> quote")
        #expect(HTMLText.markdown("<script>alert(1)</script>safe &lt;tag&gt; 3 < 4") == "safe <tag> 3 < 4")
        #expect(HTMLText.looksLikeHTML("<p>x</p>"))
        #expect(!HTMLText.looksLikeHTML("3 < 4 and 5 > 2"))
        #expect(HTMLEntities.decode("&amp;lt;x&amp;gt; &#233;&#xE9; &unknown;") == "&lt;x&gt; éé &unknown;")
    }

    @Test func dayOneEscapesAreUndoneOutsideCode() {
        #expect(MarkdownEscapes.undo(#"dot\. dash\- paren\( bang\! a\/b"#) == "dot. dash- paren( bang! a/b")
        #expect(MarkdownEscapes.undo("`keep\\.` and\n```\ncode\\-\n```\nout\\.") == "`keep\\.` and\n```\ncode\\-\n```\nout.")
        #expect(MarkdownEscapes.undo("a backslash \\ alone and \\n") == "a backslash \\ alone and \\n")
    }

    @Test func zipEntryNamesThatCouldEscapeAreLeftOut() {
        #expect(ZipExtractor.safeComponents("photos/a.jpeg") == ["photos", "a.jpeg"])
        #expect(ZipExtractor.safeComponents("Journal\\photos\\a.jpeg") == ["Journal", "photos", "a.jpeg"])
        #expect(ZipExtractor.safeComponents("../etc/passwd") == nil)
        #expect(ZipExtractor.safeComponents("/etc/passwd") == nil)
        #expect(ZipExtractor.safeComponents("photos/../../x") == nil)
        #expect(ZipExtractor.safeComponents("C:/x") == nil)
    }

    @Test func aZipWithAnEscapingEntryUnpacksTheRestAndNamesIt() throws {
        let directory = TemporaryDirectory("zip-escape")
        let zip = directory.appending("hostile.zip")
        try ZipMaker.write([ZipMaker.Entry(name: "../outside.json", data: Data("{}".utf8)),
                            ZipMaker.Entry(name: "inside.json", data: Data("{}".utf8))], to: zip)
        let folder = try ExportFolder.open(zip) { _ in true }
        #expect(folder.files() == ["inside.json"])
        #expect(folder.unsafeEntries == ["../outside.json"])
        #expect(!FileManager.default.fileExists(atPath: folder.root.deletingLastPathComponent().appendingPathComponent("outside.json").path))
    }

    @Test func aZipBombStopsAtTheLimit() throws {
        let directory = TemporaryDirectory("zip-bomb")
        let zip = directory.appending("bomb.zip")
        try ZipMaker.write([ZipMaker.Entry(name: "big.json", data: Data(repeating: 0x20, count: 4 << 20))], to: zip)
        #expect(try Data(contentsOf: zip).count < 100_000, "deflated")
        let error = try #require(throws: KeepsakeError.self) { try ExportFolder.open(zip, displayName: "bomb.zip", maxBytes: 1 << 20) { _ in true } }
        #expect(error.message.hasPrefix("The zip bomb.zip unpacks to more than the limit"))
    }
}
