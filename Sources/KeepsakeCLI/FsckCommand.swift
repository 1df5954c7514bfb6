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
            Photos stored before books had folders (attachments/<collection>/...) are counted, not
            called a problem; --repair moves them into their book's folder. Then the ledger's own rules: a transfer whose account is missing, a recurring rule that
            made a day twice, a split transaction whose parts do not sum. These are reported, never
            repaired: each line says what to do.
            """,
        epilogue: "Exit status: 0 when the store is clean (after repair, if asked), 1 when problems remain.",
        examples: ["keepsake fsck", "keepsake fsck --repair"])

    /// Fix what can be fixed.
    @Flag("--repair", help: """
        Fix what can be fixed: drop dangling rows, move orphans and unexpected entries
        to lost+found/ (nothing is deleted), make missing thumbnails again, and move
        images stored before books had folders into their book's folder.
        """)
    var repair: Bool
    /// Skip the hashes.
    @Flag("--no-hashes", help: "Skip reading every file to check its hash (faster).") var noHashes: Bool

    /// Checks the store and prints the report.
    func run(_ call: Invocation) async throws -> Int32 {
        let store = try call.openStore()
        let result = try call.withProgress("fsck") { try StoreCheck(of: store, repair: repair, verifyHashes: !noHashes, progress: $0) }
        let report = result.report
        if call.json {
            try call.printJSON(result)
            return result.isClean ? 0 : 1
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
        section("Images outside their book's folder (stored before books had folders; --repair moves them)",
                report.imagesOutsideTheirBook.map { "\($0.path) (record \($0.recordID))" })
        section("Repaired", report.repairs)
        section("Cannot repair", report.unrepairable)
        // The ledger's own invariants, which no repair fixes without a person's choice.
        for kind in LedgerProblem.Kind.allCases {
            section(kind.title, result.ledgerProblems.filter { $0.kind == kind }.map(\.message))
        }
        call.print(result.isClean ? "Clean." : "Problems remain; run keepsake fsck --repair to fix what can be fixed.")
        return result.isClean ? 0 : 1
    }
}
