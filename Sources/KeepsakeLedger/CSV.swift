/// A small reader and writer of comma-separated values as RFC 4180 describes them.
///
/// Writing: fields are joined with `,`; a field that contains a comma, a double quote, a carriage
/// return or a line feed is enclosed in double quotes, with each double quote inside doubled;
/// every row ends with CR LF. ``neutralizingFormula(_:)`` and ``restoringFormula(_:)`` keep
/// spreadsheets from running a field as a formula, and undo that on reading.
///
/// Reading: UTF-8 text; rows end with CR LF, LF or a lone CR; quoted fields may contain commas,
/// doubled quotes and line breaks (kept exactly as written); an optional byte-order mark at the
/// start is skipped; empty lines are skipped. Unquoted fields are taken exactly as written
/// (spaces included). A malformed row (a quote inside an unquoted field, text after a closing
/// quote, a quote never closed) is returned with a ``Row/problem`` and the reader goes on with the
/// next line, so every bad row can be reported at once.
///
/// The text is scanned as UTF-8 bytes, never as `Character`s, so a quote followed by a combining
/// mark, or CR LF (one `Character` in Swift), is still seen for what it is.
public enum CSV {
    /// One row as read, with the line it starts on.
    public struct Row: Sendable, Hashable {
        /// The 1-based line number where the row starts (a quoted field with line breaks makes a
        /// row span several lines).
        public var line: Int
        /// The fields, unquoted.
        public var fields: [String]
        /// Why the row is malformed, or `nil` when it is well formed.
        public var problem: String?
    }

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

    /// Reads every row of `text` (see the type's notes for the accepted syntax).
    public static func parse(_ text: String) -> [Row] {
        let bytes = Array(text.utf8)
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var rows: [Row] = []

        /// Consumes a line ending at `index` if there is one; returns whether there was.
        func consumeLineEnd() -> Bool {
            guard index < bytes.count else { return false }
            if bytes[index] == cr {
                index += index + 1 < bytes.count && bytes[index + 1] == lf ? 2 : 1
            } else if bytes[index] == lf {
                index += 1
            } else {
                return false
            }
            line += 1
            return true
        }

        while index < bytes.count {
            if consumeLineEnd() { continue }  // an empty line
            let startLine = line
            var fields: [String] = []
            var problem: String?
            rowLoop: while true {
                var field: [UInt8] = []
                if index < bytes.count, bytes[index] == quote {
                    index += 1
                    var closed = false
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte == quote {
                            if index + 1 < bytes.count, bytes[index + 1] == quote {
                                field.append(quote)
                                index += 2
                                continue
                            }
                            index += 1
                            closed = true
                            break
                        }
                        if byte == lf || (byte == cr && !(index + 1 < bytes.count && bytes[index + 1] == lf)) { line += 1 }
                        field.append(byte)
                        index += 1
                    }
                    if !closed {
                        problem = "a quoted field is never closed (a double quote is missing before the end of the file)"
                        fields.append(String(decoding: field, as: UTF8.self))
                        break rowLoop
                    }
                    if index < bytes.count, bytes[index] != comma, bytes[index] != cr, bytes[index] != lf {
                        problem = problem ?? "text follows a closing quote in field \(fields.count + 1); inside a quoted field write a quote as two quotes (\"\")"
                        while index < bytes.count, bytes[index] != cr, bytes[index] != lf { index += 1 }
                    }
                } else {
                    while index < bytes.count, bytes[index] != comma, bytes[index] != cr, bytes[index] != lf {
                        if bytes[index] == quote, problem == nil {
                            problem = "field \(fields.count + 1) contains a double quote but is not quoted; enclose the field in quotes and double the quotes inside"
                        }
                        field.append(bytes[index])
                        index += 1
                    }
                }
                fields.append(String(decoding: field, as: UTF8.self))
                if index < bytes.count, bytes[index] == comma {
                    index += 1
                    continue
                }
                _ = consumeLineEnd()
                break
            }
            rows.append(Row(line: startLine, fields: fields, problem: problem))
        }
        return rows
    }
}
