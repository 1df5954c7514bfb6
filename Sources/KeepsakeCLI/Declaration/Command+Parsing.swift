import KeepsakeStore

/// Where a command line leads, once the words that name commands are taken off it.
enum Resolution {
    /// Run `command` (the last of `path`) with the rest of the arguments.
    case run(path: [Command], arguments: [String])
    /// Print the help of the last of `path`.
    case help(path: [Command])
    /// A group was given no action (for the root: no command at all).
    case noAction(path: [Command], arguments: [String])
}

extension Command {
    /// Follows the command words of `arguments` from this command (the root) down to the command they
    /// name. Options may stand before, between and after the words; the values of the options the
    /// group knows are never taken for a word.
    func resolve(_ arguments: [String], path: [Command] = []) throws -> Resolution {
        let path = path.isEmpty ? [self] : path
        let valueOptions = Set((path.count == 1 ? GlobalOptions.storeOptions : optionsInTree + GlobalOptions.storeOptions).filter(\.takesValue).map(\.name))
        guard let (word, rest) = Self.firstWord(of: arguments, valueOptions: valueOptions) else {
            let options = arguments.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") { return .help(path: path) }
            if let last = arguments.last, valueOptions.contains(last) { throw UsageError(description: "\(last) needs a value.") }
            return .noAction(path: path, arguments: arguments)
        }
        if word == "help" { return .help(path: path) }
        if let subcommand = subcommand(word), subcommand.name != defaultSubcommand {
            return subcommand.isGroup ? try subcommand.resolve(rest, path: path + [subcommand]) : .run(path: path + [subcommand], arguments: rest)
        }
        if let name = defaultSubcommand, let fallback = subcommand(name) {
            return .run(path: path + [fallback], arguments: arguments)
        }
        let names = subcommands.map(\.name).filter { $0 != defaultSubcommand }
        if path.count == 1 {
            throw UsageError(description: "Unknown command \(KeepsakeError.quoted(word)); see keepsake --help.")
        }
        throw UsageError(description: "Unknown \(Self.title(path)) action \(KeepsakeError.quoted(word)); use one of \(names.joined(separator: ", ")).")
    }

