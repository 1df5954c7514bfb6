/// Comma-separated values as RFC 4180 describes them: the writer, the spreadsheet-formula guard, and
/// ``parse(_:)``, the strict reader of Keepsake's own ledger CSV (``CSVReader`` reads every dialect).
///
/// Writing: fields are joined with `,`; a field that contains a comma, a double quote, a carriage
/// return or a line feed is enclosed in double quotes, with each double quote inside doubled;
/// every row ends with CR LF. ``neutralizingFormula(_:)`` and ``restoringFormula(_:)`` keep
/// spreadsheets from running a field as a formula, and undo that on reading.
///
/// Reading (``parse(_:)``, ``CSVQuoting/strict``): UTF-8 text; rows end with CR LF, LF or a lone CR;
/// quoted fields may contain commas, doubled quotes and line breaks (kept exactly as written); an
/// optional byte-order mark at the start is skipped; empty lines are skipped. Unquoted fields are
/// taken exactly as written (spaces included). A malformed row (a quote inside an unquoted field,
/// text after a closing quote, a quote never closed) is returned with a ``Row/problem`` and the
/// reader goes on with the next line, so every bad row can be reported at once.
///
/// The text is scanned as UTF-8 bytes, never as `Character`s, so a quote followed by a combining
/// mark, or CR LF (one `Character` in Swift), is still seen for what it is.
public enum CSV {
    // MARK: - Writing

    /// One field, quoted when it has to be.
    public static func field(_ value: String) -> String {
        let special: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\r"), UInt8(ascii: "\n")]
        guard value.utf8.contains(where: special.contains) else { return value }
        var scalars = String.UnicodeScalarView()
        scalars.append("\"")
        for scalar in value.unicodeScalars {
            scalars.append(scalar)
            if scalar == "\"" { scalars.append("\"") }
        }
        scalars.append("\"")
        return String(scalars)
    }

    /// One row without its line ending.
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }

    /// A whole document: every row followed by CR LF.
    public static func document(_ rows: [[String]]) -> String {
        rows.map { line($0) + "\r\n" }.joined()
    }

    // MARK: - Spreadsheet formulas

    /// What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"): a cell that
    /// begins with `=`, `+`, `-`, `@`, a tab or a carriage return.
    static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"),
                                            UInt8(ascii: "\t"), UInt8(ascii: "\r")]

    /// `value` made safe to open in a spreadsheet, OWASP's way: a value that begins with one of
    /// ``formulaStarts`` gets a leading apostrophe, which spreadsheets take as "this cell is text"
    /// and do not show, so `=HYPERLINK(…)` or `+cmd|…` is shown, never run.
    ///
    /// A plain number (`-12.30`, `+5`, `-1,5`) is left as it is: it is a number, not a formula.
    /// A value that already begins with apostrophes followed by one of those characters gets one
    /// more apostrophe, so that ``restoringFormula(_:)`` gives back exactly the value written.
    public static func neutralizingFormula(_ value: String) -> String {
        guard startsLikeFormula(value.utf8.drop { $0 == UInt8(ascii: "'") }), !isPlainNumber(value) else { return value }
        return "'" + value
    }

    /// Undoes ``neutralizingFormula(_:)``: a cell that is an apostrophe followed by (apostrophes
    /// and) a formula start loses that one apostrophe; any other cell is returned as it is.
    public static func restoringFormula(_ cell: String) -> String {
        let bytes = cell.utf8
        guard bytes.first == UInt8(ascii: "'"), startsLikeFormula(bytes.dropFirst().drop { $0 == UInt8(ascii: "'") }) else { return cell }
        return String(cell.dropFirst())
    }

    private static func startsLikeFormula(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.first.map(formulaStarts.contains) ?? false
    }

    /// An optional sign, digits, and at most one decimal separator (`.` or `,`) with digits after it.
    private static func isPlainNumber(_ value: String) -> Bool {
        var bytes = Substring(value).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let isDigit: (UInt8) -> Bool = { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let whole = bytes.prefix(while: isDigit)
        guard !whole.isEmpty else { return false }
        var rest = bytes.dropFirst(whole.count)
        if let separator = rest.first, separator == UInt8(ascii: ".") || separator == UInt8(ascii: ",") {
            rest = rest.dropFirst()
            let fraction = rest.prefix(while: isDigit)
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        return rest.isEmpty
    }

    // MARK: - Reading

    /// Reads every row of `text` strictly (see the type's notes for the accepted syntax).
    public static func parse(_ text: String) -> [Row] {
        CSVReader(quoting: .strict).rows(text)
    }
}
