import Foundation
public import KeepsakeLedger

/// How a statement writes its dates, as a `strftime`-style pattern: `%Y` (2024), `%y` (24: 00–69 are
/// 2000–2069, 70–99 are 1970–1999), `%m` and `%d` (one or two digits), `%b`/`%B` (month names in
/// English, German, French or Spanish, full or short: `Jan`, `März`, `févr.`), and, read but not
/// kept, `%H`, `%I`, `%M`, `%S`, `%p` (AM/PM) and `%z`/`%Z` (a zone). Any other character must be
/// there as written; a space matches any run of spaces. A transaction's day is the date as the bank
/// wrote it.
public struct DayFormat: Sendable, Hashable, CustomStringConvertible {
    /// The pattern.
    public let pattern: String

    /// A format with `pattern`; ``KeepsakeStore/KeepsakeError``-free: a pattern that can never match
    /// simply reads nothing.
    public init(_ pattern: String) { self.pattern = pattern }

    /// `2024-03-12`, optionally followed by a time (`T15:07:46+02:00`, ` 13:12`).
    public static let iso = DayFormat("%Y-%m-%d")

    /// The pattern.
    public var description: String { pattern }

    /// The day in `text`, or `nil` when it does not match.
    public func day(_ raw: String) -> LedgerDay? {
        let text = Array(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        var position = 0
        var year: Int?, month: Int?, day: Int?
        var pattern = Array(self.pattern)[...]
        func number(maxDigits: Int, minDigits: Int = 1) -> Int? {
            var value = 0, count = 0
            while position < text.count, count < maxDigits, let digit = text[position].wholeNumberValue, text[position].isASCII {
                value = value * 10 + digit
                position += 1
                count += 1
            }
            return count >= minDigits ? value : nil
        }
        while let token = pattern.popFirst() {
            if token == "%", let code = pattern.popFirst() {
                switch code {
                case "Y": guard let value = number(maxDigits: 4, minDigits: 4) else { return nil }; year = value
                case "y":
                    guard let value = number(maxDigits: 2, minDigits: 2) else { return nil }
                    year = value < 70 ? 2000 + value : 1900 + value
                case "m": guard let value = number(maxDigits: 2) else { return nil }; month = value
                case "d", "e": guard let value = number(maxDigits: 2) else { return nil }; day = value
                case "H", "I", "M", "S": guard number(maxDigits: 2) != nil else { return nil }
                case "b", "B", "h":
                    var word = ""
                    while position < text.count, text[position].isLetter || text[position] == "." {
                        word.append(text[position])
                        position += 1
                    }
                    guard let value = Self.month(named: word) else { return nil }
                    month = value
                case "p":
                    var word = ""
                    while position < text.count, text[position].isLetter || text[position] == "." {
                        word.append(text[position])
                        position += 1
                    }
                    guard ["am", "pm", "a.m.", "p.m."].contains(word.lowercased()) else { return nil }
                case "z", "Z":
                    while position < text.count, !text[position].isWhitespace { position += 1 }
                case "%":
                    guard position < text.count, text[position] == "%" else { return nil }
                    position += 1
                default:
                    return nil
                }
            } else if token.isWhitespace {
                guard position < text.count, text[position].isWhitespace else { return nil }
                while position < text.count, text[position].isWhitespace { position += 1 }
            } else {
                guard position < text.count, text[position] == token else { return nil }
                position += 1
            }
        }
        if position < text.count {
            // Only the ISO form may go on with a time.
            guard self == .iso, text[position] == "T" || text[position] == " " else { return nil }
        }
        guard let year, let month, let day else { return nil }
        return try? LedgerDay(year: year, month: month, day: day)
    }

    /// The month called `name` (case ignored, a trailing dot too), in English, German, French or Spanish.
    static func month(named name: String) -> Int? {
        let key = name.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard !key.isEmpty else { return nil }
        for (index, names) in monthNames.enumerated() where names.contains(key) { return index + 1 }
        // A prefix of at least three letters of a full name (Sept, Febr).
        if key.count >= 3 {
            for (index, names) in monthNames.enumerated() where names.contains(where: { $0.count > 3 && $0.hasPrefix(key) }) { return index + 1 }
        }
        return nil
    }

    private static let monthNames: [[String]] = [
        ["january", "jan", "januar", "jän", "janvier", "janv", "enero", "ene"],
        ["february", "feb", "februar", "février", "fevrier", "févr", "fevr", "febrero"],
        ["march", "mar", "märz", "maerz", "mrz", "mars", "marzo"],
        ["april", "apr", "avril", "avr", "abril", "abr"],
        ["may", "mai", "mayo"],
        ["june", "jun", "juni", "juin", "junio"],
        ["july", "jul", "juli", "juillet", "juil", "julio"],
        ["august", "aug", "août", "aout", "agosto", "ago"],
        ["september", "sep", "sept", "septembre", "septiembre"],
        ["october", "oct", "oktober", "okt", "octobre", "octubre"],
        ["november", "nov", "novembre", "noviembre"],
        ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic"],
    ]
}