    /// The first word that is neither an option nor the value of one of `valueOptions`, and the
    /// arguments without it (`--store DIR diary add …` → `diary`, `--store DIR add …`).
    static func firstWord(of arguments: [String], valueOptions: Set<String>) -> (word: String, rest: [String])? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                guard index + 1 < arguments.count else { return nil }
                return (arguments[index + 1], Array(arguments[..<index]) + ["--"] + Array(arguments[(index + 2)...]))
            }
            if argument.hasPrefix("-"), argument != "-" {
                index += valueOptions.contains(argument) ? 2 : 1
                continue
            }
            return (argument, Array(arguments[..<index] + arguments[(index + 1)...]))
        }
        return nil
    }

    /// `diary add`: the words of `path` after the tool's name, as the user types them (a default
    /// subcommand has no word: `import FILE` runs the archive import).
    static func title(_ path: [Command]) -> String {
        zip(path, path.dropFirst()).filter { parent, child in parent.defaultSubcommand != child.name }.map(\.1.name).joined(separator: " ")
    }

    /// The words of a command line read against this command's declaration (and the global options):
    /// values by option name, the switches given, the positional words. Nothing is converted yet.
    struct Words: Sendable {
        var values: [String: [String]] = [:]
        var switches: Set<String> = []
        var positionals: [String] = []

        /// Whether `option` was given at all.
        func given(_ name: String) -> Bool { values[name] != nil || switches.contains(name) }
    }

    /// Splits `arguments` into options and positionals. `--flag value` and `--flag=value` set a
    /// value; `--` ends the options; `-` alone is a positional; `-h` is `--help`; a value option
    /// followed by another known option is missing its value (write `--title=--odd`).
    func words(of arguments: [String], path: [Command]) throws -> Words {
        let known = options + GlobalOptions.of(self)
        let byName = Dictionary(known.flatMap { option in ([option.name] + option.aliases).map { ($0, option) } }, uniquingKeysWith: { first, _ in first })
        func isKnownOption(_ argument: String) -> Bool {
            if argument == "-h" || argument == "--" { return true }
            return byName[argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument] != nil
        }
        var words = Words()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                words.positionals += rest
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                words.positionals.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = GlobalOptions.helpOption.name }
            guard let option = byName[name] else {
                throw UsageError(description: "Unknown option \(KeepsakeError.quoted(name)); see keepsake \(Self.title(path)) --help.")
            }
            if !option.takesValue {
                guard inline == nil else { throw UsageError(description: "\(name) takes no value.") }
                words.switches.insert(option.name)
            } else if let inline {
                words.values[option.name, default: []].append(inline)
            } else if let next = rest.first, !isKnownOption(next) {
                words.values[option.name, default: []].append(next)
                rest.removeFirst()
            } else {
                throw UsageError(description: "\(name) needs a value.")
            }
        }
        return words
    }

    /// Reads `words` into a fresh `Options` value and the global options, checking them against
    /// the declaration of the last command of `path` (the one `Options` declares) in this order: the
    /// argument counts, each argument's value, the required options, the rules between options,
    /// each option's value, then the value's own ``ParsableArguments/validate()``.
    static func parse<Options: ParsableCommand>(_ type: Options.Type, _ words: Words, path: [Command],
                                                context: CommandContext) throws -> (options: Options, call: Invocation) {
        let command = path[path.count - 1]
        let title = Self.title(path)
        let seeHelp = "see keepsake \(title) --help."
        let scope = ParseScope(words: words, positionals: try command.positionals(words.positionals, title: title))
        let (options, global) = ParseScope.$current.withValue(scope) { (Options(), GlobalOptions()) }
        try scope.throwFailure(.argument)
        for option in command.options where option.isRequired && !words.given(option.name) {
            throw UsageError(description: "\(title) needs \(option.synopsis); \(seeHelp)")
        }
        for rule in command.rules { try rule.check(words, title: title) }
        try scope.throwFailure(.option)
        try options.validate()
        return (options, Invocation(title: title, context: context, global: global))
    }

    /// The positional words shared out to the arguments in order (the last may take all that are
    /// left), by placeholder; a usage error when there are too few or too many.
    func positionals(_ given: [String], title: String) throws -> [String: [String]] {
        let seeHelp = "see keepsake \(title) --help."
        let synopsis = arguments.map(\.synopsis).joined(separator: " ")
        let minimum = arguments.reduce(0) { $0 + $1.minimum }
        let maximum = arguments.contains { $0.maximum == nil } ? nil : arguments.reduce(0) { $0 + ($1.maximum ?? 0) }
        if let maximum, given.count > maximum {
            let takes = arguments.isEmpty ? "no arguments, only options" : "\(synopsis), not \(given.count) arguments"
            throw UsageError(description: "\(title) takes \(takes) (is a value missing its quotes?); \(seeHelp)")
        }
        if given.count < minimum {
            var available = given.count
            for argument in arguments {
                guard available < argument.minimum else {
                    available -= argument.minimum
                    continue
                }
                let needs = argument.maximum == 1 ? "one \(argument.placeholder)" + (argument.hint.map { " (\($0))" } ?? "") : argument.hint ?? argument.synopsis
                let form = "keepsake \(title) \(synopsis)"
                throw UsageError(description: "\(title) needs \(needs); write it as: \(form)\(form.hasSuffix(".") ? "" : ".")")
            }
        }
        var positionals: [String: [String]] = [:]
        var remaining = given[...]
        for (index, argument) in arguments.enumerated() {
            let later = arguments[(index + 1)...].reduce(0) { $0 + $1.minimum }
            let count = min(argument.maximum ?? Int.max, max(0, remaining.count - later))
            positionals[argument.placeholder] = Array(remaining.prefix(count))
            remaining = remaining.dropFirst(count)
        }
        return positionals
    }
}

extension OptionRule {
    /// Throws the usage error for `words` when they break the rule (`title` names the command).
    func check(_ words: Command.Words, title: String) throws(UsageError) {
        switch self {
        case .atMostOne(let choices, let noun, let message):
            let given = choices.filter { $0.contains(where: words.given) }
            guard given.count > 1 else { return }
            if let message { throw UsageError(description: message) }
            let names = choices.map { $0.joined(separator: "/") }
            if let noun {
                throw UsageError(description: "\(title) takes one \(noun) at a time (\(ValueParser<String>.list(names, or: true))).")
            }
            throw UsageError(description: "Give \(choices.count == 2 ? "" : "one of ")\(ValueParser<String>.list(names, or: true)), not \(choices.count == 2 ? "both" : "several").")
        case .atLeastOne(let names, let message):
            guard !names.contains(where: words.given) else { return }
            throw UsageError(description: "\(message): give at least one of \(ValueParser<String>.list(names, or: true)).")
        }
    }
}
