import Foundation
import KeepsakeDiary
import KeepsakeForeignImport

extension ImportCommand {
    /// A diary source read from an app's export (Day One, Journey): the export, an emotion for the
    /// entries that carry none, their intensity, whether to keep the location, a time zone for the
    /// entries without one, and `--dry-run`. Each source declares the options with its own help; the
    /// import itself is one ``run(_:)`` for both.
    protocol AppExportSource: ParsableCommand {
        /// What reads the export (made with its `init(export:diary:options:displayName:)`).
        associatedtype Source: DiaryImporter
        /// The export's path.
        var export: String { get }
        /// The emotion of the entries that carry none.
        var emotion: Emotion? { get }
        /// The intensity of every entry.
        var intensity: Int? { get }
        /// Whether places and weather are kept.
        var keepLocation: Bool { get }
        /// The time zone of the entries without one.
        var timeZone: TimeZone? { get }
        /// Whether nothing is written.
        var dryRun: Bool { get }
    }
}

extension ImportCommand.AppExportSource {
    /// Imports the export and prints the report.
    @MainActor
    func run(_ call: Invocation) async throws -> Int32 {
        var options = DiaryImportOptions()
        if let emotion { options.emotion = emotion }
        if let intensity { options.intensity = intensity }
        options.keepLocation = keepLocation
        return try ImportCommand.importDiary(call, from: export, options: options, timeZone: timeZone, dryRun: dryRun) {
            Source(export: $0, diary: $1, options: $2, displayName: $3)
        }
    }
}
