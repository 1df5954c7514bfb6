import Foundation

/// HTML notes (Journey's entries, Daylio's formatted notes) as Markdown: paragraphs and line breaks
/// kept, headings as `#`, bold as `**`, italics as `*`, lists as `-` or `1.`, links as `[text](url)`,
/// quotes as `>`, rules as `---`; scripts, styles and images dropped, every other tag removed,
/// character references decoded, runs of spaces made one as a browser shows them.
enum HTMLText {
    /// Whether `text` looks like HTML (it has a tag such as `<p>`, `<br>`, `<div>` or `<b>`).
    static func looksLikeHTML(_ text: String) -> Bool {
        text.range(of: #"</?(p|br|div|span|b|i|em|strong|ul|ol|li|h[1-6]|a|blockquote|html|body|font|u|s|img|hr|pre|code)\b[^>]*>"#,
                   options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// `html` as Markdown.
    static func markdown(_ html: String) -> String {
        var output = ""
        var pendingSpace = false
        var lists: [(ordered: Bool, next: Int)] = []
        var quoteDepth = 0
        var preDepth = 0
        var skipDepth = 0
        var link: String?

        func lineStart() -> String { String(repeating: "> ", count: quoteDepth) }
        func newline(_ count: Int) {
            while output.hasSuffix(" ") { output.removeLast() }
            guard !output.isEmpty else { return }
            var have = 0
            for character in output.reversed() {
                if character == "\n" { have += 1 } else { break }
            }
            if have < count { output += String(repeating: "\n", count: count - have) }
            pendingSpace = false
        }
        func append(_ text: String) {
            if output.isEmpty || output.hasSuffix("\n") { output += lineStart() }
            output += text
        }

        var rest = html[...]
        while !rest.isEmpty {
            if rest.first == "<", let close = rest.firstIndex(of: ">"),
               let next = rest.dropFirst().first, next.isLetter || next == "/" || next == "!" {
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                if tag.hasPrefix("!") { continue }  // comments, doctype
                let closing = tag.hasPrefix("/")
                let body = closing ? tag.dropFirst() : tag
                let name = body.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if ["script", "style", "head", "title"].contains(name) {
                    skipDepth = max(0, skipDepth + (closing ? -1 : 1))
                    continue
                }
                guard skipDepth == 0 else { continue }
                switch name {
                case "br":
                    newline(1)
                case "p", "div", "section", "article", "header", "footer", "table", "tr":
                    newline(name == "p" ? 2 : 1)
                case "h1", "h2", "h3", "h4", "h5", "h6":
                    newline(2)
                    if !closing { append(String(repeating: "#", count: Int(String(name.dropFirst())) ?? 1) + " ") }
                case "ul", "ol":
                    if closing { _ = lists.popLast() } else { lists.append((name == "ol", 1)) }
                    newline(lists.isEmpty ? 2 : 1)
                case "li":
                    newline(1)
                    if !closing {
                        let indent = String(repeating: "  ", count: max(0, lists.count - 1))
                        if let last = lists.indices.last, lists[last].ordered {
                            append("\(indent)\(lists[last].next). ")
                            lists[last].next += 1
                        } else {
                            append("\(indent)- ")
                        }
                    }
                case "blockquote":
                    newline(2)
                    quoteDepth = max(0, quoteDepth + (closing ? -1 : 1))
                case "hr":
                    newline(2)
                    append("---")
                    newline(2)
                case "pre":
                    newline(2)
                    preDepth = max(0, preDepth + (closing ? -1 : 1))
                    append("```")
                    newline(1)
                case "b", "strong":
                    if pendingSpace { append(" "); pendingSpace = false }
                    append("**")
                case "i", "em":
                    if pendingSpace { append(" "); pendingSpace = false }
                    append("*")
                case "a":
                    if closing {
                        if let target = link { append("](\(target))") }
                        link = nil
                    } else if let href = attribute("href", in: String(body)), !href.isEmpty {
                        if pendingSpace { append(" "); pendingSpace = false }
                        link = href
                        append("[")
                    }
                default:
                    break
                }
                continue
            }
            // Text up to the next `<` (a `<` that starts no tag is text too).
            let end = rest.dropFirst().firstIndex(of: "<") ?? rest.endIndex
            let chunk = rest[..<end]
            rest = rest[end...]
            guard skipDepth == 0 else { continue }
            let text = HTMLEntities.decode(String(chunk))
            if preDepth > 0 {
                append(text)
                continue
            }
            for character in text {
                if character.isWhitespace && character != "\u{A0}" {
                    pendingSpace = true
                } else {
                    if pendingSpace, !(output.isEmpty || output.hasSuffix("\n") || output.hasSuffix(" ")) { output += " " }
                    pendingSpace = false
                    append(String(character))
                }
            }
        }
        // Tidy: no spaces at line ends, at most one blank line, nothing around the text.
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = String(line)
            while line.hasSuffix(" ") { line.removeLast() }
            return line.replacingOccurrences(of: "\u{A0}", with: " ")
        }
        var tidy: [String] = []
        for line in lines {
            if line.isEmpty, tidy.last?.isEmpty ?? true { continue }
            tidy.append(line)
        }
        while tidy.last?.isEmpty == true { tidy.removeLast() }
        return tidy.joined(separator: "\n")
    }

    /// The value of `name="…"` (or `'…'`) in a tag's text.
    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let match = tag.firstMatch(of: try! Regex("(?i)\\b\(name)\\s*=\\s*(\"([^\"]*)\"|'([^']*)'|([^\\s>]+))")) else { return nil }
        for index in [2, 3, 4] {
            if let value = match.output[index].substring { return HTMLEntities.decode(String(value)) }
        }
        return nil
    }
}
