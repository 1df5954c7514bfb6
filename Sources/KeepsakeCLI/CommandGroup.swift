import Foundation
import KeepsakeStore

/// A command with actions (`keepsake diary add|list|…`): finds the action, parses its options with
/// ``CommandLineArguments`` (every action also takes `--store`, `--json` and `--help`), prints the
/// group's or the action's help, and runs the action on the main actor (view models live there).
struct CommandGroup {
    /// One action of the group.
    struct Action {
        /// Its name (`add`).
        let name: String
        /// Options that take a value, besides `--store`.
        var valueFlags: Set<String> = []
        /// Switches, besides `--json` and `--help`.
        var switchFlags: Set<String> = []
        /// Its help, with a Usage line and Examples.
        let help: String
        /// The work; returns the exit code.
        let run: @MainActor (CommandLineArguments) async throws -> Int32
    }

    /// The group's name (`diary`).
    let name: String
    /// The group's help: its actions and examples.
    let help: String
    /// Its actions.
    let actions: [Action]

    /// Runs `arguments` (everything but the group's name).
    @MainActor
    func run(_ arguments: [String]) async throws -> Int32 {
        let allValueFlags = actions.reduce(into: Set(["--store"])) { $0.formUnion($1.valueFlags) }
        guard let (actionName, rest) = CommandLineArguments.splitCommand(arguments, valueFlags: allValueFlags) else {
            if arguments.contains("--help") || arguments.contains("-h") {
                print(help)
                return 0
            }
            throw UsageError(description: "\(name) needs an action (\(actions.map(\.name).joined(separator: ", "))); see keepsake \(name) --help.")
        }
        if actionName == "help" {
            print(help)
            return 0
        }
        guard let action = actions.first(where: { $0.name == actionName }) else {
            throw UsageError(description: "Unknown \(name) action \(KeepsakeError.quoted(actionName)); use one of \(actions.map(\.name).joined(separator: ", ")).")
        }
        let parsed = try CommandLineArguments(rest, valueFlags: action.valueFlags.union(["--store"]),
                                              switchFlags: action.switchFlags.union(["--json", "--help"]))
        if parsed.has("--help") {
            print(action.help)
            return 0
        }
        return try await action.run(parsed)
    }
}
