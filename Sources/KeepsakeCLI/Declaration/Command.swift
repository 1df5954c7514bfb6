/// A command of `keepsake`, declared once: its name, a one-line abstract for the list it appears in,
/// what it takes (positional ``arguments``, ``options`` and the ``rules`` between them, each with its
/// help), the rest of its help (``discussion``, ``epilogue``, ``examples``) and what it does (``body``).
/// A command either runs or holds ``subcommands``: a group such as `diary`, whose subcommands are
/// its actions (a group may hold groups: `ledger receipt attach|remove`).
///
/// Everything a user meets is made from the declaration (`Command+Help.swift`,
/// `Command+Parsing.swift`): the usage line, the help (`--help`, `-h`, `help`), the validation
/// (unknown options, missing or malformed values, argument counts, required and exclusive options)
/// and the usage errors (exit code 2). A command that runs is declared as a ``ParsableCommand``
/// type, its options typed properties and its body a named function of them; ``init(_:)`` makes
/// its declaration from the type. Declaring a command and an option is shown in docs/CLI.md
/// ("Declaring a command").
struct Command: Sendable {
    /// What a command does: it reads the words of its command line into its typed options, runs
    /// with them and returns the exit code. It runs on the main actor, where the view models live.
    typealias Body = @MainActor @Sendable (_ words: Words, _ path: [Command], _ context: CommandContext) async throws -> Int32

    /// Its name and the help around its options (the abstract, section, discussion, epilogue and
    /// examples, and whether it takes `--json`).
    let configuration: CommandConfiguration
    /// Its positional arguments, in order.
    let arguments: [ArgumentDeclaration]
    /// Its options, in the order help lists them (the global `--store`, `--json` and `--help` are
    /// added by the tool), those of its ``groups`` last.
    let options: [OptionDeclaration]
    /// Rules between its options (its groups' rules included).
    let rules: [OptionRule]
    /// Shared groups of options it takes, each listed under its heading in the help.
    let groups: [OptionGroupDeclaration]
    /// Its actions, for a group.
    let subcommands: [Command]
    /// For a group: the subcommand that runs when the first word names none of the others (`keepsake
    /// import FILE` is the archive import beside `import dayone|daylio|journey`).
    let defaultSubcommand: String?
    /// What it does; `nil` for a group.
    let body: Body?

    /// Declares the command `Options` runs: its help from its ``ParsableCommand/configuration``,
    /// its arguments, options, groups and rules from its properties.
    init<Options: ParsableCommand>(_ type: Options.Type) {
        let declarations = Options.declarations
        configuration = Options.configuration
        arguments = declarations.arguments
        options = declarations.options
        rules = declarations.rules
        groups = declarations.groups
        subcommands = []
        defaultSubcommand = nil
        body = { words, path, context in
            let (options, call) = try Command.parse(Options.self, words, path: path, context: context)
            return try await options.run(call)
        }
    }

    /// Declares a group of `subcommands`.
    init(group name: String, abstract: String, section: String? = nil, discussion: String, subcommands: [Command],
         defaultSubcommand: String? = nil, printsJSON: Bool = true, epilogue: String = "", examples: [String]) {
        configuration = CommandConfiguration(name, abstract: abstract, section: section, discussion: discussion, printsJSON: printsJSON,
                                             epilogue: epilogue, examples: examples)
        arguments = []
        options = []
        rules = []
        groups = []
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        body = nil
    }

    /// Its word (`add`).
    var name: String { configuration.name }
    /// One line (explicit line breaks kept) for the list of its parent's help.
    var abstract: String { configuration.abstract }
    /// For top-level commands: the heading it is listed under in the overview.
    var section: String? { configuration.section }
    /// What the command does, after its usage line; paragraphs as written.
    var discussion: String { configuration.discussion }
    /// Whether it takes `--json` (every command that prints records or reports does).
    var printsJSON: Bool { configuration.printsJSON }
    /// Text after the options in the help.
    var epilogue: String { configuration.epilogue }
    /// Whole command lines, shown under "Examples:" (every help ends with examples).
    var examples: [String] { configuration.examples }

    /// Whether it holds subcommands.
    var isGroup: Bool { body == nil }

    /// The subcommand called `name`.
    func subcommand(_ name: String) -> Command? { subcommands.first { $0.name == name } }

    /// Every option declared here and in any subcommand (a group accepts their values anywhere
    /// before its action's word).
    var optionsInTree: [OptionDeclaration] { options + subcommands.flatMap(\.optionsInTree) }
}
