import KeepsakeForeignImport
import KeepsakeStore

/// The values of the statement imports.
extension ValueParser where Value == TextEncoding {
    /// A text encoding by name (`utf-8`, `euc-kr`).
    static let textEncoding = ValueParser("NAME") { text, name in
        guard let encoding = TextEncoding(name: text) else {
            throw UsageError(description: "\(name) is one of \(TextEncoding.acceptedNames), not \(KeepsakeError.quoted(text)).")
        }
        return encoding
    }
}
