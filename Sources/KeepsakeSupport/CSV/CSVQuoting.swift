/// How a ``CSVReader`` takes double quotes that RFC 4180 does not allow where they stand.
///
/// Both read a field that begins with a double quote as quoted (separators, line breaks and doubled
/// quotes inside it are text) and report a quote never closed; they differ in the quotes around it.
public enum CSVQuoting: Sendable, Hashable {
    /// RFC 4180 to the letter, for Keepsake's own ledger CSV: a quote inside an unquoted field, or
    /// text after a closing quote, makes the row malformed (``CSV/Row/problem``); the text after a
    /// closing quote is dropped up to the end of the line.
    case strict
    /// As banks' and other apps' exports are written: a quote inside an unquoted field is text, and
    /// text after a closing quote continues the field (`"ab"cd` is `abcd`); only a quote never
    /// closed is a problem.
    case lenient

    /// The problem of a row whose quoted field is still open at the end of the text.
    var unclosedQuote: String {
        switch self {
        case .strict: "a quoted field is never closed (a double quote is missing before the end of the file)"
        case .lenient: "a quoted field is not closed before the end of the file"
        }
    }
}
