import KeepsakeStore

/// How one value on the command line is read: the placeholder that stands for it in usage lines
/// and help (`NAME`, `YYYY-MM`) and the parse, which throws a ``UsageError`` saying what is wrong.
///
/// The parsers every command shares are the static members below and in
/// `ValueParser+Keepsake.swift`; a new kind of value is one more static member.
struct ValueParser<Value: Sendable>: Sendable {
    /// The placeholder in usage lines and help.
    let placeholder: String
    /// Reads `text`, given for the option or argument called `name` (for messages).
    let parse: @Sendable (_ text: String, _ name: String) throws -> Value

    init(_ placeholder: String, parse: @escaping @Sendable (_ text: String, _ name: String) throws -> Value) {
        self.placeholder = placeholder
        self.parse = parse
    }

    /// A parser from an engine or app initialiser that throws a ``KeepsakeError`` for bad text: its
    /// message (which quotes the text) becomes the usage error.
    static func checked(_ placeholder: String, _ make: @escaping @Sendable (String) throws -> Value) -> ValueParser {
        ValueParser(placeholder) { text, _ in
            do { return try make(text) } catch let error as KeepsakeError { throw UsageError(description: error.message) }
        }
    }

    /// One of a few words, each standing for a value: `--per week|month`.
    static func choice(_ choices: [(word: String, value: Value)], placeholder: String? = nil, ignoringCase: Bool = false) -> ValueParser {
        let words = choices.map(\.word)
        return ValueParser(placeholder ?? words.joined(separator: "|")) { text, name in
            let key = ignoringCase ? text.lowercased() : text
            guard let match = choices.first(where: { $0.word == key }) else {
                let list = words.count > 3 ? "one of " + words.joined(separator: ", ") : Self.list(words, or: true)
                throw UsageError(description: "\(name) is \(list), not \(KeepsakeError.quoted(text)).")
            }
            return match.value
        }
    }

    /// `a, b or c` (`a and b` with `or: false`).
    static func list(_ words: [String], or: Bool) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + words.last!
    }
}

extension ValueParser where Value == String {
    /// Any text (`TEXT`, or another placeholder such as `NAME`).
    static func text(_ placeholder: String = "TEXT") -> ValueParser { ValueParser(placeholder) { text, _ in text } }
    /// A path on this machine (`FILE`), taken as given.
    static func file(_ placeholder: String = "FILE") -> ValueParser { text(placeholder) }
}

extension ValueParser where Value == Int {
    /// A whole number of any size (range checks are left to what it is given to).
    static let integer = ValueParser("N") { text, name in
        guard let number = Int(text) else { throw UsageError(description: "\(name) takes a whole number, not \(KeepsakeError.quoted(text)).") }
        return number
    }

    /// A whole number in `range`.
    static func integer(in range: ClosedRange<Int>, _ placeholder: String = "N") -> ValueParser {
        ValueParser(placeholder) { text, name in
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(description: "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(KeepsakeError.quoted(text)).")
            }
            return number
        }
    }

    /// A whole number of at least `range.lowerBound`.
    static func integer(in range: PartialRangeFrom<Int>, _ placeholder: String = "N") -> ValueParser {
        ValueParser(placeholder) { text, name in
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(description: "\(name) takes a whole number, \(range.lowerBound) or more, not \(KeepsakeError.quoted(text)).")
            }
            return number
        }
    }
}
