/// A command of `keepsake`, declared once: its name, a one-line abstract for the list it appears in,
/// what it takes (positional ``arguments``, ``options`` and the ``rules`` between them, each with its
/// help), the rest of its help (``discussion``, ``epilogue``, ``examples``) and what it does (``body``).
/// A command either runs or holds ``subcommands``: a group such as `diary`, whose subcommands are
/// its actions (a group may hold groups: `ledger receipt attach|remove`).
///
/// Everything a user meets is made from the declaration (`Command+Help.swift`,
/// `Command+Parsing.swift`): the usage line, the help (`--help`, `-h`, `help`), the validation
/// (unknown options, missing or malformed values, argument counts, required and exclusive options)
/// and the usage errors (exit code 2). A body only reads its values (``Invocation``), calls the
/// library and prints. Declaring a command and an option is shown in docs/CLI.md ("Declaring a
/// command"):
///
/// ```swift
/// static let limit = Option("--limit", .integer(in: 1...1000), help: "Posts per page, 1 to 1000; default 20.")
/// static let trash = Flag("--trash", help: "The posts in the trash instead.")
/// static let list = Command("list", abstract: "Newest posts first, a page at a time.",
///                           discussion: "Lists posts, newest date first, a page at a time.",
///                           options: [limit, trash], examples: ["keepsake feed list --limit 10"]) { call in
///     let limit = call[limit] ?? 20
///     …
///     return 0
/// }
/// ```
struct Command: Sendable {
    /// What a command does: it reads ``Invocation``, prints through it and returns the exit code.
    /// It runs on the main actor, where the view models live.
    typealias Body = @MainActor @Sendable (Invocation) async throws -> Int32

    /// Its word (`add`).
    let name: String
    /// One line (explicit line breaks kept) for the list of its parent's help.
    var abstract: String
    /// For top-level commands: the heading it is listed under in the overview.
    var section: String?
    /// What the command does, after its usage line; paragraphs as written.
    var discussion: String
    /// Its positional arguments, in order.
    var arguments: [any ArgumentDeclaration]
    /// Its options, in the order help lists them (the global `--store`, `--json` and `--help` are
    /// added by the tool), those of its ``groups`` last.
    var options: [any OptionDeclaration]
    /// Rules between its options (its groups' rules included).
    var rules: [OptionRule]
    /// Shared groups of options it takes, each listed under its heading in the help.
    var groups: [OptionGroup]
    /// Whether it takes `--json` (every command that prints records or reports does).
    var printsJSON: Bool
    /// Text after the options in the help.
    var epilogue: String
    /// Whole command lines, shown under "Examples:" (every help ends with examples).
    var examples: [String]
    /// Its actions, for a group.
    var subcommands: [Command]
    /// For a group: the subcommand that runs when the first word names none of the others (`keepsake
    /// import FILE` is the archive import beside `import dayone|daylio|journey`).
    var defaultSubcommand: String?
    /// What it does; `nil` for a group.
    var body: Body?

    /// Declares a command that runs `body`.
    init(_ name: String, abstract: String, section: String? = nil, discussion: String, arguments: [any ArgumentDeclaration] = [],
         options: [any OptionDeclaration] = [], rules: [OptionRule] = [], groups: [OptionGroup] = [], printsJSON: Bool = true,
         epilogue: String = "", examples: [String], body: @escaping Body) {
        self.name = name
        self.abstract = abstract
        self.section = section
        self.discussion = discussion
        self.arguments = arguments
        self.options = options + groups.flatMap(\.options)
        self.rules = rules + groups.flatMap(\.rules)
        self.groups = groups
        self.printsJSON = printsJSON
        self.epilogue = epilogue
        self.examples = examples
        self.subcommands = []
        self.defaultSubcommand = nil
        self.body = body
    }

    /// Declares a group of `subcommands`.
    init(group name: String, abstract: String, section: String? = nil, discussion: String, subcommands: [Command],
         defaultSubcommand: String? = nil, printsJSON: Bool = true, epilogue: String = "", examples: [String]) {
        self.name = name
        self.abstract = abstract
        self.section = section
        self.discussion = discussion
        self.arguments = []
        self.options = []
        self.rules = []
        self.groups = []
        self.printsJSON = printsJSON
        self.epilogue = epilogue
        self.examples = examples
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.body = nil
    }

    /// Whether it holds subcommands.
    var isGroup: Bool { body == nil }

    /// The subcommand called `name`.
    func subcommand(_ name: String) -> Command? { subcommands.first { $0.name == name } }

    /// Every option declared here and in any subcommand (a group accepts their values anywhere
    /// before its action's word).
    var optionsInTree: [any OptionDeclaration] { options + subcommands.flatMap(\.optionsInTree) }
}
