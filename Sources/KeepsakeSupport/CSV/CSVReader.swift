/// The one reader of comma-separated values in Keepsake: UTF-8 bytes in, ``CSV/Row``s out.
///
/// Rows end with CR LF, LF or a lone CR (classic Mac exports); empty lines are skipped; a byte-order
/// mark at the start is skipped. A field that begins with a double quote is quoted: separators,
/// line breaks (kept exactly as written) and doubled quotes inside it are text. The separator is any
/// character (`,`, `;`, tab, `|`, …), matched as its UTF-8 bytes. ``quoting`` says what a quote
/// elsewhere means. A malformed row is returned with its ``CSV/Row/problem`` and reading goes on,
/// so every bad row can be reported at once.
///
/// The text is scanned as bytes, never as `Character`s, so a quote followed by a combining mark, or
/// CR LF (one `Character` in Swift), is still seen for what it is.
public struct CSVReader: Sendable, Hashable {
    /// The UTF-8 bytes between two fields.
    public let separator: [UInt8]
    /// How quotes that RFC 4180 does not allow are taken.
    public let quoting: CSVQuoting

    /// A reader with `separator` between fields (a double quote, CR or LF cannot separate: they
    /// fall back to a comma).
    public init(separator: Character = ",", quoting: CSVQuoting = .lenient) {
        let bytes = Array(String(separator).utf8)
        let reserved: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "\r"), UInt8(ascii: "\n")]
        self.separator = bytes.isEmpty || bytes.contains(where: reserved.contains) ? [UInt8(ascii: ",")] : bytes
        self.quoting = quoting
    }

    /// Every row of `text`, read as its UTF-8 bytes.
    public func rows(_ text: String) -> [CSV.Row] {
        rows(Array(text.utf8))
    }

    /// Every row of `bytes` (UTF-8; an invalid sequence becomes U+FFFD in its field).
    public func rows(_ bytes: [UInt8]) -> [CSV.Row] {
        var scan = CSVScan(bytes: bytes, separator: separator, quoting: quoting)
        return scan.rows()
    }
}

/// One pass of a ``CSVReader`` over a text: the position, the line, the rows so far.
private struct CSVScan {
    let bytes: [UInt8]
    let separator: [UInt8]
    let quoting: CSVQuoting
    var index = 0
    var line = 1

    static let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    init(bytes: [UInt8], separator: [UInt8], quoting: CSVQuoting) {
        self.bytes = bytes
        self.separator = separator
        self.quoting = quoting
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Whether the separator starts at `index`.
    func atSeparator() -> Bool {
        guard index < bytes.count else { return false }
        if separator.count == 1 { return bytes[index] == separator[0] }
        return bytes[index...].starts(with: separator)
    }

    /// Whether `index` is at a line ending (or at the end of the text).
    func atLineEnd() -> Bool {
        index >= bytes.count || bytes[index] == Self.cr || bytes[index] == Self.lf
    }

    /// Consumes a line ending at `index` if there is one; returns whether there was.
    mutating func consumeLineEnd() -> Bool {
        guard index < bytes.count else { return false }
        if bytes[index] == Self.cr {
            index += index + 1 < bytes.count && bytes[index + 1] == Self.lf ? 2 : 1
        } else if bytes[index] == Self.lf {
            index += 1
        } else {
            return false
        }
        line += 1
        return true
    }

    mutating func rows() -> [CSV.Row] {
        var rows: [CSV.Row] = []
        while index < bytes.count {
            if consumeLineEnd() { continue }  // an empty line
            rows.append(row())
        }
        return rows
    }

    /// The row that starts at `index`, up to and including its line ending.
    mutating func row() -> CSV.Row {
        let startLine = line
        var fields: [String] = []
        var problem: String?
        while true {
            var field: [UInt8] = []
            if index < bytes.count, bytes[index] == Self.quote {
                guard readQuoted(into: &field) else {
                    fields.append(String(decoding: field, as: UTF8.self))
                    return CSV.Row(line: startLine, fields: fields, problem: quoting.unclosedQuote)
                }
                if !atSeparator(), !atLineEnd() {
                    switch quoting {
                    case .strict:
                        problem = problem ?? "text follows a closing quote in field \(fields.count + 1); inside a quoted field write a quote as two quotes (\"\")"
                        while !atLineEnd() { index += 1 }
                    case .lenient:
                        readUnquoted(into: &field)
                    }
                }
            } else {
                if readUnquoted(into: &field), quoting == .strict, problem == nil {
                    problem = "field \(fields.count + 1) contains a double quote but is not quoted; enclose the field in quotes and double the quotes inside"
                }
            }
            fields.append(String(decoding: field, as: UTF8.self))
            if atSeparator() {
                index += separator.count
                continue
            }
            _ = consumeLineEnd()
            return CSV.Row(line: startLine, fields: fields, problem: problem)
        }
    }

    /// Reads a quoted field from its opening quote; returns whether its closing quote was found.
    mutating func readQuoted(into field: inout [UInt8]) -> Bool {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                    field.append(Self.quote)
                    index += 2
                    continue
                }
                index += 1
                return true
            }
            if byte == Self.lf || (byte == Self.cr && !(index + 1 < bytes.count && bytes[index + 1] == Self.lf)) { line += 1 }
            field.append(byte)
            index += 1
        }
        return false
    }

    /// Reads field text up to the next separator or line ending; returns whether it held a quote.
    @discardableResult
    mutating func readUnquoted(into field: inout [UInt8]) -> Bool {
        var sawQuote = false
        while !atLineEnd(), !atSeparator() {
            if bytes[index] == Self.quote { sawQuote = true }
            field.append(bytes[index])
            index += 1
        }
        return sawQuote
    }
}
