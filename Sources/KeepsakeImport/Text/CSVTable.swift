/// A CSV file read into rows, with the separator a bank chose (`,`, `;`, tab, `|`), RFC 4180
/// quoting (a quoted field may hold separators, doubled quotes and line breaks), and any line
/// ending: CR LF, LF, or the bare CR of classic Mac exports.
public struct CSVTable: Sendable, Hashable {
    /// One row: its fields and the 1-based line of the file it starts on.
    public struct Row: Sendable, Hashable {
        /// The fields, unquoted.
        public var fields: [String]
        /// The line the row starts on (1 is the first line of the file).
        public var line: Int
        /// What is wrong with the row's quoting, if anything (a quote left open at the end of the file).
        public var problem: String?
    }

    /// The rows, blank lines left out.
    public var rows: [Row]

    /// Reads `text` with `separator` between fields.
    public init(_ text: String, separator: Character = ",") {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var quotedField = false
        var line = 1
        var rowLine = 1
        var atFieldStart = true
        var characters = Array(text)[...]

        func endField() {
            fields.append(field)
            field = ""
            quotedField = false
            atFieldStart = true
        }
        func endRow() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                rows.append(Row(fields: fields, line: rowLine))
            }
            fields = []
        }

        while let character = characters.popFirst() {
            if inQuotes {
                if character == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
                        field.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    if character == "\r\n" || character == "\n" || character == "\r" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case separator:
                endField()
            case "\r\n", "\n", "\r":
                endRow()
                line += 1
                rowLine = line
            case "\"" where atFieldStart:
                inQuotes = true
                quotedField = true
                atFieldStart = false
            default:
                field.append(character)
                atFieldStart = false
            }
        }
        if inQuotes {
            endField()
            rows.append(Row(fields: fields, line: rowLine, problem: "a quoted field is not closed before the end of the file"))
        } else if !field.isEmpty || !fields.isEmpty || quotedField {
            endRow()
        }
        self.rows = rows
    }
}
