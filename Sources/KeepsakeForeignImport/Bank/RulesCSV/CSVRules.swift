import Foundation
public import KeepsakeLedger
import KeepsakeStore

/// How to read one bank's CSV, in the spirit of hledger's `.rules` files: which column is what,
/// the date format, the decimal mark, the currency, lines to skip, and `if` blocks that set the
/// category, the memo or the kind of matching rows (docs/IMPORT.md has the whole format and an
/// example for a Korean bank):
///
/// ```
/// encoding     euc-kr
/// separator    ,
/// skip         1
/// fields       date, type, payee, note, amount-out, amount-in, balance, branch
/// date-format  %Y.%m.%d %H:%M:%S
/// currency     KRW
/// category     미분류
/// memo         %payee %note
/// if 스타벅스|커피
///   category 카페
/// ```
public struct CSVRules: Sendable, Hashable {
    /// What an `if` block does to the rows it matches.
    public enum Action: Sendable, Hashable {
        /// Sets the category (a template: `%field` and `%N` are replaced).
        case category(String)
        /// Sets the memo (a template).
        case memo(String)
        /// Makes the row an expense or income whatever its sign.
        case kind(TransactionKind)
        /// Sets the currency (a template).
        case currency(String)
        /// Leaves the row out.
        case skip
    }

    /// One test of an `if` block: a case-insensitive regular expression matched against one field
    /// (`%field REGEX`) or the whole row joined with commas (`REGEX`).
    public struct Matcher: Sendable, Hashable {
        /// The field, or `nil` for the whole row.
        public var field: String?
        /// The pattern.
        public var pattern: String
    }

    /// An `if` block: it applies when any of its alternatives matches, an alternative being one
    /// matcher line and the `&` lines after it (all must match).
    public struct Condition: Sendable, Hashable {
        /// Alternatives; each is a list of matchers that must all match.
        public var alternatives: [[Matcher]]
        /// What it does.
        public var actions: [Action]
        /// The rules file's line of the `if`.
        public var line: Int
    }

    /// Between fields: `,` (default), `;`, tab, `|` or another single character.
    public var separator: Character = ","
    /// The file's encoding, when it should not be detected.
    public var encoding: TextEncoding?
    /// Rows before the data (the header), blank lines not counted. Default: 1.
    public var skip = 1
    /// The name of each column, lowercased; empty for a column that is not used (`_`).
    public var fields: [String] = []
    /// Formats tried in order for the `date` field. Default: ISO (`2024-03-12`, a time may follow).
    public var dateFormats: [DayFormat] = []
    /// The decimal mark of amounts: `.` (default) or `,`.
    public var decimalMark: Character = "."
    /// The currency, when no field gives it (a template).
    public var currency: String?
    /// The category of rows no `if` block gives one (default: the import's default category).
    public var category: String?
    /// The account the file belongs to (part of the ids of rows without an id).
    public var account: String?
    /// Whether a positive amount is money out (a card statement listing purchases as positive).
    public var positiveIsExpense = false
    /// The memo (a template); default: the `payee`, `description`, `memo`, `note` and `notes` fields.
    public var memo: String?
    /// The fields that tell rows apart when there is no `id` field; default: every named field.
    public var identity: [String]?
    /// The `if` blocks, in order (later ones win).
    public var conditions: [Condition] = []

    /// Field names with a meaning of their own.
    public static let specialFields = ["date", "amount", "amount-in", "amount-out", "currency", "payee", "description", "memo",
                                       "note", "notes", "category", "id", "kind"]

