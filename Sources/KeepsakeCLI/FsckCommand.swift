import Foundation
import KeepsakeStore

/// `keepsake fsck [--repair]`.
enum FsckCommand {
    static let help = """
        Usage: keepsake [--store DIR] fsck [--repair] [--no-hashes] [--json]

        Checks the store: image rows whose file is missing (dangling references), files nobody refers
        to (orphans), files whose SHA-256 no longer matches, missing or stray thumbnails, and symbolic
        links inside the store. Interrupted operations of dead processes are completed first.

        --repair     Fix what can be fixed: drop dangling rows, move orphans and unexpected entries
                     to lost+found/ (nothing is deleted), make missing thumbnails again.
        --no-hashes  Skip reading every file to check its hash (faster).

        Exit status: 0 when the store is clean (after repair, if asked), 1 when problems remain.

        Examples:
          keepsake fsck
          keepsake fsck --repair
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valueFlags: ["--store"], switchFlags: ["--json", "--help", "--repair", "--no-hashes"])
        if parsed.has("--help") {
            print(help)
            return 0
        }
        guard parsed.positionals.isEmpty else { throw UsageError(description: "fsck takes no arguments; see keepsake fsck --help.") }
        let store = try KeepsakeCommand.openStore(parsed)
        let progress = Progress(label: "fsck")
        let report = try store.fsck(repair: parsed.has("--repair"), verifyHashes: !parsed.has("--no-hashes")) { done, total in
            progress.update(done, total)
        }
        progress.finish()
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(report)
            return report.isClean ? 0 : 1
        }
        print("Checked \(report.recordsChecked) records, \(report.attachmentsChecked) images, \(report.filesScanned) files.")
        if report.intentsRecovered > 0 { print("Completed \(report.intentsRecovered) interrupted operations first.") }
        func section(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            print("\(title): \(items.count)")
            for item in items { print("  \(item)") }
        }
        section("Dangling references", report.danglingReferences.map { "\($0.path) (record \($0.recordID))" })
        section("Orphan files", report.orphanFiles)
        section("Hash mismatches", report.hashMismatches.map { "\($0.path) (record \($0.recordID))" })
        section("Missing thumbnails", report.missingThumbnails)
        section("Orphan thumbnails", report.orphanThumbnails)
        section("Unexpected entries", report.unexpectedEntries)
        section("Repaired", report.repairs)
        section("Cannot repair", report.unrepairable)
        print(report.isClean && report.unrepairable.isEmpty ? "Clean." : "Problems remain; run keepsake fsck --repair to fix what can be fixed.")
        return report.isClean && report.unrepairable.isEmpty ? 0 : 1
    }
}
