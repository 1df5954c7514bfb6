import Foundation
import KeepsakeLedger
import KeepsakeStore

/// `keepsake fsck [--repair]`.
struct FsckCommand: ParsableCommand {
    /// The command.
    static let command = Command(Self.self)
    /// Its name and help.
    static let configuration = CommandConfiguration(
        "fsck", abstract: "Check the store (dangling references, orphan files, hashes,\nthumbnails); --repair fixes what can be fixed and says what it did.",
        section: KeepsakeCommand.storeCommands,
        discussion: """
            Checks the store: image rows whose file is missing (dangling references), files nobody refers
            to (orphans), files whose SHA-256 no longer matches, missing or stray thumbnails, and symbolic
            links inside the store. Interrupted operations of dead processes are completed first.
            """,
        epilogue: "Exit status: 0 when the store is clean (after repair, if asked), 1 when problems remain.",
        examples: ["keepsake fsck", "keepsake fsck --repair"])

    /// Fix what can be fixed.
    @Flag("--repair", help: """
        Fix what can be fixed: drop dangling rows, move orphans and unexpected entries
        to lost+found/ (nothing is deleted), make missing thumbnails again.
        """)
    var repair: Bool
    /// Skip the hashes.
    @Flag("--no-hashes", help: "Skip reading every file to check its hash (faster).") var noHashes: Bool

    /// Checks the store and prints the report.
    func run(_ call: Invocation) async throws -> Int32 {
        let store = try call.openStore()
        let report = try call.withProgress("fsck") { try store.fsck(repair: repair, verifyHashes: !noHashes, progress: $0) }
        if call.json {
            try call.printJSON(FsckResult(report: report))
            return report.isClean ? 0 : 1
        }
        call.print("Checked \(report.recordsChecked) records, \(report.attachmentsChecked) images, \(report.filesScanned) files.")
        if report.intentsRecovered > 0 { call.print("Completed \(report.intentsRecovered) interrupted operations first.") }
        func section(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            call.print("\(title): \(items.count)")
            for item in items { call.print("  \(item)") }
        }
        section("Dangling references", report.danglingReferences.map { "\($0.path) (record \($0.recordID))" })
        section("Orphan files", report.orphanFiles)
        section("Hash mismatches", report.hashMismatches.map { "\($0.path) (record \($0.recordID))" })
        section("Missing thumbnails", report.missingThumbnails)
        section("Orphan thumbnails", report.orphanThumbnails)
        section("Unexpected entries", report.unexpectedEntries)
        section("Repaired", report.repairs)
        section("Cannot repair", report.unrepairable)
        // The ledger's own invariant: both sides of every transfer name a money account.
        let transfers = try Ledger(store: store).transferProblems()
        section("Transfers with a missing account", transfers)
        let splits = try Ledger(store: store).splitProblems(); section("Split transactions that do not add up", splits)
        let clean = report.isClean && report.unrepairable.isEmpty && transfers.isEmpty && splits.isEmpty
        call.print(clean ? "Clean." : "Problems remain; run keepsake fsck --repair to fix what can be fixed.")
        return clean ? 0 : 1
    }
}
