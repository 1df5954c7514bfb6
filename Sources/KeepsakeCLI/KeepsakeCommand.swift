import Foundation
import KeepsakeStore

/// The `keepsake` tool: every command declared once (``Command``), dispatched from ``root``, with
/// failures mapped to exit codes (docs/CLI.md, "Exit codes").
public enum KeepsakeCommand {
    /// The sections of the overview.
    static let apps = "Apps", storeCommands = "Store commands"

    /// The tool itself: its commands, in the order the overview lists them.
    static let root = Command(
        group: "keepsake", abstract: "keep records that carry photos, safely.", discussion: "",
        subcommands: [DiaryCommand.command, LedgerCommand.command, FeedCommand.command, ImportCommand.command, DemoCommand.command,
                      ServeCommand.command, TokenCommand.command, UserCommand.command, BookCommand.command, StatusCommand.command, FsckCommand.command, TrashCommand.command, ThumbnailsCommand.command,
                      ExportCommand.command, MoveCommand.command],
        epilogue: """
            Dates are shown in ISO 8601 in your time zone (TZ) and read as YYYY-MM-DD, YYYY-MM-DDTHH:MM
            or full ISO 8601. Record ids are UUIDs.

            Exit codes: 0 success; 1 error (one sentence on stderr; the store is left as it was);
            2 usage error (unknown command or option, missing or malformed argument, such as a bad date or id);
            3 changed meanwhile or already there (reload, retry); 4 busy (retry soon); 5 the store's disk or
            database failed.
            """,
        examples: [
            "keepsake demo",
            "keepsake diary list",
            "keepsake ledger report --month 2026-11",
            "keepsake import dayone ~/Downloads/DayOne-Export.zip --dry-run",
            "keepsake --store /tmp/demo fsck --repair",
            "keepsake status --json",
        ])

    /// Runs the tool with `arguments` (without the program name) on the process's standard streams,
    /// time zone and environment, and returns the exit code.
    @MainActor
    public static func run(_ arguments: [String]) async -> Int32 {
        await run(arguments, context: .standard)
    }

    /// Runs the tool with `arguments` in `context` and returns the exit code: what the binary does,
    /// in-process. The app commands drive the view models, which live on the main actor.
    @MainActor
    public static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        do {
            switch try root.resolve(arguments) {
            case .help(let path):
                context.io.writeOutput(Data(Command.help(path).utf8))
                return 0
            case .noAction(let path, let arguments):
                let group = path[path.count - 1]
                if path.count == 1 {
                    guard arguments.isEmpty else { throw UsageError(description: "No command given; see keepsake --help.") }
                    context.io.writeOutput(Data(Command.help(path).utf8))
                    return 2
                }
                let title = Command.title(path)
                let names = group.subcommands.map { $0.name }.filter { $0 != group.defaultSubcommand }.joined(separator: ", ")
                let fallback = group.defaultSubcommands.map { fallback in " or " + fallback.arguments.map { $0.synopsis }.joined(separator: " ") }.joined()
                throw UsageError(description: "\(title) needs an action (\(names))\(fallback); see keepsake \(title) --help.")
            case .run(let path, let arguments):
                let command = path[path.count - 1]
                let words = try command.words(of: arguments, path: path)
                if words.switches.contains(GlobalOptions.helpOption.name) {
                    context.io.writeOutput(Data(Command.help(path).utf8))
                    return 0
                }
                guard let body = command.body else { return 0 }
                return try await body(words, path, context)
            }
        } catch let error as UsageError {
            context.printError(error.description)
            return 2
        } catch let error as CommandFailure {
            context.printError(error.message, details: error.details)
            return 1
        } catch let error as KeepsakeError {
            context.printError(error.message + (error.remedy.map { " " + remedy($0) } ?? ""))
            return exitCode(for: error.code)
        } catch {
            let error = KeepsakeError.wrapping(error)
            context.printError(error.message)
            return exitCode(for: error.code)
        }
    }

    /// The exit code of a failure of `code` (docs/CLI.md, "Exit codes").
    static func exitCode(for code: KeepsakeError.Code) -> Int32 {
        switch code {
        case .notFound, .invalidArgument, .corruptImage, .unsupportedImage, .imageTooLarge, .unsafePath, .limitExceeded, .forbidden, .quotaExceeded: 1
        case .conflict: 3
        case .busy: 4
        case .diskFull, .readOnly, .io, .database, .symlinkRefused, .incompatibleStore, .unexpected: 5
        case .gone: 1
        }
    }

    /// What to do about a failure, in the command line's words (naming its commands).
    static func remedy(_ remedy: KeepsakeError.Remedy) -> String {
        switch remedy {
        case .checkStore: "Run `keepsake fsck` to see what else is affected."
        case .repairStore: "Run `keepsake fsck --repair`."
        case .listRecords: "List the records to see valid ids."
        default: remedy.sentence
        }
    }

    /// Bytes in a human unit.
    static func formatBytes(_ bytes: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}
