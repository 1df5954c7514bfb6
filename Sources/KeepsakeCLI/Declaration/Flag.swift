/// A switch (`--trash`), declared once as a `Bool` property of a command's options: its name and
/// its help. It takes no value (`--trash=x` is a usage error) and is `true` when given.
///
/// ```swift
/// @Flag("--trash", help: "Entries in the trash.") var trash: Bool
/// ```
@propertyWrapper
struct Flag: Sendable {
    /// Its name, aliases and help, for the parser and the help.
    let declaration: OptionDeclaration
    /// Whether it was given.
    let wrappedValue: Bool

    /// The declaration, for rules between options (`\Self.$trash`).
    var projectedValue: OptionDeclaration { declaration }

    /// Declares the switch `name` (`--trash`), also accepted as each of `aliases`.
    init(_ name: String, aliases: [String] = [], help: String) {
        declaration = OptionDeclaration(name: name, aliases: aliases, placeholder: "", takesValue: false, isRequired: false,
                                        isRepeatable: false, help: help)
        wrappedValue = ParseScope.current?.isGiven(name) ?? false
    }
}
