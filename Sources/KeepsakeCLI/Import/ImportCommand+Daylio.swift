import Foundation
import KeepsakeDiary
import KeepsakeForeignImport
import KeepsakeStore

extension ImportCommand {
    /// `keepsake import daylio FILE`: a Daylio CSV export or backup, through ``DaylioImporter``.
    struct Daylio: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "daylio", abstract: "A Daylio CSV export or .daylio backup.",
            discussion: """
                Imports a Daylio CSV export (every column layout Daylio has written) or a .daylio backup
                (with its photos) into the diary. Each mood becomes an emotion and an intensity through the
                mood table (docs/IMPORT.md); a mood that is not in it comes over as calm 3 and is reported.
                Activities become tags, the note's title the title and the note the text.
                """,
            examples: ["keepsake import daylio daylio_export.csv --time-zone Asia/Seoul", "keepsake import daylio backup_2024.daylio --moods moods.txt --dry-run"])

        /// The export.
        @Argument(.file(), hint: "a CSV export or a .daylio backup") var file: String
        /// Changes to the mood table.
        @Option("--moods", .file(), help: """
            Lines like `ok but sleepy = tiredness 2` that change the mood table
            (also `group 3 = calm 3` and `default = calm 3`).
            """)
        var moods: String?
        /// The zone of the CSV's times.
        @Option("--time-zone", .timeZone, help: "The zone of the CSV's times, which carry none (default: yours).") var timeZone: TimeZone?
        /// Write nothing.
        @Flag("--dry-run", help: ImportCommand.dryRunHelp) var dryRun: Bool

        /// Imports the export and prints the report.
        func run(_ call: Invocation) async throws -> Int32 {
            var options = DiaryImportOptions()
            if let path = moods {
                let text: String
                do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                    throw CommandFailure(message: "Cannot read the mood file \(KeepsakeError.printable(path)): \(FileManager.default.fileExists(atPath: path) ? "it is not UTF-8 text" : "it does not exist").")
                }
                options.moods = try MoodTable(parsing: text)
            }
            return try importDiary(call, from: file, options: options, timeZone: timeZone, dryRun: dryRun) {
                DaylioImporter(file: $0, diary: $1, options: $2, displayName: $3)
            }
        }
    }
}
