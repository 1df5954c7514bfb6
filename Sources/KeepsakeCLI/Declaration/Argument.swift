/// A positional argument (`ID`, `FILE...`, `[YYYY-MM]`), declared once: its placeholder, how it is
/// read, how many there may be, and a hint for the message when it is missing. A command lists its
/// arguments in order in ``Command/arguments``; only the last may take ``Count/many(atLeast:)``.
struct Argument<Value: Sendable>: ArgumentDeclaration {
    /// How many values an argument takes.
    enum Count: Sendable, Equatable {
        /// Exactly one.
        case one
        /// None or one (`[YYYY-MM]`).
        case optional
        /// All the remaining words, at least this many (`FILE...`).
        case many(atLeast: Int)
    }

    let placeholder: String
    /// How each value is read.
    let value: ValueParser<Value>
    let count: Count
    let hint: String?

    /// Declares an argument read by `value`, shown as `placeholder` (the parser's own by default);
    /// `hint` says in a few words what is expected ("a zip, a folder or a journal's JSON file").
    init(_ value: ValueParser<Value>, _ placeholder: String? = nil, count: Count = .one, hint: String? = nil) {
        self.placeholder = placeholder ?? value.placeholder
        self.value = value
        self.count = count
        self.hint = hint
    }

    var minimum: Int {
        switch count {
        case .one: 1
        case .optional: 0
        case .many(let atLeast): atLeast
        }
    }

    var maximum: Int? {
        switch count {
        case .one, .optional: 1
        case .many: nil
        }
    }

    var synopsis: String {
        switch count {
        case .one: placeholder
        case .optional: "[\(placeholder)]"
        case .many(let atLeast): atLeast > 0 ? placeholder + "..." : "[\(placeholder)]..."
        }
    }

    func parseValue(_ text: String) throws -> any Sendable { try value.parse(text, placeholder) }
}

/// What the parser, the usage line and the help need to know of any positional argument.
protocol ArgumentDeclaration: Sendable {
    /// `ID`.
    var placeholder: String { get }
    /// A few words saying what is expected, for the message when it is missing.
    var hint: String? { get }
    /// The fewest values it takes.
    var minimum: Int { get }
    /// The most values it takes (`nil`: all that are left).
    var maximum: Int? { get }
    /// How it is written in usage lines: `ID`, `[YYYY-MM]`, `FILE...`.
    var synopsis: String { get }
    /// Reads one value given for it.
    func parseValue(_ text: String) throws -> any Sendable
}
