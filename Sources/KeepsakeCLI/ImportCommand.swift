import Foundation
import KeepsakeDiary
import KeepsakeImport
import KeepsakeLedger
import KeepsakeStore

/// `keepsake import dayone|daylio|journey EXPORT`: a diary from another app (``KeepsakeImport``);
/// `keepsake import FILE` is still a Keepsake archive (``ArchiveImportCommand``). The statements of
/// `keepsake ledger import` (OFX, QIF, Firefly III, camt.053, bank CSV) are run from here too.
enum ImportCommand {
    static let help = """
        Usage: keepsake [--store DIR] import dayone|daylio|journey EXPORT [options]
               keepsake [--store DIR] import FILE [--json]

        Brings a diary over from another app, with its photos, or reads a Keepsake archive.

          dayone EXPORT    A Day One JSON export: the zip, its unpacked folder or one journal's JSON.
          daylio FILE      A Daylio CSV export or .daylio backup.
          journey EXPORT   A Journey export: the zip (or folder) of one JSON file per entry and photos.
          FILE             An archive written by keepsake export (keepsake import FILE --help).

        Every import can be run again: what is already there is skipped (each record keeps the source's
        id), so a second run adds nothing and an import that was stopped continues. --dry-run shows
        what would come over. The report lists what was imported, skipped and refused, with reasons; a
        missing or damaged photo is reported and its entry still comes over. Bank statements go into
        the ledger with keepsake ledger import. Details: docs/IMPORT.md.

        Examples:
          keepsake import dayone ~/Downloads/DayOne-Export.zip --dry-run
          keepsake import daylio daylio_export.csv --time-zone Asia/Seoul
          keepsake import journey journey-export.zip --emotion joy --json
          keepsake import ~/keepsake-backup.tar.gz
        """

    static let diarySources = ["dayone", "daylio", "journey"]

    /// Runs `keepsake import …`.
    @MainActor
    static func run(_ arguments: [String]) async throws -> Int32 {
        let valueFlags: Set<String> = ["--store", "--emotion", "--intensity", "--time-zone", "--moods"]
        guard let (first, _) = CommandLineArguments.splitCommand(arguments, valueFlags: valueFlags) else {
            if arguments.contains("--help") || arguments.contains("-h") {
                print(help)
                return 0
            }
            throw UsageError(description: "import needs a source (dayone, daylio, journey) and its export, or an archive FILE; see keepsake import --help.")
        }
        if first == "help" {
            print(help)
            return 0
        }
        guard diarySources.contains(first) else { return try ArchiveImportCommand.run(arguments) }
        return try await group.run(arguments)
    }

    static var group: CommandGroup {
        CommandGroup(name: "import", help: help, actions: [dayone, daylio, journey])
    }

    // MARK: - The diary sources

    static var dayone: CommandGroup.Action {
        CommandGroup.Action(name: "dayone", valueFlags: ["--emotion", "--intensity", "--time-zone"], switchFlags: ["--keep-location", "--dry-run"], help: """
            Usage: keepsake [--store DIR] import dayone EXPORT [--emotion NAME] [--intensity N] [--keep-location]
                                                   [--time-zone ZONE] [--dry-run] [--json]

            Imports a Day One JSON export (the zip Day One makes, its unpacked folder, or one journal's
            JSON file with its photos/ folder beside it) into the diary: text as Markdown (Day One's
            backslash escapes undone, a first-line heading as the title, dayone-moment:// links as
            [photo N]), the creation date in the entry's time zone, tags (starred and pinned as tags) and
            the photos in Day One's order. Videos, audio and PDFs are reported, not imported; a missing
            or damaged photo is reported and its entry comes over tagged missing-photo.

              --emotion NAME     Day One has no mood: the emotion of every entry (default calm).
              --intensity N      Its intensity, 1 to 5 (default 3).
              --keep-location    Keep the place and the weather as fields (off: location is private).
              --time-zone ZONE   For entries without a time zone (default: yours).
              --dry-run          Show what would come over; write nothing.

            Examples:
              keepsake import dayone ~/Downloads/DayOne-Export.zip
              keepsake import dayone "Journal.json" --emotion gratitude --intensity 4 --dry-run
            """) { parsed in
            let export = try single(parsed, "import dayone needs one EXPORT (a zip, a folder or a journal's JSON file)")
            var options = try diaryOptions(parsed)
            options.keepLocation = parsed.has("--keep-location")
            let store = try KeepsakeCommand.openStore(parsed)
            let importer = DayOneImporter(export: URL(fileURLWithPath: export), diary: Diary(store: store), options: options, displayName: export)
            return try runImport(importer, store: store, parsed: parsed, refusals: .importTheRest)
        }
    }

