import Foundation

/// The start of a text on one line, for a card in a list (a diary entry's, a post's).
enum Excerpt {
    /// The first `length` characters of `text` on one line, with an ellipsis when cut.
    static func of(_ text: String, length: Int) -> String {
        // Printable ASCII without line breaks (most diary text in a list): one character per byte,
        // so the general path's line splitting, trimming and character counting (Foundation and
        // grapheme breaking) are done on the bytes instead.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let bytes = Array(utf8)
            guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return "" }
            let line = bytes[first...last]
            return line.count > length
                ? String(decoding: line.prefix(length), as: UTF8.self) + "…"
                : String(decoding: line, as: UTF8.self)
        }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return line.count > length ? String(line.prefix(length)) + "…" : line
    }
}
