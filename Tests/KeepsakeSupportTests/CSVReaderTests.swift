import Testing
import KeepsakeSupport

@Suite struct CSVReaderTests {
    @Test func strictAndLenientAgreeOnWellFormedRowsAndDifferOnStrayQuotes() {
        let text = "a,\"b,c\"\r\n\"d\"\"e\",f\n"
        #expect(CSVReader(quoting: .strict).rows(text) == CSVReader(quoting: .lenient).rows(text))
        #expect(CSV.parse(text).map(\.fields) == [["a", "b,c"], ["d\"e", "f"]])

        let stray = "x\"y,\"ab\"cd,z\n"
        let lenient = CSVReader(quoting: .lenient).rows(stray)
        #expect(lenient.map(\.fields) == [["x\"y", "abcd", "z"]] && lenient[0].problem == nil)
        let strict = CSVReader(quoting: .strict).rows(stray)
        #expect(strict[0].problem?.contains("not quoted") == true)
    }

    @Test func anySeparatorIsMatchedAsItsBytes() {
        #expect(CSVReader(separator: ";").rows("a;\"b;c\";d\n").map(\.fields) == [["a", "b;c", "d"]])
        #expect(CSVReader(separator: "\t").rows("a\tb\r").map(\.fields) == [["a", "b"]])
        #expect(CSVReader(separator: "§").rows("a§b§\"§\"\n").map(\.fields) == [["a", "b", "§"]])
        // A quote, CR or LF cannot separate fields: the reader falls back to a comma.
        #expect(CSVReader(separator: "\"").separator == [UInt8(ascii: ",")])
    }

    @Test func aByteOrderMarkAndEmptyLinesAreSkippedAndLinesCounted() {
        let rows = CSVReader().rows("\u{FEFF}h1,h2\n\n\r\n\"two\nlines\",x\ny,z")
        #expect(rows.map(\.fields) == [["h1", "h2"], ["two\nlines", "x"], ["y", "z"]])
        #expect(rows.map(\.line) == [1, 4, 6])
    }
}
