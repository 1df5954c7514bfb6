import Testing
@testable import KeepsakeCLI

/// The help of every command of the tool is made from its typed options: each declared option and
/// argument is in its usage line and has its help row, every option row of a help is a declared
/// option, and what the types say (required, repeatable, optional) is what the usage line shows.
@Suite struct DeclaredHelpTests {
    /// Every command path of the tool that runs (not a group), from the root.
    static func leaves(_ path: [Command] = [KeepsakeCommand.root]) -> [[Command]] {
        let command = path[path.count - 1]
        return command.isGroup ? command.subcommands.flatMap { leaves(path + [$0]) } : [path]
    }

    /// The usage lines of `help`, joined into one line of words.
    static func usage(_ help: String) -> String {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test func everyCommandsHelpShowsEveryDeclaredOptionAndArgumentAndNothingElse() {
        let paths = Self.leaves()
        #expect(paths.count > 40)
        for path in paths {
            let command = path[path.count - 1]
            let title = Command.title(path)
            let help = Command.help(path)
            let usage = Self.usage(help)
            for argument in command.arguments {
                #expect(usage.contains(" \(argument.synopsis)"), "keepsake \(title): usage lacks \(argument.synopsis)")
            }
            for option in command.options {
                #expect(help.contains(Command.row(([option.synopsis] + option.aliases).joined(separator: ", "), option.help, column: Command.optionColumn)),
                        "keepsake \(title): no help row for \(option.name)")
                let shown = option.isRequired ? option.synopsis : "[\(option.synopsis)]"
                let exclusive = command.rules.contains { rule in
                    if case .atMostOne(let choices, _, _) = rule { choices.joined().contains(option.name) } else { false }
                }
                if !exclusive {
                    #expect(usage.contains(shown + (option.isRepeatable ? "..." : "")), "keepsake \(title): usage shows \(option.name) otherwise than its type says")
                } else {
                    #expect(usage.contains(option.synopsis), "keepsake \(title): usage lacks \(option.name)")
                }
            }
            let declared = Set((command.options + GlobalOptions.of(command)).map(\.name))
            let rows = help.split(separator: "\n").filter { $0.hasPrefix("  --") }.map { String($0.dropFirst(2).prefix { $0 != " " && $0 != "," }) }
            for name in rows {
                #expect(declared.contains(name), "keepsake \(title): its help lists \(name), which it does not declare")
            }
            for rule in command.rules {
                let names: [String] = switch rule {
                case .atMostOne(let choices, _, _): choices.flatMap { $0 }
                case .atLeastOne(let names, _): names
                }
                #expect(names.allSatisfy(declared.contains), "keepsake \(title): a rule names an option it does not declare")
            }
        }
    }

    @Test func requiredOptionsAreTheNonOptionalProperties() {
        let add = Command(DiaryCommand.Add.self), edit = Command(DiaryCommand.Edit.self), move = Command(MoveCommand.self)
        #expect(add.options.filter(\.isRequired).map(\.name) == ["--emotion"])
        #expect(edit.options.filter(\.isRequired).isEmpty)
        #expect(move.options.filter(\.isRequired).map(\.name) == ["--to-store"])
        #expect(Command(LedgerCommand.Add.self).options.filter(\.isRequired).map(\.name) == ["--amount"], "--category or --split")
        #expect(add.options.filter(\.isRepeatable).map(\.name) == ["--tag", "--image"])
        #expect(add.groups.map(\.heading) == [EncodingFlags.heading], "a headed group is listed under its heading")
        #expect(add.options.suffix(2).map(\.name) == ["--lossless", "--reencode"], "a headed group's options come last")
    }
}
