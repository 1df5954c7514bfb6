import Foundation
import KeepsakeImaging
import KeepsakeStore

/// The `keepsake` tool: dispatches `keepsake <command>` and maps errors to exit codes
/// (0 ok, 1 error, 2 usage).
public enum KeepsakeCommand {
    static let overview = """
        keepsake: keep records that carry photos, safely.

        Usage: keepsake [--store DIR] <command> [options]

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
          --json           Machine-readable output.
          -h, --help       Show help (also after a command: keepsake fsck --help).

        Exit codes: 0 success, 1 error (the store is left as it was), 2 usage error.

        Examples:
          keepsake status
          keepsake --store /tmp/demo fsck --repair
          keepsake status --json
        """

    /// Runs the tool with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            guard let commandIndex = arguments.indices.first(where: { !arguments[$0].hasPrefix("-") && !isValue(of: arguments, at: $0) }) else {
                if arguments.contains("--help") || arguments.contains("-h") || arguments.isEmpty {
                    print(overview)
                    return arguments.isEmpty ? 2 : 0
                }
                throw UsageError(description: "No command given; see keepsake --help.")
            }
            let command = arguments[commandIndex]
            let rest = Array(arguments[..<commandIndex] + arguments[(commandIndex + 1)...])
            switch command {
            case "status": return try StatusCommand.run(rest)
            case "fsck": return try FsckCommand.run(rest)
            case "trash": return try TrashCommand.run(rest)
            case "thumbnails": return try ThumbnailsCommand.run(rest)
            case "export": return try ExportCommand.run(rest)
            case "import": return try ImportCommand.run(rest)
            case "help":
                print(overview)
                return 0
            default:
                throw UsageError(description: "Unknown command \(command); see keepsake --help.")
            }
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("keepsake: \(error.description)\n".utf8))
            return 2
        } catch let error as KeepsakeError {
            FileHandle.standardError.write(Data("keepsake: \(error.message)\n".utf8))
            return 1
        } catch {
            FileHandle.standardError.write(Data("keepsake: \(error)\n".utf8))
            return 1
        }
    }

    /// Whether the argument at `index` is the value of a preceding `--store`.
    private static func isValue(of arguments: [String], at index: Int) -> Bool {
        index > 0 && arguments[index - 1] == "--store"
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
        encoder.dateEncodingStrategy = .iso8601
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
