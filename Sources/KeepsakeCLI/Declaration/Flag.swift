/// A switch (`--trash`), declared once: its name and its help. It takes no value (`--trash=x` is a
/// usage error); the command's body reads it as `call[trash]` (`true` when given).
struct Flag: OptionDeclaration {
    let name: String
    let help: String
    let aliases: [String]

    /// Declares the switch `name` (`--trash`), also accepted as each of `aliases`.
    init(_ name: String, aliases: [String] = [], help: String) {
        self.name = name
        self.aliases = aliases
        self.help = help
    }

    var takesValue: Bool { false }
    var isRequired: Bool { false }
    var isRepeatable: Bool { false }
    var placeholder: String { "" }

    func parseValue(_ text: String) throws -> any Sendable { true }
}
