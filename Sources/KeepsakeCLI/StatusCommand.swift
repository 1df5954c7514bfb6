import Foundation
import KeepsakeStore

/// `keepsake status`: counts, sizes and locations.
enum StatusCommand {
    static let help = """
        Usage: keepsake [--store DIR] status [--json]

        Shows where the store lives (its database and its image storage, each with its own figures),
        how photos are stored (the encoding policy), how many records and images each collection holds,
        their size, and how many operations are in flight.

        Examples:
          keepsake status
          keepsake --store ~/keepsake-test status --json
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valueFlags: ["--store"], switchFlags: ["--json", "--help"])
        if parsed.has("--help") {
            print(help)
            return 0
        }
        guard parsed.positionals.isEmpty else { throw UsageError(description: "status takes no arguments; see keepsake status --help.") }
        let store = try KeepsakeCommand.openStore(parsed)
        let status = try store.status()
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(status)
            return 0
        }
        print("Database:  \(describe(status.metadata))")
        print("Images:    \(describe(status.blobs))")
        print("Imaging:   \(status.imageProcessor)")
        print("Photos:    stored as \(store.options.encodingPolicy) (--reencode or --lossless on a command overrides it)")
        if status.collections.isEmpty {
            print("Records:   none yet")
        } else {
            print("Collection   live  trashed  images  size")
            for collection in status.collections {
                let name = collection.name.padding(toLength: 10, withPad: " ", startingAt: 0)
                print(String(format: "%@ %6d %8d %7d  %@", name, collection.live, collection.trashed, collection.images,
                             KeepsakeCommand.formatBytes(collection.bytes)))
            }
            print("Total:     \(status.totalRecords) records, \(status.totalImages) images, \(KeepsakeCommand.formatBytes(status.totalBytes))")
        }
        print("In flight: \(status.intentsInFlight) operations")
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
