import Foundation
import KeepsakeImaging
import KeepsakeStore

/// The `keepsake` tool: dispatches `keepsake <command>` and maps errors to exit codes
/// (0 ok, 1 error, 2 usage).
public enum KeepsakeCommand {
    static let overview = """
        keepsake: keep records that carry photos, safely.

        Usage: keepsake [--store DIR] <command> [options]

        Apps:
          diary add|list|show|edit|images|delete|restore|search|calendar|stats
                                 The emotion diary: entries with an emotion, text, tags and up to 10 photos.
          ledger add|list|show|edit|receipt|delete|restore|report|export|import
                                 The household ledger: expenses and income with exact amounts and receipts.
          feed post|list|show|edit|delete|restore
                                 The review feed: posts with a title, text and up to 10 photos.
          import dayone|daylio|journey EXPORT
                                 Bring a diary over from Day One, Daylio or Journey, with its photos
                                 (bank statements: keepsake ledger import).
          demo [--force]         Fill the store with sample records and real sample photos.
          serve                  The local web app for all three, in your browser (keepsake serve --help).

        Store commands:
          status                 Counts, sizes and where the store lives.
          fsck [--repair]        Check the store (dangling references, orphan files, hashes,
                                 thumbnails); --repair fixes what can be fixed and says what it did.
          trash list|purge       What is in the trash; purge it (all, or --older-than DAYS).
          thumbnails rebuild     Make every thumbnail again from the originals.
          export FILE            Write every record and image to one .tar.gz archive.
          import FILE            Read such an archive (records already present are skipped).

        Global options:
          --store DIR      Use the store in DIR (default: $KEEPSAKE_HOME, else
                           $XDG_DATA_HOME/keepsake with thumbnails in $XDG_CACHE_HOME/keepsake).
          --json           Machine-readable output (every command that prints records or reports).
          -h, --help       Show help (also after a command or action: keepsake diary add --help).

        Dates are shown in ISO 8601 in your time zone (TZ) and read as YYYY-MM-DD, YYYY-MM-DDTHH:MM
        or full ISO 8601. Record ids are UUIDs.

        Exit codes: 0 success; 1 error (one sentence on stderr; the store is left as it was);
        2 usage error (unknown command or option, missing or malformed argument, such as a bad date or id);
        3 changed meanwhile or already there (reload, retry); 4 busy (retry soon); 5 the store's disk or
        database failed.

        Examples:
          keepsake demo
          keepsake diary list
          keepsake ledger report --month 2026-11
          keepsake import dayone ~/Downloads/DayOne-Export.zip --dry-run
          keepsake --store /tmp/demo fsck --repair
          keepsake status --json
        """

    /// Runs the tool with `arguments` (without the program name) and returns the exit code. The
    /// app commands drive the view models, which live on the main actor.
    @MainActor
    public static func run(_ arguments: [String]) async -> Int32 {
        do {
            guard let (command, rest) = CommandLineArguments.splitCommand(arguments, valueFlags: ["--store"]) else {
                if arguments.contains("--help") || arguments.contains("-h") || arguments.isEmpty {
                    print(overview)
                    return arguments.isEmpty ? 2 : 0
                }
                if arguments.last == "--store" { throw UsageError(description: "--store needs a value.") }
                throw UsageError(description: "No command given; see keepsake --help.")
            }
            switch command {
            case "diary": return try await DiaryCommand.run(rest)
            case "ledger": return try await LedgerCommand.run(rest)
            case "feed": return try await FeedCommand.run(rest)
            case "demo": return try await DemoCommand.run(rest)
            case "serve": return try await ServeCommand.run(rest)
            case "status": return try StatusCommand.run(rest)
            case "fsck": return try FsckCommand.run(rest)
            case "trash": return try TrashCommand.run(rest)
            case "thumbnails": return try ThumbnailsCommand.run(rest)
            case "export": return try ExportCommand.run(rest)
            case "import": return try await ImportCommand.run(rest)
            case "help":
                print(overview)
                return 0
            default:
                throw UsageError(description: "Unknown command \(KeepsakeError.quoted(command)); see keepsake --help.")
            }
        } catch let error as UsageError {
            printError(error.description)
            return 2
        } catch let error as CommandFailure {
            printError(error.message, details: error.details)
            return 1
        } catch let error as KeepsakeError {
            printError(error.message + (error.remedy.map { " " + remedy($0) } ?? ""))
            return exitCode(for: error.code)
        } catch {
            let error = KeepsakeError.wrapping(error)
            printError(error.message)
            return exitCode(for: error.code)
        }
    }

    /// The exit code of a failure of `code` (docs/CLI.md, "Exit codes").
    static func exitCode(for code: KeepsakeError.Code) -> Int32 {
        switch code {
        case .notFound, .invalidArgument, .corruptImage, .unsupportedImage, .imageTooLarge, .unsafePath, .limitExceeded: 1
        case .conflict: 3
        case .busy: 4
        case .diskFull, .readOnly, .io, .database, .symlinkRefused, .incompatibleStore, .unexpected: 5
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

    /// Writes `keepsake: <message>` to standard error, then each detail line indented.
    static func printError(_ message: String, details: [String] = []) {
        var text = "keepsake: \(message)\n"
        for line in details { text += "  \(line)\n" }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Opens the store chosen by `--store` or the environment.
    static func openStore(_ arguments: CommandLineArguments) throws -> Store {
        let location: StoreLocation
        if let directory = arguments.value("--store") {
            location = StoreLocation(root: URL(fileURLWithPath: directory, isDirectory: true))
        } else {
            location = try StoreLocation.defaultLocation()
        }
        return try Store(location: location, imageProcessor: VipsImageProcessor())
    }

    /// Prints a value as pretty JSON on standard output.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // ISO 8601 in the user's time zone, as the text output shows dates.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DateText.format(date))
        }
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
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
