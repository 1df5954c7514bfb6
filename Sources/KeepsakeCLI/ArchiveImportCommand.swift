import Foundation
import KeepsakeStore
import KeepsakeStoreTransfer

/// `keepsake import FILE`: a Keepsake archive, the default of `keepsake import` (whose other
/// actions are the diary sources of ``ImportCommand``).
struct ArchiveImportCommand: ParsableCommand {
    /// The command.
    static let command = Command(Self.self)
    /// Its name and help.
    static let configuration = CommandConfiguration(
        "archive", abstract: "Read an archive written by keepsake export (records already present are skipped).",
        section: KeepsakeCommand.storeCommands,
        discussion: """
            Reads an archive written by `keepsake export` into this store, empty or not. Every entry is
            checked first: an archive with unsafe names (`..`, absolute paths, links), unknown entries or
            damaged images is refused whole and nothing is imported. Records whose id is already in the
            store are skipped, so importing twice never duplicates.
            """,
        examples: ["keepsake import ~/keepsake-backup.tar.gz", "keepsake --store /tmp/copy import backup.tar.gz --json"])

    /// The archive to read.
    @Argument(.file(), hint: "an archive written by keepsake export") var path: String

    /// Imports the archive and prints what came in.
    func run(_ call: Invocation) async throws -> Int32 {
        let file = URL(fileURLWithPath: path)
        let reader = StoreArchive(store: try call.openStore())
        let summary = try call.withProgress("import") { try reader.import(from: file, progress: $0) }
        try call.printResult(summary) {
            call.print("Imported \(summary.imported) records with \(summary.images) images; skipped \(summary.skipped) already present.")
        }
        return 0
    }
}