    static var daylio: CommandGroup.Action {
        CommandGroup.Action(name: "daylio", valueFlags: ["--moods", "--time-zone"], switchFlags: ["--dry-run"], help: """
            Usage: keepsake [--store DIR] import daylio FILE [--moods FILE] [--time-zone ZONE] [--dry-run] [--json]

            Imports a Daylio CSV export (every column layout Daylio has written) or a .daylio backup
            (with its photos) into the diary. Each mood becomes an emotion and an intensity through the
            mood table (docs/IMPORT.md); a mood that is not in it comes over as calm 3 and is reported.
            Activities become tags, the note's title the title and the note the text.

              --moods FILE       Lines like `ok but sleepy = tiredness 2` that change the mood table
                                 (also `group 3 = calm 3` and `default = calm 3`).
              --time-zone ZONE   The zone of the CSV's times, which carry none (default: yours).
              --dry-run          Show what would come over; write nothing.

            Examples:
              keepsake import daylio daylio_export.csv --time-zone Asia/Seoul
              keepsake import daylio backup_2024.daylio --moods moods.txt --dry-run
            """) { parsed in
            let file = try single(parsed, "import daylio needs one FILE (a CSV export or a .daylio backup)")
            let options = try diaryOptions(parsed)
            let store = try KeepsakeCommand.openStore(parsed)
            let importer = DaylioImporter(file: URL(fileURLWithPath: file), diary: Diary(store: store), options: options, displayName: file)
            return try runImport(importer, store: store, parsed: parsed, refusals: .importTheRest)
        }
    }

    static var journey: CommandGroup.Action {
        CommandGroup.Action(name: "journey", valueFlags: ["--emotion", "--intensity", "--time-zone"], switchFlags: ["--keep-location", "--dry-run"], help: """
            Usage: keepsake [--store DIR] import journey EXPORT [--emotion NAME] [--intensity N] [--keep-location]
                                                    [--time-zone ZONE] [--dry-run] [--json]

            Imports a Journey export (the zip of one JSON file per entry plus photos, or its unpacked
            folder) into the diary: HTML text as Markdown, the date in the entry's time zone, tags
            (favourites tagged starred), the photos in order; the sentiment becomes the emotion.

              --emotion NAME     For entries without a sentiment (default calm).
              --intensity N      Its intensity, 1 to 5 (default 3).
              --keep-location    Keep the address, coordinates and weather as fields.
              --time-zone ZONE   For entries without a time zone (default: yours).
              --dry-run          Show what would come over; write nothing.

            Examples:
              keepsake import journey journey-export.zip
              keepsake import journey ~/journey --keep-location --dry-run --json
            """) { parsed in
            let export = try single(parsed, "import journey needs one EXPORT (a zip or a folder)")
            var options = try diaryOptions(parsed)
            options.keepLocation = parsed.has("--keep-location")
            let store = try KeepsakeCommand.openStore(parsed)
            let importer = JourneyImporter(export: URL(fileURLWithPath: export), diary: Diary(store: store), options: options, displayName: export)
            return try runImport(importer, store: store, parsed: parsed, refusals: .importTheRest)
        }
    }

    // MARK: - Ledger statements (keepsake ledger import)

    /// The flags `ledger import` takes for statements.
    static let statementValueFlags: Set<String> = ["--format", "--rules", "--currency", "--category", "--encoding", "--round",
                                                   "--account", "--date-order", "--decimal-mark"]

