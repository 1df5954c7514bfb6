import Foundation
import KeepsakeDiary
import KeepsakeForeignImport

extension ImportCommand {
    /// `keepsake import dayone EXPORT`: a Day One JSON export, through ``DayOneImporter``.
    struct DayOne: AppExportSource {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "dayone", abstract: "A Day One JSON export: the zip, its unpacked folder or one journal's JSON.",
            discussion: """
                Imports a Day One JSON export (the zip Day One makes, its unpacked folder, or one journal's
                JSON file with its photos/ folder beside it) into the diary: text as Markdown (Day One's
                backslash escapes undone, a first-line heading as the title, dayone-moment:// links as
                [photo N]), the creation date in the entry's time zone, tags (starred and pinned as tags) and
                the photos in Day One's order. Videos, audio and PDFs are reported, not imported; a missing
                or damaged photo is reported and its entry comes over tagged missing-photo.
                """,
            examples: [
                "keepsake import dayone ~/Downloads/DayOne-Export.zip",
                #"keepsake import dayone "Journal.json" --emotion gratitude --intensity 4 --dry-run"#,
            ])

        /// What reads the export.
        typealias Source = DayOneImporter
        /// The export.
        @Argument(.file("EXPORT"), hint: "a zip, a folder or a journal's JSON file") var export: String
        /// The emotion of every entry.
        @Option("--emotion", .emotion, help: "Day One has no mood: the emotion of every entry (default calm).") var emotion: Emotion?
        /// The intensity of every entry.
        @Option("--intensity", .integer(in: 1...5), help: ImportCommand.intensityHelp) var intensity: Int?
        /// Keep the place and weather.
        @Flag("--keep-location", help: "Keep the place and the weather as fields (off: location is private).") var keepLocation: Bool
        /// For entries without a time zone.
        @Option("--time-zone", .timeZone, help: ImportCommand.timeZoneHelp) var timeZone: TimeZone?
        /// Write nothing.
        @Flag("--dry-run", help: ImportCommand.dryRunHelp) var dryRun: Bool
    }
}
