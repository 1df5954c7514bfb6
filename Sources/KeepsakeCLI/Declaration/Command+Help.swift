/// Usage lines and help text, made from the declaration (never written by hand, so they cannot
/// drift from what the command accepts). docs/CLI.md shows each help as printed here.
extension Command {
    /// The widest a usage line grows before it wraps.
    static let usageWidth = 100
    /// Where the help of an option starts (`  --title TEXT       The title.`).
    static let optionColumn = 21
    /// Where the abstract of an action starts in a group's list.
    static let actionColumn = 25

    /// The help of the last command of `path` (this command): its usage, discussion, options or
    /// actions, epilogue, shared option groups and examples.
    static func help(_ path: [Command]) -> String {
        let command = path[path.count - 1]
        var blocks: [String] = []
        if path.count == 1 { blocks.append("keepsake: \(command.abstract)") }
        blocks.append(usage(path).joined(separator: "\n"))
        if !command.discussion.isEmpty { blocks.append(command.discussion) }
        if path.count == 1 {
            var sections: [String] = []
            for command in command.subcommands + command.subcommands.flatMap(\.defaultSubcommands) {
                if let section = command.section, !sections.contains(section) { sections.append(section) }
            }
            for section in sections {
                let rows = command.subcommands.flatMap { $0.overviewRows(section: section) }
                    + command.subcommands.flatMap { $0.defaultRows(section: section) }
                blocks.append("\(section):\n" + rows.map { row($0.label, $0.text, column: actionColumn) }.joined(separator: "\n"))
            }
            blocks.append("Global options:\n" + optionRows(GlobalOptions.of(command)))
        } else if command.isGroup {
            blocks.append("Actions:\n" + command.actionRows(prefix: "").map { row($0.label, $0.text, column: actionColumn) }.joined(separator: "\n"))
        } else {
            let grouped = Set(command.groups.flatMap { $0.options.map(\.name) })
            let own = command.options.filter { !grouped.contains($0.name) }
            if !own.isEmpty { blocks.append(optionRows(own)) }
        }
        if !command.epilogue.isEmpty { blocks.append(command.epilogue) }
        for group in command.groups { blocks.append(group.heading + "\n" + optionRows(group.options)) }
        blocks.append("Examples:\n" + command.examples.map { "  " + $0 }.joined(separator: "\n"))
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// `Usage: keepsake [--store DIR] diary add --emotion NAME [--intensity N] …`, wrapped under the
    /// first word after the command's name; a group says `<action> [options]`, and a group with a
    /// default subcommand adds that one's usage as a second form. The overview's line shows every
    /// option that names the store (`[--store DIR] [--metadata URL] [--blobs URL]`); a command's,
    /// only the folder.
    static func usage(_ path: [Command]) -> [String] {
        let command = path[path.count - 1]
        let storeOptions = (path.count == 1 ? GlobalOptions.storeOptions : [GlobalOptions.storeOption]).map { "[\($0.synopsis)]" }
        let head = (["keepsake"] + storeOptions + [title(path)].filter { !$0.isEmpty }).joined(separator: " ")
        if command.isGroup {
            var lines = ["Usage: \(head) \(path.count == 1 ? "<command>" : "<action>") [options]"]
            for fallback in command.defaultSubcommands {
                lines += usage(path + [fallback]).map { "       " + $0.dropFirst("Usage: ".count) }
            }
            return lines
        }
        let prefix = "Usage: \(head) "
        var lines: [String] = []
        var line = prefix
        func add(_ piece: String) {
            if line.count > prefix.count, line.count + 1 + piece.count > usageWidth {
                lines.append(line)
                line = String(repeating: " ", count: prefix.count) + piece
            } else {
                line += (line.count > prefix.count ? " " : "") + piece
            }
        }
        for unit in command.usageTokens {
            // A group of exclusive options stays on one line when it fits on one.
            let whole = unit.joined(separator: " ")
            if line.count + 1 + whole.count > usageWidth, prefix.count + whole.count <= usageWidth, line.count > prefix.count {
                lines.append(line)
                line = String(repeating: " ", count: prefix.count) + whole
            } else if prefix.count + whole.count <= usageWidth {
                add(whole)
            } else {
                unit.forEach(add)
            }
        }
        lines.append(line)
        return lines.map { $0.trimmingTrailingSpaces }
    }

    /// The words of a usage line after the command's name: its arguments, then its options in
    /// declaration order (required ones bare, the others in brackets, repeatable ones with `...`,
    /// exclusive ones together as `[a | b]`), then `[--json]`. Each unit is one token, or the pieces
    /// of a group of exclusive options (`[a |`, `b]`), which wrap between pieces only when the group
    /// is wider than a line.
    var usageTokens: [[String]] {
        var tokens = arguments.map { [$0.synopsis] }
        let exclusive: [[[String]]] = rules.compactMap { if case .atMostOne(let choices, _, _) = $0 { choices } else { nil } }
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var placed: Set<Int> = []
        for option in options {
            guard let group = exclusive.firstIndex(where: { $0.joined().contains(option.name) }) else {
                let repeated = option.isRepeatable ? "..." : ""
                tokens.append([option.isRequired ? option.synopsis + repeated : "[\(option.synopsis)]" + repeated])
                continue
            }
            guard placed.insert(group).inserted else { continue }
            let choices = exclusive[group].map { $0.compactMap { byName[$0]?.synopsis }.joined(separator: " ") }
            tokens.append(choices.enumerated().map { position, choice in
                (position == 0 ? "[" : "") + choice + (position == choices.count - 1 ? "]" : " |")
            })
        }
        if printsJSON { tokens.append(["[--json]"]) }
        return tokens
    }

    /// The default subcommand, if any, as a list.
    var defaultSubcommands: [Command] { defaultSubcommand.flatMap(subcommand).map { [$0] } ?? [] }

    /// The rows of a group's action list: each action with its arguments (the actions of an
    /// action that is itself a group, one row each: `receipt attach ID FILE`); the default
    /// subcommand by its arguments alone.
    func actionRows(prefix: String) -> [(label: String, text: String)] {
        subcommands.flatMap { action -> [(label: String, text: String)] in
            let word = action.name == defaultSubcommand ? "" : action.name
            let label = ([prefix + word] + action.arguments.map(\.synopsis)).filter { !$0.isEmpty }.joined(separator: " ")
            return action.isGroup ? action.actionRows(prefix: prefix + word + " ") : [(label, action.abstract)]
        }
    }

    /// The row of the overview for a top-level command in `section`: a group as `name a|b|c`, a
    /// command as `name ARGUMENTS`.
    func overviewRows(section: String) -> [(label: String, text: String)] {
        guard self.section == section else { return [] }
        let label = isGroup
            ? name + " " + subcommands.filter { $0.name != defaultSubcommand }.map(\.name).joined(separator: "|")
            : ([name] + arguments.map(\.synopsis)).joined(separator: " ")
        return [(label, abstract)]
    }

    /// The row of the overview for a group's default subcommand in `section` (listed after the
    /// section's commands): `name ARGUMENTS`.
    func defaultRows(section: String) -> [(label: String, text: String)] {
        defaultSubcommands.filter { $0.section == section }.map { (([name] + $0.arguments.map(\.synopsis)).joined(separator: " "), $0.abstract) }
    }

    /// The option list of a help: `  --title TEXT       Its help`, continuation lines aligned.
    static func optionRows(_ options: [OptionDeclaration]) -> String {
        options.map { option in
            row(option.name == GlobalOptions.helpOption.name ? "-h, --help" : ([option.synopsis] + option.aliases).joined(separator: ", "), option.help, column: optionColumn)
        }.joined(separator: "\n")
    }

    /// `label` in a column of `column - 2` characters after two spaces, then `text`; a longer
    /// label stands on its own line. Every line of `text` starts at `column`.
    static func row(_ label: String, _ text: String, column: Int) -> String {
        let indent = String(repeating: " ", count: column)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = "  " + label
        let head = first.count + 1 <= column ? first + String(repeating: " ", count: column - first.count) + lines[0] : first + "\n" + indent + lines[0]
        return ([head] + lines.dropFirst().map { indent + $0 }).map(\.trimmingTrailingSpaces).joined(separator: "\n")
    }
}

extension String {
    /// Without the spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
