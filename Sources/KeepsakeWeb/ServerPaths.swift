import KeepsakeStore

/// Keeps the server's own file-system paths out of what a client sees (API problems, error
/// messages on the pages, the store's status): a client learns what went wrong and what it is
/// about, never where the server keeps its files. The full message stays in the server's error
/// log. Paths inside the store (`attachments/<book>/…`, relative) are kept: they name a record's
/// file, not the server's disk.
enum ServerPaths {
    /// What stands in a message where an absolute path was.
    static let placeholder = "[a path on the server]"
    /// What stands where a staged upload's own name (`http-upload-<UUID>`) was.
    static let uploadPlaceholder = "the uploaded file"

    /// `text` with every absolute path (a `/` at the start of a word, followed by at least two
    /// components: `/srv/keepsake/x.jpg`) replaced by ``placeholder``, and every staged upload's
    /// name by ``uploadPlaceholder``. A sentence's full stop after a path stays.
    static func removed(from text: String) -> String {
        guard text.contains("/") || text.contains(uploadPrefix) else { return text }
        var shown = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let startsWord = index == text.startIndex || opensPath(text[text.index(before: index)])
            if character == "/", startsWord {
                var end = index
                while end < text.endIndex, !endsPath(text[end]) { end = text.index(after: end) }
                var token = text[index..<end]
                while token.last == "." { token = token.dropLast() }
                if token.dropFirst().contains("/") {
                    shown += placeholder
                    index = token.endIndex
                    continue
                }
            }
            shown.append(character)
            index = text.index(after: index)
        }
        return removingUploadNames(shown)
    }

    /// A backend's status as a client may see it: a location or figure that is an absolute path
    /// of the server's disk says what it is instead (`the store's folder on the server`).
    static func described(_ status: BackendStatus) -> BackendStatus {
        var shown = status
        if status.location.hasPrefix("/") {
            shown.location = status.kind == "sqlite" ? "the store's database file on the server" : "the store's folder on the server"
        }
        shown.figures = status.figures.map { $0.value.hasPrefix("/") ? BackendStatus.Figure($0.label, "a folder on the server") : $0 }
        return shown
    }

    /// The start of the name of every upload the HTTP layer stages.
    private static let uploadPrefix = "http-upload-"

    /// Whether a path may start right after `character` (the start of a word, a quote, a bracket).
    private static func opensPath(_ character: Character) -> Bool {
        character.isWhitespace || "\"'([{<=“‘".contains(character)
    }

    /// Whether `character` ends a path in a sentence.
    private static func endsPath(_ character: Character) -> Bool {
        character.isWhitespace || "\"'<>()[]{},;:”’".contains(character)
    }

    /// `text` with each `http-upload-` and the hex digits and dashes after it replaced.
    private static func removingUploadNames(_ text: String) -> String {
        var shown = text
        while let range = shown.range(of: uploadPrefix) {
            var end = range.upperBound
            while end < shown.endIndex, shown[end].isHexDigit || shown[end] == "-" { end = shown.index(after: end) }
            shown.replaceSubrange(range.lowerBound..<end, with: uploadPlaceholder)
        }
        return shown
    }
}
