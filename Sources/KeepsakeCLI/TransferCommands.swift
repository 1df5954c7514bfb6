import Foundation
import KeepsakeStore
import KeepsakeTransfer

/// `keepsake export FILE`.
enum ExportCommand {
    static let help = """
        Usage: keepsake [--store DIR] export FILE [--json]

        Writes every record (live and in the trash) and every original image, byte for byte, to one
        gzip-compressed tar archive. FILE must not exist yet. The archive is written under a temporary
        name and renamed when complete, so a half-written export never looks finished.

        Examples:
          keepsake export ~/keepsake-backup.tar.gz
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valueFlags: ["--store"], switchFlags: ["--json", "--help"])
        if parsed.has("--help") {
            print(help)
            return 0
        }
        guard parsed.positionals.count == 1 else { throw UsageError(description: "export needs one FILE; see keepsake export --help.") }
        let store = try KeepsakeCommand.openStore(parsed)
        let progress = Progress(label: "export")
        let summary = try StoreArchive(store: store).export(to: URL(fileURLWithPath: parsed.positionals[0])) { progress.update($0, $1) }
        progress.finish()
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(summary)
        } else {
            print("Exported \(summary.records) records and \(summary.images) images (\(KeepsakeCommand.formatBytes(summary.bytes))) to \(parsed.positionals[0]).")
        }
        return 0
    }
}

/// `keepsake import FILE`: a Keepsake archive (`keepsake import dayone|daylio|journey` is ``ImportCommand``).
enum ArchiveImportCommand {
    static let help = """
        Usage: keepsake [--store DIR] import FILE [--json]

        Reads an archive written by `keepsake export` into this store, empty or not. Every entry is
        checked first: an archive with unsafe names (`..`, absolute paths, links), unknown entries or
        damaged images is refused whole and nothing is imported. Records whose id is already in the
        store are skipped, so importing twice never duplicates.

        Examples:
          keepsake import ~/keepsake-backup.tar.gz
          keepsake --store /tmp/copy import backup.tar.gz --json
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valueFlags: ["--store"], switchFlags: ["--json", "--help"])
        if parsed.has("--help") {
            print(help)
            return 0
        }
        guard parsed.positionals.count == 1 else { throw UsageError(description: "import needs one FILE; see keepsake import --help.") }
        let store = try KeepsakeCommand.openStore(parsed)
        let progress = Progress(label: "import")
        let summary = try StoreArchive(store: store).import(from: URL(fileURLWithPath: parsed.positionals[0])) { progress.update($0, $1) }
        progress.finish()
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(summary)
        } else {
            print("Imported \(summary.imported) records with \(summary.images) images; skipped \(summary.skipped) already present.")
        }
        return 0
    }
}
