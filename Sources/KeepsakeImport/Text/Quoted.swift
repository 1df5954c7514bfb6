/// Text from an export as it appears in a message: in double quotes, at most 60 characters, control
/// characters written as `\u{…}`, so a message stays one line.
enum Quoted {
    static func text(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(60)) + "…" : text
        let escaped = short.unicodeScalars.map { scalar -> String in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return "\"" + escaped + "\""
    }
}
