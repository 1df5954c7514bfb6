/// What the parser, the usage line and the help know of one option, whatever its value: its name,
/// placeholder, help and whether it takes a value, must be given or may be repeated. An ``Option``
/// or ``Flag`` property makes it from its own declaration and shows it as its projected value
/// (`$limit`), so rules can name it by key path (`\Self.$limit`).
struct OptionDeclaration: Sendable {
    /// `--title`.
    let name: String
    /// Other names that mean the same (`--keep-original` for `--lossless`): accepted where it is,
    /// listed beside it in the help, never in usage lines.
    let aliases: [String]
    /// The placeholder of its value (`TEXT`); empty for a switch.
    let placeholder: String
    /// Whether it takes a value (`--title TEXT`) or is a switch (`--trash`).
    let takesValue: Bool
    /// Whether the command cannot run without it (its property is not optional).
    let isRequired: Bool
    /// Whether it may be given several times, every value kept in order (`--tag a --tag b`).
    let isRepeatable: Bool
    /// Its help: what it means, its default; lines are kept as written.
    let help: String

    /// `--title TEXT` or `--trash`: how it is written in usage lines and help.
    var synopsis: String { takesValue ? name + " " + placeholder : name }
}