    /// Reads a rules file.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` naming the line of the first problem (an unknown
    ///   directive, a bad regular expression, no `date` or amount field).
    public init(parsing text: String) throws {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
        var current: Condition?
        var expectingMatchers = false
        func bad(_ number: Int, _ reason: String) -> KeepsakeError {
            KeepsakeError(.invalidArgument, "Line \(number) of the rules file: \(reason). See docs/IMPORT.md for the format.")
        }
        func finish() {
            if let condition = current { conditions.append(condition) }
            current = nil
            expectingMatchers = false
        }
        func matcher(_ text: String, _ number: Int) throws -> Matcher {
            var text = text.trimmingCharacters(in: .whitespaces)
            var field: String?
            if text.hasPrefix("%") {
                let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                field = name.lowercased()
                text = String(text.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
            }
            do { _ = try Regex(text) } catch { throw bad(number, "\(KeepsakeError.quoted(text)) is not a regular expression (\(error))") }
            return Matcher(field: field, pattern: text)
        }
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") {
                if trimmed.isEmpty, current != nil, !expectingMatchers { finish() }
                continue
            }
            let indented = raw.first?.isWhitespace == true
            let word = trimmed.prefix { !$0.isWhitespace }.lowercased()
            let rest = trimmed.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
            if indented, current != nil {
                expectingMatchers = false
                switch word {
                case "category": current!.actions.append(.category(rest))
                case "memo", "description", "comment": current!.actions.append(.memo(rest))
                case "currency": current!.actions.append(.currency(rest))
                case "skip": current!.actions.append(.skip)
                case "kind":
                    guard let kind = try? TransactionKind(parsing: rest) else { throw bad(number, "kind is expense or income, not \(KeepsakeError.quoted(rest))") }
                    current!.actions.append(.kind(kind))
                default: throw bad(number, "\(KeepsakeError.quoted(word)) is not something an if block can set (category, memo, kind, currency, skip)")
                }
                continue
            }
            if current != nil, expectingMatchers, word != "if" {
                if trimmed.hasPrefix("&") {
                    current!.alternatives[current!.alternatives.count - 1].append(try matcher(String(trimmed.dropFirst()), number))
                } else {
                    current!.alternatives.append([try matcher(trimmed, number)])
                }
                continue
            }
            finish()
            switch word {
            case "if":
                current = Condition(alternatives: [], actions: [], line: number)
                if !rest.isEmpty { current!.alternatives.append([try matcher(rest, number)]) }
                expectingMatchers = true
            case "separator":
                switch rest.lowercased() {
                case "tab", "\\t", "tsv": separator = "\t"
                case "comma", "csv": separator = ","
                case "semicolon", "ssv": separator = ";"
                case "space": separator = " "
                default:
                    guard rest.count == 1, let character = rest.first else { throw bad(number, "the separator is one character (or tab), not \(KeepsakeError.quoted(rest))") }
                    separator = character
                }
            case "encoding":
                guard let value = TextEncoding(name: rest) else { throw bad(number, "\(KeepsakeError.quoted(rest)) is not an encoding Keepsake reads (\(TextEncoding.acceptedNames))") }
                encoding = value
            case "skip":
                guard let value = Int(rest.isEmpty ? "1" : rest), value >= 0 else { throw bad(number, "skip takes a number of rows") }
                skip = value
            case "fields":
                fields = rest.split(separator: ",", omittingEmptySubsequences: false).map {
                    let name = $0.trimmingCharacters(in: .whitespaces).lowercased()
                    return name == "_" ? "" : name
                }
            case "date-format":
                dateFormats.append(DayFormat(rest))
            case "decimal-mark":
                guard rest == "." || rest == "," else { throw bad(number, "the decimal mark is . or ,") }
                decimalMark = rest.first!
            case "currency": currency = rest
            case "category": category = rest
            case "account": account = rest
            case "memo", "description": memo = rest
            case "identity":
                identity = rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            case "amounts":
                switch rest.lowercased() {
                case "expense-positive", "positive-is-expense": positiveIsExpense = true
                case "expense-negative", "negative-is-expense": positiveIsExpense = false
                default: throw bad(number, "amounts is expense-negative (the default) or expense-positive")
                }
            default:
                throw bad(number, "\(KeepsakeError.quoted(word)) is not a directive (encoding, separator, skip, fields, date-format, decimal-mark, currency, category, account, memo, identity, amounts, if)")
            }
        }
        finish()
        guard fields.contains("date") else {
            throw KeepsakeError(.invalidArgument, "The rules file has no `fields` line naming a date column; see docs/IMPORT.md for the format.")
        }
        guard fields.contains("amount") || fields.contains("amount-in") || fields.contains("amount-out") else {
            throw KeepsakeError(.invalidArgument, "The rules file's fields name no amount column (amount, or amount-in and amount-out); see docs/IMPORT.md for the format.")
        }
        if let block = conditions.first(where: { $0.alternatives.isEmpty }) {
            throw bad(block.line, "the if block has nothing to match")
        }
    }
}
