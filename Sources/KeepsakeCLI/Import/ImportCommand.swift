import Foundation
import KeepsakeDiary
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore

/// `keepsake import dayone|daylio|journey EXPORT`: a diary from another app (``KeepsakeForeignImport``);
/// `keepsake import FILE` is still a Keepsake archive (``ArchiveImportCommand``, the group's default).
/// The statements of `keepsake ledger import` (OFX, QIF, Firefly III, camt.053, bank CSV) are run
/// from here too.
enum ImportCommand {
    /// The `import` group: the diary sources (each in `Import/ImportCommand+Source.swift`) and the
    /// archive import as its default.
    static let command = Command(
        group: "import", abstract: "Bring a diary over from Day One, Daylio or Journey, with its photos\n(bank statements: keepsake ledger import).",
        section: KeepsakeCommand.apps,
        discussion: "Brings a diary over from another app, with its photos, or reads a Keepsake archive.",
        subcommands: [Command(DayOne.self), Command(Daylio.self), Command(Journey.self), ArchiveImportCommand.command],
        defaultSubcommand: ArchiveImportCommand.command.name,
        epilogue: """
            Every import can be run again: what is already there is skipped (each record keeps the source's
            id), so a second run adds nothing and an import that was stopped continues. --dry-run shows
            what would come over. The report lists what was imported, skipped and refused, with reasons; a
            missing or damaged photo is reported and its entry still comes over. Bank statements go into
            the ledger with keepsake ledger import. Details: docs/IMPORT.md.
            """,
        examples: [
            "keepsake import dayone ~/Downloads/DayOne-Export.zip --dry-run",
            "keepsake import daylio daylio_export.csv --time-zone Asia/Seoul",
            "keepsake import journey journey-export.zip --emotion joy --json",
            "keepsake import ~/keepsake-backup.tar.gz",
        ])

    /// The help of `--intensity` for the diary sources.
    static let intensityHelp = "Its intensity, 1 to 5 (default 3)."
    /// The help of `--time-zone` for the sources whose entries may lack one.
    static let timeZoneHelp = "For entries without a time zone (default: yours)."
    /// The help of `--dry-run`.
    static let dryRunHelp = "Show what would come over; write nothing."

    /// Imports the export at `path` into the diary with `options` (its time zone `timeZone`, else
    /// the user's), through the importer `importer` makes.
    @MainActor
    static func importDiary<Source: Importer>(
        _ call: Invocation, from path: String, options: DiaryImportOptions, timeZone: TimeZone?, dryRun: Bool,
        importer: (URL, Diary, DiaryImportOptions, String) -> Source) throws -> Int32 {
        var options = options
        options.timeZone = timeZone ?? call.timeZone
        let store = try call.openStore()
        return try runImport(importer(URL(fileURLWithPath: path), Diary(store: store), options, path), store: store, call, dryRun: dryRun,
                             refusals: .importTheRest)
    }

    // MARK: - Running and reporting

    /// Plans, writes (with progress), prints the report.
    static func runImport(_ importer: any Importer, store: Store, _ call: Invocation, dryRun: Bool,
                          refusals: ImportWriter.RefusalPolicy) throws -> Int32 {
        let plan = try importer.plan()
        let report: ImportReport
        do {
            report = try call.withProgress("import \(importer.source.rawValue)") { update in
                try ImportWriter(store: store).write(plan, dryRun: dryRun, refusals: refusals, progress: update)
            }
        } catch let error as ImportRefusedError {
            if call.json { try call.printJSON(error.report) }
            throw CommandFailure(message: error.message, details: error.report.refused.map(\.description))
        }
        if call.json {
            try call.printJSON(report)
            return 0
        }
        call.print(report.summary)
        if report.dryRun {
            for item in report.imported { call.print("  + \(item.location): \(item.summary)") }
        }
        func list(_ title: String, _ issues: [ImportIssue], limit: Int = 50) {
            guard !issues.isEmpty else { return }
            call.print("\(title) (\(issues.count)):")
            for issue in issues.prefix(limit) { call.print("  \(issue)") }
            if issues.count > limit { call.print("  … and \(issues.count - limit) more (--json lists them all)") }
        }
        list(report.dryRun ? "Would skip" : "Skipped", report.skipped)
        list("Refused", report.refused)
        list("Notes", report.notes)
        return 0
    }
}
