import Foundation
import KeepsakeStore

/// `keepsake status`: counts, sizes and locations.
struct StatusCommand: ParsableCommand {
    /// The command.
    static let command = Command(Self.self)
    /// Its name and help.
    static let configuration = CommandConfiguration(
        "status", abstract: "Counts, sizes and where the store lives.", section: KeepsakeCommand.storeCommands,
        discussion: """
            Shows where the store lives (its database and its image storage, each with its own figures),
            how photos are stored (the encoding policy), how many records and images each collection holds,
            their size, and how many operations are in flight.
            """,
        examples: ["keepsake status", "keepsake --store ~/keepsake-test status --json"])

    /// Prints the store's status.
    func run(_ call: Invocation) async throws -> Int32 {
        let store = try call.openStore()
        let status = try store.status()
        if call.json {
            try call.printJSON(status)
            return 0
        }
        call.print("Database:  \(Self.describe(status.metadata))")
        call.print("Images:    \(Self.describe(status.blobs))")
        call.print("Imaging:   \(status.imageProcessor)")
        call.print("Photos:    stored as \(store.options.encodingPolicy) (--reencode or --lossless on a command overrides it)")
        if status.collections.isEmpty {
            call.print("Records:   none yet")
        } else {
            call.print("Collection   live  trashed  images  size")
            for collection in status.collections {
                call.print(CommandSupport.pad(collection.name, to: 10) + String(format: " %6d %8d %7d  ", collection.live, collection.trashed, collection.images)
                           + KeepsakeCommand.formatBytes(collection.bytes))
            }
            call.print("Total:     \(status.totalRecords) records, \(status.totalImages) images, \(KeepsakeCommand.formatBytes(status.totalBytes))")
        }
        call.print("In flight: \(status.intentsInFlight) operations")
        return 0
    }

    /// `sqlite /path/keepsake.sqlite (database bytes 48.0 KiB, schema version 3, …)`.
    static func describe(_ backend: BackendStatus) -> String {
        let figures = backend.figures.map { figure in
            let value = figure.label.hasSuffix("bytes") ? Int64(figure.value).map(KeepsakeCommand.formatBytes) ?? figure.value : figure.value
            return "\(figure.label) \(value)"
        }
        return "\(backend.kind) \(backend.location)" + (figures.isEmpty ? "" : " (\(figures.joined(separator: ", ")))")
    }
}
