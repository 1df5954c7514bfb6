import Foundation
import KeepsakeDiary
import KeepsakeImport
import KeepsakeLedger
import KeepsakeStore

/// `keepsake import dayone|daylio|journey EXPORT`: a diary from another app (``KeepsakeImport``);
/// `keepsake import FILE` is still a Keepsake archive (``ArchiveImportCommand``, the group's default).
/// The statements of `keepsake ledger import` (OFX, QIF, Firefly III, camt.053, bank CSV) are run
/// from here too.
enum ImportCommand {
    static let command = Command(
        group: "import", abstract: "Bring a diary over from Day One, Daylio or Journey, with its photos\n(bank statements: keepsake ledger import).",
        section: KeepsakeCommand.apps,
        discussion: "Brings a diary over from another app, with its photos, or reads a Keepsake archive.",
        subcommands: [dayone, daylio, journey, ArchiveImportCommand.command], defaultSubcommand: ArchiveImportCommand.command.name,
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

    // MARK: - The diary sources

    static let zone = Option("--time-zone", .timeZone, help: "For entries without a time zone (default: yours).")
    static let intensity = Option("--intensity", .integer(in: 1...5), help: "Its intensity, 1 to 5 (default 3).")
    static let dryRun = Flag("--dry-run", help: "Show what would come over; write nothing.")

    static let dayoneExport = Argument(.file("EXPORT"), hint: "a zip, a folder or a journal's JSON file")
    static let dayoneEmotion = Option("--emotion", .emotion, help: "Day One has no mood: the emotion of every entry (default calm).")
    static let dayoneLocation = Flag("--keep-location", help: "Keep the place and the weather as fields (off: location is private).")

    static let dayone = Command(
        "dayone", abstract: "A Day One JSON export: the zip, its unpacked folder or one journal's JSON.",
        discussion: """
            Imports a Day One JSON export (the zip Day One makes, its unpacked folder, or one journal's
            JSON file with its photos/ folder beside it) into the diary: text as Markdown (Day One's
            backslash escapes undone, a first-line heading as the title, dayone-moment:// links as
            [photo N]), the creation date in the entry's time zone, tags (starred and pinned as tags) and
            the photos in Day One's order. Videos, audio and PDFs are reported, not imported; a missing
            or damaged photo is reported and its entry comes over tagged missing-photo.
            """,
        arguments: [dayoneExport], options: [dayoneEmotion, intensity, dayoneLocation, zone, dryRun],
        examples: [
            "keepsake import dayone ~/Downloads/DayOne-Export.zip",
            #"keepsake import dayone "Journal.json" --emotion gratitude --intensity 4 --dry-run"#,
        ]) { call in
        try importDiary(call, from: dayoneExport, emotion: dayoneEmotion, keepLocation: dayoneLocation, importer: { DayOneImporter(export: $0, diary: $1, options: $2, displayName: $3) })
    }

    static let daylioFile = Argument(.file(), hint: "a CSV export or a .daylio backup")
    static let moods = Option("--moods", .file(), help: """
        Lines like `ok but sleepy = tiredness 2` that change the mood table
        (also `group 3 = calm 3` and `default = calm 3`).
        """)
    static let daylioZone = Option("--time-zone", .timeZone, help: "The zone of the CSV's times, which carry none (default: yours).")

    static let daylio = Command(
        "daylio", abstract: "A Daylio CSV export or .daylio backup.",
        discussion: """
            Imports a Daylio CSV export (every column layout Daylio has written) or a .daylio backup
            (with its photos) into the diary. Each mood becomes an emotion and an intensity through the
            mood table (docs/IMPORT.md); a mood that is not in it comes over as calm 3 and is reported.
            Activities become tags, the note's title the title and the note the text.
            """,
        arguments: [daylioFile], options: [moods, daylioZone, dryRun],
        examples: ["keepsake import daylio daylio_export.csv --time-zone Asia/Seoul", "keepsake import daylio backup_2024.daylio --moods moods.txt --dry-run"]) { call in
        var moodTable: MoodTable?
        if let path = call[moods] {
            let text: String
            do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw CommandFailure(message: "Cannot read the mood file \(KeepsakeError.printable(path)): \(FileManager.default.fileExists(atPath: path) ? "it is not UTF-8 text" : "it does not exist").")
            }
            moodTable = try MoodTable(parsing: text)
        }
        return try importDiary(call, from: daylioFile, zone: daylioZone, moods: moodTable, importer: { DaylioImporter(file: $0, diary: $1, options: $2, displayName: $3) })
    }

    static let journeyExport = Argument(.file("EXPORT"), hint: "a zip or a folder")
    static let journeyEmotion = Option("--emotion", .emotion, help: "For entries without a sentiment (default calm).")
    static let journeyLocation = Flag("--keep-location", help: "Keep the address, coordinates and weather as fields.")

    static let journey = Command(
        "journey", abstract: "A Journey export: the zip (or folder) of one JSON file per entry and photos.",
        discussion: """
            Imports a Journey export (the zip of one JSON file per entry plus photos, or its unpacked
            folder) into the diary: HTML text as Markdown, the date in the entry's time zone, tags
            (favourites tagged starred), the photos in order; the sentiment becomes the emotion.
            """,
        arguments: [journeyExport], options: [journeyEmotion, intensity, journeyLocation, zone, dryRun],
        examples: ["keepsake import journey journey-export.zip", "keepsake import journey ~/journey --keep-location --dry-run --json"]) { call in
        try importDiary(call, from: journeyExport, emotion: journeyEmotion, keepLocation: journeyLocation, importer: { JourneyImporter(export: $0, diary: $1, options: $2, displayName: $3) })
    }