    /// Runs `ledger import FILE` when FILE is a statement (OFX, QIF, Firefly III, camt, bank CSV);
    /// `nil` when it is Keepsake's own CSV, which `LedgerCommand` imports itself.
    @MainActor
    static func ledgerStatement(_ parsed: CommandLineArguments) throws -> Int32? {
        let path = parsed.positionals[0]
        let format = parsed.value("--format")?.lowercased() ?? "auto"
        let known = ["auto", "keepsake"] + ImportSource.ledgerSources.map(\.rawValue)
        guard known.contains(format) else {
            throw UsageError(description: "--format is one of \(known.joined(separator: ", ")), not \(KeepsakeError.quoted(format)).")
        }
        if format == "keepsake" { return nil }
        if path == "-" {
            guard format == "auto" else { throw UsageError(description: "Statements are read from a file, not standard input; give the FILE.") }
            return nil
        }
        let url = URL(fileURLWithPath: path)
        let source: ImportSource
        if let chosen = ImportSource(rawValue: format) {
            source = chosen
        } else {
            switch try LedgerFileFormat.detect(url) {
            case .keepsakeCSV: return nil
            case .statement(let detected): source = detected
            }
        }
        if source == .csv, parsed.value("--rules") == nil, format == "auto" {
            throw CommandFailure(message: "\(path) is a CSV whose header is neither Keepsake's ledger CSV header (\(Ledger.csvHeader.joined(separator: ","))) nor a Firefly III export's; if it is a bank's CSV, describe its columns in a rules file and add --rules FILE (docs/IMPORT.md has the format and examples).")
        }
        var options = LedgerImportOptions()
        if let code = parsed.value("--currency") {
            do { options.currency = try Currency(code: code) } catch let error as KeepsakeError { throw UsageError(description: error.message) }
        }
        if let category = parsed.value("--category") { options.category = category }
        if let name = parsed.value("--encoding") {
            guard let encoding = TextEncoding(name: name) else {
                throw UsageError(description: "--encoding is one of \(TextEncoding.acceptedNames), not \(KeepsakeError.quoted(name)).")
            }
            options.encoding = encoding
        }
        if let name = parsed.value("--round") {
            guard let rounding = AmountRounding(rawValue: name.lowercased()) else {
                throw UsageError(description: "--round is half-up, half-even or down, not \(KeepsakeError.quoted(name)).")
            }
            options.rounding = rounding
        }
        if let order = parsed.value("--date-order") {
            guard let value = QIFDateOrder(rawValue: order.lowercased()) else {
                throw UsageError(description: "--date-order is mdy, dmy or ymd, not \(KeepsakeError.quoted(order)).")
            }
            options.qifDateOrder = value
        }
        if let mark = parsed.value("--decimal-mark") {
            guard mark == "." || mark == "," else { throw UsageError(description: "--decimal-mark is . or ,, not \(KeepsakeError.quoted(mark)).") }
            options.decimalMark = mark.first!
        }
        options.account = parsed.value("--account")
        var rules: CSVRules?
        if let rulesPath = parsed.value("--rules") {
            let text: String
            do { text = try String(contentsOfFile: rulesPath, encoding: .utf8) } catch {
                throw CommandFailure(message: "Cannot read the rules file \(rulesPath): \(FileManager.default.fileExists(atPath: rulesPath) ? "it is not UTF-8 text" : "it does not exist").")
            }
            rules = try CSVRules(parsing: text)
        }
        if source == .qif, options.currency == nil {
            throw UsageError(description: "A QIF file does not say its currency; add --currency CODE (for example --currency USD).")
        }
        let store = try KeepsakeCommand.openStore(parsed)
        let importer = try LedgerFileFormat.importer(source, file: url, rules: rules, ledger: Ledger(store: store), options: options, displayName: path)
        return try runImport(importer, store: store, parsed: parsed, refusals: parsed.has("--skip-invalid") ? .importTheRest : .nothingIfAnyRefused)
    }

    // MARK: - Running and reporting

    private static func single(_ parsed: CommandLineArguments, _ usage: String) throws -> String {
        try parsed.expectPositionals(1...1, usage: usage + "; see --help.")
        return parsed.positionals[0]
    }

    private static func diaryOptions(_ parsed: CommandLineArguments) throws -> DiaryImportOptions {
        var options = DiaryImportOptions()
        if let name = parsed.value("--emotion") { options.emotion = try CommandSupport.emotion(name) }
        if let intensity = try parsed.integer("--intensity", in: 1...5) { options.intensity = intensity }
        options.timeZone = try CommandSupport.timeZone(parsed.value("--time-zone"))
        if let path = parsed.value("--moods") {
            let text: String
            do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw CommandFailure(message: "Cannot read the mood file \(path): \(FileManager.default.fileExists(atPath: path) ? "it is not UTF-8 text" : "it does not exist").")
            }
            options.moods = try MoodTable(parsing: text)
        }
        return options
    }

    /// Plans, writes (with progress), prints the report.
    private static func runImport(_ importer: any Importer, store: Store, parsed: CommandLineArguments,
                                  refusals: ImportWriter.RefusalPolicy) throws -> Int32 {
        let plan = try importer.plan()
        let progress = Progress(label: "import \(importer.source.rawValue)")
        let report: ImportReport
        do {
            report = try ImportWriter(store: store).write(plan, dryRun: parsed.has("--dry-run"), refusals: refusals) { progress.update($0, $1) }
        } catch let error as ImportRefusedError {
            progress.finish()
            if parsed.has("--json") { try KeepsakeCommand.printJSON(error.report) }
            throw CommandFailure(message: error.message, details: error.report.refused.map(\.description))
        }
        progress.finish()
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(report)
            return 0
        }
        print(report.summary)
        if report.dryRun {
            for item in report.imported { print("  + \(item.location): \(item.summary)") }
        }
        func list(_ title: String, _ issues: [ImportIssue], limit: Int = 50) {
            guard !issues.isEmpty else { return }
            print("\(title) (\(issues.count)):")
            for issue in issues.prefix(limit) { print("  \(issue)") }
            if issues.count > limit { print("  … and \(issues.count - limit) more (--json lists them all)") }
        }
        list(report.dryRun ? "Would skip" : "Skipped", report.skipped)
        list("Refused", report.refused)
        list("Notes", report.notes)
        return 0
    }
}
