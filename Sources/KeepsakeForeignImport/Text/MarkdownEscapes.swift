/// Backslash escapes of Markdown (`\.`, `\-`, `\(`, `\!`), which Day One writes before almost every
/// punctuation mark of its plain-text export.
enum MarkdownEscapes {
    /// `text` with each backslash before an ASCII punctuation character removed, except inside
    /// code: fenced blocks (```` ``` ````) and inline spans (`` `…` ``) are kept as written.
    static func undo(_ text: String) -> String {
        var result = ""
        var inFence = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            if number > 0 { result += "\n" }
            if line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```") {
                inFence.toggle()
                result += line
                continue
            }
            if inFence {
                result += line
                continue
            }
            var inSpan = false
            var characters = line[...]
            while let character = characters.popFirst() {
                if character == "`" {
                    inSpan.toggle()
                    result.append(character)
                } else if character == "\\", !inSpan, let next = characters.first, next.isASCII, next.isPunctuation || next.isSymbol {
                    result.append(next)
                    characters.removeFirst()
                } else {
                    result.append(character)
                }
            }
        }
        return result
    }
}

private extension Substring {
    func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
