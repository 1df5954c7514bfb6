/// What the parser, the usage line and the help need to know of any option, whatever its value:
/// the common face of ``Option`` and ``Flag``.
protocol OptionDeclaration: Sendable {
    /// `--title`.
    var name: String { get }
    /// Whether it takes a value (`--title TEXT`) or is a switch (`--trash`).
    var takesValue: Bool { get }
    /// Whether the command cannot run without it.
    var isRequired: Bool { get }
    /// Whether it may be given several times, every value kept in order (`--tag a --tag b`).
    var isRepeatable: Bool { get }
    /// The placeholder of its value (`TEXT`); empty for a switch.
    var placeholder: String { get }
    /// Its help: what it means, its default; lines are kept as written.
    var help: String { get }
    /// Other names that mean the same (`--keep-original` for `--lossless`): accepted where it is,
    /// listed beside it in the help, never in usage lines.
    var aliases: [String] { get }
    /// Reads one value given for it.
    func parseValue(_ text: String) throws -> any Sendable
}

extension OptionDeclaration {
    /// None.
    var aliases: [String] { [] }

    /// `--title TEXT` or `--trash`: how it is written in usage lines and help.
    var synopsis: String { takesValue ? name + " " + placeholder : name }
}
