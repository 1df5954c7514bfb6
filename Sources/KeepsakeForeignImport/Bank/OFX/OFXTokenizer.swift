/// The tags and text of an OFX body, SGML (1.x, leaf tags never closed) or XML (2.x) alike.
struct OFXTokenizer {
    /// One piece of the body.
    enum Token: Equatable {
        /// `<NAME>`, upper-cased, on its 1-based line.
        case open(String, line: Int)
        /// `</NAME>`.
        case close(String, line: Int)
        /// The text between two tags, as written (entities not decoded).
        case text(String)
    }

    /// The tokens of `body`; `firstLine` is the line of the file `body` starts on.
    static func tokens(_ body: String, firstLine: Int) -> [Token] {
        var tokens: [Token] = []
        var line = firstLine
        var text = ""
        var characters = Array(body)[...]
        while let character = characters.popFirst() {
            if character == "<" {
                if !text.isEmpty { tokens.append(.text(text)); text = "" }
                var tag = ""
                while let next = characters.popFirst(), next != ">" {
                    if next.isNewline { line += 1 }
                    tag.append(next)
                }
                if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }  // <?xml …?>, <?OFX …?>, comments
                let closing = tag.hasPrefix("/")
                var name = closing ? String(tag.dropFirst()) : tag
                let selfClosing = name.hasSuffix("/")
                if selfClosing { name.removeLast() }
                name = String(name.prefix { !$0.isWhitespace }).uppercased()
                guard !name.isEmpty else { continue }
                tokens.append(closing ? .close(name, line: line) : .open(name, line: line))
                if selfClosing { tokens.append(.close(name, line: line)) }
            } else {
                if character.isNewline { line += 1 }
                text.append(character)
            }
        }
        if !text.isEmpty { tokens.append(.text(text)) }
        return tokens
    }
}
