import Foundation

/// Day One's plain-text export of an entry (Markdown) made into a diary text.
enum DayOneText {
    /// What a text became: its title (a first-line heading), its parts, and what was dropped.
    struct Result {
        var title: String?
        var text: DiaryText
        var danglingLinks: Int
    }

    /// Undoes Day One's backslash escapes, takes a first-line heading (`# Title`) as the title,
    /// and turns each `dayone-moment://ID` link into a reference to the entry's photo `ID`, a note for
    /// a video, audio or PDF (`media[ID]`), or nothing when it names nothing the entry has.
    /// (`undoEscapes` false keeps backslashes as written, for Markdown that is not Day One's.)
    static func convert(_ raw: String, photos: Set<String>, media: [String: String], undoEscapes: Bool = true) -> Result {
        let unified = raw.replacingOccurrences(of: "\r\n", with: "\n")
        var text = undoEscapes ? MarkdownEscapes.undo(unified) : unified
        var title: String?
        if let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
           let heading = firstLine.wholeMatch(of: /#{1,6}[ \t]+(.+?)[ \t#]*/), !heading.1.contains("dayone-moment:") {
            title = String(heading.1).trimmingCharacters(in: .whitespaces)
            text = String(text.dropFirst(firstLine.count))
        }
        var parts: [DiaryText.Part] = []
        var dangling = 0
        var rest = text[...]
        let link = /!?\[[^\]\n]*\]\(dayone-moment:\/{1,2}(?:([A-Za-z]+)\/)?([A-Za-z0-9-]+)\)/
        while let match = rest.firstMatch(of: link) {
            parts.append(.text(String(rest[..<match.range.lowerBound])))
            let identifier = String(match.2)
            if photos.contains(identifier) {
                parts.append(.photo(identifier))
            } else if let description = media[identifier] {
                parts.append(.text("[\(description)]"))
            } else {
                dangling += 1
            }
            rest = rest[match.range.upperBound...]
        }
        parts.append(.text(String(rest)))
        return Result(title: title, text: tidy(parts), danglingLinks: dangling)
    }

    /// No blank space at the start or the end, no more than one blank line in a row.
    static func tidy(_ parts: [DiaryText.Part]) -> DiaryText {
        var joined: [DiaryText.Part] = []
        for part in parts {
            if case .text(let text) = part, case .text(let previous)? = joined.last {
                joined[joined.count - 1] = .text(previous + text)
            } else {
                joined.append(part)
            }
        }
        var result: [DiaryText.Part] = []
        for (index, part) in joined.enumerated() {
            guard case .text(var text) = part else { result.append(part); continue }
            while text.contains("\n\n\n") { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
            if index == 0 { text = String(text.drop { $0.isWhitespace }) }
            if index == joined.count - 1 { while let last = text.last, last.isWhitespace { text.removeLast() } }
            if !text.isEmpty { result.append(.text(text)) }
        }
        return DiaryText(result)
    }
}
