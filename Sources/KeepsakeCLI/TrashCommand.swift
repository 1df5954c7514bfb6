import Foundation
import KeepsakeStore

/// `keepsake trash list|purge`.
enum TrashCommand {
    static let help = """
        Usage: keepsake [--store DIR] trash list [--json]
               keepsake [--store DIR] trash purge [--older-than DAYS] [--json]

        Deleted records wait in the trash (their images too) until it is purged. `list` shows them,
        newest deletion first; `purge` removes them for good: all of them, or only those deleted more
        than DAYS days ago.

        Examples:
          keepsake trash list
          keepsake trash purge --older-than 30
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valueFlags: ["--store", "--older-than"], switchFlags: ["--json", "--help"])
        if parsed.has("--help") {
            print(help)
            return 0
        }
        guard parsed.positionals.count == 1, let action = parsed.positionals.first else {
            throw UsageError(description: "trash needs one action, list or purge; see keepsake trash --help.")
        }
        switch action {
        case "list":
            let store = try KeepsakeCommand.openStore(parsed)
            var trashed: [Record] = []
            for collection in try store.status().collections {
                var query = RecordQuery(collection: try CollectionName(collection.name))
                query.trash = .trashed
                query.limit = 1000
                while true {
                    let page = try store.list(query)
                    trashed += page.records
                    guard let next = page.nextCursor else { break }
                    query.after = next
                }
            }
            trashed.sort { ($0.trashedAt ?? .distantPast) > ($1.trashedAt ?? .distantPast) }
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(trashed)
                return 0
            }
            if trashed.isEmpty { print("The trash is empty.") }
            for record in trashed {
                let title = record.fields["title"]?.stringValue ?? record.fields["memo"]?.stringValue ?? ""
                print("\(record.id)  \(record.collection.name.padding(toLength: 7, withPad: " ", startingAt: 0))  deleted \(DateText.format(record.trashedAt!))  \(record.images.count) images  \(title)")
            }
            return 0
        case "purge":
            var age: TimeInterval?
            if let text = parsed.value("--older-than") {
                guard let days = Int(text), days >= 0 else {
                    throw UsageError(description: "--older-than takes a whole number of days, not \(text).")
                }
                age = TimeInterval(days) * 86_400
            }
            let store = try KeepsakeCommand.openStore(parsed)
            let purged = try store.purgeTrash(olderThan: age)
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(["purged": purged.map(\.string)])
            } else {
                print("Purged \(purged.count) records from the trash.")
            }
            return 0
        default:
            throw UsageError(description: "Unknown trash action \(action); use list or purge.")
        }
    }
}
