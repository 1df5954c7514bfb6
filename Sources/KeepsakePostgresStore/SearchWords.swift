import Foundation
import KeepsakeStore

/// The words full-text search matches, cut as the embedded store's FTS5 `unicode61` tokenizer
/// (`remove_diacritics 2`) cuts them, so both stores find the same records: runs of letters, digits,
/// marks and private-use characters, everything else a separator; lowercased, with diacritics
/// removed ("Déjà" → "deja"). Hangul is kept whole (decomposed and composed again), so "피크닉을"
/// is one word of which "피크닉" is a prefix.
///
/// PostgreSQL gets them as a `tsvector` made with `array_to_tsvector` (no parser, no dictionary:
/// the words are stored as given), and a search as a `tsquery` of prefix terms, so neither the
/// server's locale nor its text-search configuration changes what is found.
enum SearchWords {
    /// The longest word kept, in UTF-8 bytes; longer words (in records and in searches alike) are
    /// cut to it, well under PostgreSQL's 2 KB limit for one word.
    static let maximumWordBytes = 512
    /// The most bytes of distinct words kept for one record, under PostgreSQL's 1 MB limit for one
    /// `tsvector`.
    static let maximumRecordBytes = 900_000

    /// The distinct words of every text value of `fields` (strings and lists of strings; numbers
    /// and flags are not text), within ``maximumRecordBytes``.
    static func words(of fields: [String: FieldValue]) -> [String] {
        var seen = Set<String>()
        var words: [String] = []
        var bytes = 0
        func add(_ text: String) {
            for word in Self.words(in: text) where !seen.contains(word) {
                guard bytes + word.utf8.count <= maximumRecordBytes else { return }
                seen.insert(word)
                words.append(word)
                bytes += word.utf8.count
            }
        }
        for key in fields.keys.sorted() {
            switch fields[key]! {
            case .string(let text): add(text)
            case .strings(let list): list.forEach(add)
            case .integer, .bool: break
            }
        }
        return words
    }

    /// The words of `text`, in order, repeats included.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            guard !current.isEmpty else { return }
            words.append(cut(String(current)))
            current.removeAll()
        }
        for scalar in folded(text).unicodeScalars {
            if isWordScalar(scalar) { current.append(scalar) } else { flush() }
        }
        flush()
        return words
    }

    /// The `tsquery` text that finds records holding every word of `terms`, each also as a prefix;
    /// `nil` when the terms hold no word at all. Each word is quoted, so nothing in it is query syntax.
    static func query(_ terms: [String]) -> String? {
        let words = terms.flatMap(Self.words(in:))
        guard !words.isEmpty else { return nil }
        return words.map { word in
            "'" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "':*"
        }.joined(separator: " & ")
    }

    /// Lowercased, diacritics (nonspacing marks after canonical decomposition) removed, composed again.
    static func folded(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            kept.append(scalar)
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }

    /// Letters, digits, spacing and enclosing marks, private-use characters.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .spacingMark, .enclosingMark, .privateUse:
            return true
        default:
            return false
        }
    }

    /// `word` cut to ``maximumWordBytes`` at a character boundary.
    static func cut(_ word: String) -> String {
        guard word.utf8.count > maximumWordBytes else { return word }
        var result = ""
        var bytes = 0
        for character in word {
            let size = character.utf8.count
            guard bytes + size <= maximumWordBytes else { break }
            result.append(character)
            bytes += size
        }
        return result
    }
}
