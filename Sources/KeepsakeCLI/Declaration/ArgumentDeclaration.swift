/// What the parser, the usage line and the help know of one positional argument (`ID`, `FILE...`,
/// `[YYYY-MM]`): its placeholder, how many values it takes and a hint for the message when it is
/// missing. An ``Argument`` property makes it from its own declaration and its type.
struct ArgumentDeclaration: Sendable {
    /// How many values an argument takes.
    enum Count: Sendable, Equatable {
        /// Exactly one (a property that is not optional).
        case one
        /// None or one (`[YYYY-MM]`: an optional property).
        case optional
        /// All the remaining words, at least this many (`FILE...`: an array).
        case many(atLeast: Int)
    }

    /// `ID`.
    let placeholder: String
    /// How many values it takes.
    let count: Count
    /// A few words saying what is expected, for the message when it is missing.
    let hint: String?

    /// The fewest values it takes.
    var minimum: Int {
        switch count {
        case .one: 1
        case .optional: 0
        case .many(let atLeast): atLeast
        }
    }

    /// The most values it takes (`nil`: all that are left).
    var maximum: Int? {
        switch count {
        case .one, .optional: 1
        case .many: nil
        }
    }

    /// How it is written in usage lines: `ID`, `[YYYY-MM]`, `FILE...`.
    var synopsis: String {
        switch count {
        case .one: placeholder
        case .optional: "[\(placeholder)]"
        case .many(let atLeast): atLeast > 0 ? placeholder + "..." : "[\(placeholder)]..."
        }
    }
}
