/// An option that takes a value (`--title TEXT`), declared once as a property of a command's
/// options: the declaration is its help line, the property its storage, and the property's type
/// says what it holds and whether it must be given. `Emotion` must be given, `Int?` may be left
/// out (the last one given wins), `[String]` may be repeated (every value in order):
///
/// ```swift
/// @Option("--emotion", .emotion, help: "How it felt.") var emotion: Emotion
/// @Option("--limit", .integer(in: 1...1000), help: "Entries per page, 1 to 1000; default 20.") var limit: Int?
/// @Option("--tag", .text("TAG"), help: "A tag; repeat for several.") var tags: [String]
/// ```
///
/// Each value is read by its ``ValueParser`` while the options are made from a command line
/// (``ParseScope``); a malformed one is a usage error before the command runs.
@propertyWrapper
struct Option<Value: Sendable>: Sendable {
    /// Its name, placeholder, help and required-ness, for the parser and the help.
    let declaration: OptionDeclaration
    /// The value read from the command line; `nil` outside a parse (and for a required option
    /// that was not given, which the parser refuses before anyone reads it).
    private let value: Value?

    /// The value given.
    var wrappedValue: Value {
        guard let value else { preconditionFailure("\(declaration.name) was read outside a parsed command line") }
        return value
    }

    /// The declaration, for rules between options (`\Self.$limit`).
    var projectedValue: OptionDeclaration { declaration }

    /// An option that must be given once (the last one given wins).
    init(_ name: String, _ parser: ValueParser<Value>, _ placeholder: String? = nil, help: String) {
        self.init(name, parser.placeholder, placeholder, required: true, repeatable: false, help: help) { texts in
            try texts.last.map { try parser.parse($0, name) }
        }
    }

    /// An option that may be left out (`nil`); the last one given wins.
    init<Wrapped>(_ name: String, _ parser: ValueParser<Wrapped>, _ placeholder: String? = nil, help: String) where Value == Wrapped? {
        self.init(name, parser.placeholder, placeholder, required: false, repeatable: false, help: help) { texts in
            .some(try texts.last.map { try parser.parse($0, name) })
        }
    }

    /// An option that may be given any number of times, every value kept in order (empty when
    /// it was not given).
    init<Element>(_ name: String, _ parser: ValueParser<Element>, _ placeholder: String? = nil, help: String) where Value == [Element] {
        self.init(name, parser.placeholder, placeholder, required: false, repeatable: true, help: help) { texts in
            try texts.map { try parser.parse($0, name) }
        }
    }

    /// Declares the option and, inside a parse, reads its value from the texts given for it.
    private init(_ name: String, _ parserPlaceholder: String, _ placeholder: String?, required: Bool, repeatable: Bool, help: String,
                 read: ([String]) throws -> Value?) {
        declaration = OptionDeclaration(name: name, aliases: [], placeholder: placeholder ?? parserPlaceholder, takesValue: true,
                                        isRequired: required, isRepeatable: repeatable, help: help)
        value = ParseScope.current?.read(.option) { scope in try read(scope.values(of: name)) } ?? nil
    }
}