    /// Imports the export named by `argument` into the diary with the options every diary source
    /// shares (those a source does not take are `nil`), through the importer `importer` makes.
    @MainActor
    private static func importDiary<Source: Importer>(
        _ call: Invocation, from argument: Argument<String>, emotion: Option<Emotion>? = nil, keepLocation: Flag? = nil,
        zone: Option<TimeZone> = zone, moods: MoodTable? = nil,
        importer: (URL, Diary, DiaryImportOptions, String) -> Source) throws -> Int32 {
        let path = try call.required(argument)
        var options = DiaryImportOptions()
        if let emotion, let value = call[emotion] { options.emotion = value }
        if let value = call[intensity] { options.intensity = value }
        if let keepLocation { options.keepLocation = call[keepLocation] }
        options.timeZone = call[zone] ?? call.timeZone
        if let moods { options.moods = moods }
        let store = try call.openStore()
        return try runImport(importer(URL(fileURLWithPath: path), Diary(store: store), options, path), store: store, call, refusals: .importTheRest)
    }

    // MARK: - Ledger statements (keepsake ledger import)

    static let formats = ["auto", "keepsake"] + ImportSource.ledgerSources.map(\.rawValue)
    static let format = Option("--format", .choice(formats.map { ($0, $0) }, placeholder: "FORMAT", ignoringCase: true),
                               help: "\(formats.joined(separator: ", ")) (default auto: told by the content).")
    static let rules = Option("--rules", .file(), help: """
        How to read a bank CSV: columns, date format, decimal mark, currency,
        and if-blocks that set the category or memo.
        """)
    static let currency = Option("--currency", .currency, help: "For statements that do not say theirs (QIF, a CSV without a currency).")
    static let category = Option("--category", .text("NAME"), help: "For rows without a category (default Uncategorized).")
    static let encoding = Option("--encoding", ValueParser("NAME") { text, name in
        guard let encoding = TextEncoding(name: text) else {
            throw UsageError(description: "\(name) is one of \(TextEncoding.acceptedNames), not \(KeepsakeError.quoted(text)).")
        }
        return encoding
    }, help: "utf-8, utf-16, windows-1252, iso-8859-1, euc-kr or cp949 (default: detected).")
    static let round = Option("--round", .choice(AmountRounding.allCases.map { ($0.rawValue, $0) }, placeholder: "MODE", ignoringCase: true),
                              help: "Round amounts with too many decimals: half-up, half-even or down.")
    static let account = Option("--account", .text("NAME"), help: "The account the file belongs to, when it does not say (QIF, CSV).")
    static let dateOrder = Option("--date-order", .choice(QIFDateOrder.allCases.map { ($0.rawValue, $0) }, ignoringCase: true),
                                  help: "The order of a QIF file's dates (default mdy, as in the US).")
    static let decimalMark = Option("--decimal-mark", .choice([(".", Character(".")), (",", Character(","))]),
                                    help: "The decimal mark of a bank CSV's amounts (default .).")

    /// The options `ledger import` takes for statements.
    static let statementOptions: [any OptionDeclaration] = [format, rules, currency, category, encoding, round, account, dateOrder, decimalMark]

    /// Runs `ledger import FILE` when FILE is a statement (OFX, QIF, Firefly III, camt, bank CSV);
    /// `nil` when it is Keepsake's own CSV, which `LedgerCommand` imports itself.
    @MainActor
    static func ledgerStatement(_ call: Invocation, path: String) throws -> Int32? {
        let format = call[format]?.lowercased() ?? "auto"
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
        if source == .csv, !call.given(rules), format == "auto" {
            throw CommandFailure(message: "\(KeepsakeError.printable(path)) is a CSV whose header is neither Keepsake's ledger CSV header (\(Ledger.csvHeader.joined(separator: ","))) nor a Firefly III export's; if it is a bank's CSV, describe its columns in a rules file and add --rules FILE (docs/IMPORT.md has the format and examples).")
        }
        var options = LedgerImportOptions()
        options.currency = call[currency]
        if let category = call[category] { options.category = category }
        options.encoding = call[encoding]
        options.rounding = call[round]
        if let order = call[dateOrder] { options.qifDateOrder = order }
        if let mark = call[decimalMark] { options.decimalMark = mark }
        options.account = call[account]
        var csvRules: CSVRules?
        if let rulesPath = call[rules] {
            let text: String
            do { text = try String(contentsOfFile: rulesPath, encoding: .utf8) } catch {
                throw CommandFailure(message: "Cannot read the rules file \(KeepsakeError.printable(rulesPath)): \(FileManager.default.fileExists(atPath: rulesPath) ? "it is not UTF-8 text" : "it does not exist").")
            }
            csvRules = try CSVRules(parsing: text)
        }
        if source == .qif, options.currency == nil {
            throw UsageError(description: "A QIF file does not say its currency; add --currency CODE (for example --currency USD).")
        }
        let store = try call.openStore()
        let importer = try LedgerFileFormat.importer(source, file: url, rules: csvRules, ledger: Ledger(store: store), options: options, displayName: path)
        return try runImport(importer, store: store, call, refusals: call[LedgerCommand.skipInvalid] ? .importTheRest : .nothingIfAnyRefused)
    }

    // MARK: - Running and reporting

    /// Plans, writes (with progress), prints the report.
    private static func runImport(_ importer: any Importer, store: Store, _ call: Invocation, refusals: ImportWriter.RefusalPolicy) throws -> Int32 {
        let plan = try importer.plan()
        let report: ImportReport
        do {
            report = try call.withProgress("import \(importer.source.rawValue)") { update in
                try ImportWriter(store: store).write(plan, dryRun: call[dryRun], refusals: refusals, progress: update)
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
