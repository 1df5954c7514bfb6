import Foundation
import KeepsakeStore

/// `keepsake thumbnails rebuild`.
enum ThumbnailsCommand {
    static let help = """
        Usage: keepsake [--store DIR] thumbnails rebuild [--json]

        Makes every thumbnail again from the stored originals (after the cache folder was deleted,
        or to pick up new sizes). Originals are only read, never changed.

        Examples:
          keepsake thumbnails rebuild
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valueFlags: ["--store"], switchFlags: ["--json", "--help"])
        if parsed.has("--help") {
            print(help)
            return 0
        }
        guard parsed.positionals == ["rebuild"] else {
            throw UsageError(description: "thumbnails takes one action, rebuild; see keepsake thumbnails --help.")
        }
        let store = try KeepsakeCommand.openStore(parsed)
        var attachments: [Attachment] = []
        for collection in try store.status().collections {
            var query = RecordQuery(collection: try CollectionName(collection.name))
            query.trash = .all
            query.limit = 1000
            while true {
                let page = try store.list(query)
                attachments += page.records.flatMap(\.images)
                guard let next = page.nextCursor else { break }
                query.after = next
            }
        }
        let progress = Progress(label: "thumbnails")
        var failures: [String] = []
        for (index, attachment) in attachments.enumerated() {
            do {
                try store.remakeThumbnails(of: attachment)
            } catch let error as KeepsakeError {
                failures.append("\(attachment.path): \(error.message)")
            }
            progress.update(index + 1, attachments.count)
        }
        progress.finish()
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(["rebuilt": attachments.count - failures.count, "failed": failures.count])
        } else {
            print("Made thumbnails for \(attachments.count - failures.count) of \(attachments.count) images.")
            for failure in failures { print("  failed: \(failure)") }
        }
        guard failures.isEmpty else {
            throw KeepsakeError(.io, "\(failures.count) images could not be thumbnailed (listed above); run keepsake fsck to check their originals.")
        }
        return 0
    }
}
