/// A rule between a command's options, declared with them: checked before the command runs (a
/// usage error when broken) and shown in the usage line (exclusive options as `[a | b | c]`).
enum OptionRule: Sendable {
    /// At most one of these choices may be given; a choice is one option or several that go
    /// together (`--from` and `--to`). With a `noun` the error reads "takes one filter at a time";
    /// a `message` replaces the error (for choices that contradict each other).
    case atMostOne(of: [[String]], noun: String? = nil, message: String? = nil)
    /// At least one of these options must be given; `message` starts the error ("Nothing to change").
    case atLeastOne(of: [String], message: String)

    /// At most one of `choices` (each one option or several that go together), named by the key
    /// paths of their declarations (`\Self.$month`).
    static func atMostOne<Root: ParsableArguments>(_ choices: [[KeyPath<Root, OptionDeclaration>]], noun: String? = nil,
                                                   message: String? = nil) -> OptionRule {
        let declared = Root.describing()
        return .atMostOne(of: choices.map { $0.map { declared[keyPath: $0].name } }, noun: noun, message: message)
    }

    /// At least one of `options`, named by the key paths of their declarations.
    static func atLeastOne<Root: ParsableArguments>(_ options: [KeyPath<Root, OptionDeclaration>], message: String) -> OptionRule {
        let declared = Root.describing()
        return .atLeastOne(of: options.map { declared[keyPath: $0].name }, message: message)
    }
}
