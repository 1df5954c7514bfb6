import Foundation
import KeepsakeDiary
import KeepsakeForeignImport

extension ImportCommand {
    /// `keepsake import journey EXPORT`: a Journey export, through ``JourneyImporter``.
    struct Journey: AppExportSource {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "journey", abstract: "A Journey export: the zip (or folder) of one JSON file per entry and photos.",
            discussion: """
                Imports a Journey export (the zip of one JSON file per entry plus photos, or its unpacked
                folder) into the diary: HTML text as Markdown, the date in the entry's time zone, tags
                (favourites tagged starred), the photos in order; the sentiment becomes the emotion.
                """,
            examples: ["keepsake import journey journey-export.zip", "keepsake import journey ~/journey --keep-location --dry-run --json"])

        /// What reads the export.
        typealias Source = JourneyImporter
        /// The export.
        @Argument(.file("EXPORT"), hint: "a zip or a folder") var export: String
        /// For entries without a sentiment.
        @Option("--emotion", .emotion, help: "For entries without a sentiment (default calm).") var emotion: Emotion?
        /// The intensity of every entry.
        @Option("--intensity", .integer(in: 1...5), help: ImportCommand.intensityHelp) var intensity: Int?
        /// Keep the address, coordinates and weather.
        @Flag("--keep-location", help: "Keep the address, coordinates and weather as fields.") var keepLocation: Bool
        /// For entries without a time zone.
        @Option("--time-zone", .timeZone, help: ImportCommand.timeZoneHelp) var timeZone: TimeZone?
        /// Write nothing.
        @Flag("--dry-run", help: ImportCommand.dryRunHelp) var dryRun: Bool
    }
}
