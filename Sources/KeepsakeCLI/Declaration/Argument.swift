/// A positional argument (`ID`, `FILE...`, `[YYYY-MM]`), declared once as a property of a
/// command's options: its placeholder, how it is read, and a hint for the message when it is
/// missing. The property's type says how many values it takes: `RecordID` exactly one,
/// `CalendarMonth?` none or one, `[String]` all the words that are left (`atLeast:` of them). A
/// command's arguments come in the order they are declared; only the last may be an array.
///
/// ```swift
/// @Argument(.recordID, hint: "as add and list print it") var id: RecordID
/// ```
@propertyWrapper
struct Argument<Value: Sendable>: Sendable {
    /// Its placeholder, count and hint, for the parser and the help.
    let declaration: ArgumentDeclaration
    /// The value read from the command line; `nil` outside a parse.
    private let value: Value?

    /// The value given.
    var wrappedValue: Value {
        guard let value else { preconditionFailure("\(declaration.placeholder) was read outside a parsed command line") }
        return value
    }

    /// The declaration.
    var projectedValue: ArgumentDeclaration { declaration }

    /// An argument that must be given once, read by `parser`, shown as `placeholder` (the
    /// parser's own by default); `hint` says in a few words what is expected.
    init(_ parser: ValueParser<Value>, _ placeholder: String? = nil, hint: String? = nil) {
        self.init(placeholder ?? parser.placeholder, .one, hint: hint) { placeholder, texts in
            try texts.first.map { try parser.parse($0, placeholder) }
        }
    }

    /// An argument that may be left out (`nil`).
    init<Wrapped>(_ parser: ValueParser<Wrapped>, _ placeholder: String? = nil, hint: String? = nil) where Value == Wrapped? {
        self.init(placeholder ?? parser.placeholder, .optional, hint: hint) { placeholder, texts in
            .some(try texts.first.map { try parser.parse($0, placeholder) })
        }
    }

    /// All the words that are left, at least `atLeast` of them, in order.
    init<Element>(_ parser: ValueParser<Element>, _ placeholder: String? = nil, atLeast: Int = 0, hint: String? = nil) where Value == [Element] {
        self.init(placeholder ?? parser.placeholder, .many(atLeast: atLeast), hint: hint) { placeholder, texts in
            try texts.map { try parser.parse($0, placeholder) }
        }
    }

    /// Declares the argument and, inside a parse, reads its value from the words given for it.
    private init(_ placeholder: String, _ count: ArgumentDeclaration.Count, hint: String?, read: (String, [String]) throws -> Value?) {
        declaration = ArgumentDeclaration(placeholder: placeholder, count: count, hint: hint)
        value = ParseScope.current?.read(.argument) { scope in try read(placeholder, scope.positionals(of: placeholder)) } ?? nil
    }
}
