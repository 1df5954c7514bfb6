/// An option that takes a value (`--title TEXT`), declared once: its name, how its value is read,
/// and its help. A command lists it in its ``Command/options``; the usage line, the help, the
/// parsing (`--title x` and `--title=x`) and the errors come from this declaration, and the command's
/// body reads the value typed: `call[title]` (the last one given), `call.all(tag)` (every one).
///
/// ```swift
/// static let limit = Option("--limit", .integer(in: 1...1000), help: "Entries per page, 1 to 1000; default 20.")
/// ```
struct Option<Value: Sendable>: OptionDeclaration {
    let name: String
    /// How its value is read.
    let value: ValueParser<Value>
    let placeholder: String
    let isRequired: Bool
    let isRepeatable: Bool
    let help: String

    /// Declares `name` (`--title`), read by `value`, shown as `placeholder` (the parser's own by
    /// default); `required` options must be given, `repeatable` ones may be given several times.
    init(_ name: String, _ value: ValueParser<Value>, _ placeholder: String? = nil, required: Bool = false, repeatable: Bool = false,
         help: String) {
        self.name = name
        self.value = value
        self.placeholder = placeholder ?? value.placeholder
        self.isRequired = required
        self.isRepeatable = repeatable
        self.help = help
    }

    /// The same option, required (a command that cannot run without it: `diary add --emotion`).
    var asRequired: Option {
        Option(name, value, placeholder, required: true, repeatable: isRepeatable, help: help)
    }

    var takesValue: Bool { true }

    func parseValue(_ text: String) throws -> any Sendable { try value.parse(text, name) }
}
