import Foundation
import KeepsakeStore

/// `keepsake trash list|purge`: the store's trash, every collection at once.
enum TrashCommand {
    /// The `trash` group.
    static let command = Command(
        group: "trash", abstract: "What is in the trash; purge it (all, or --older-than DAYS).", section: KeepsakeCommand.storeCommands,
        discussion: """
            Deleted records wait in the trash (their images too) until it is purged. `list` shows them,
            newest deletion first; `purge` removes them for good: all of them, or only those deleted more
            than DAYS days ago.
            """,
        subcommands: [Command(List.self), Command(Purge.self)],
        examples: ["keepsake trash list", "keepsake trash purge --older-than 30"])

    /// `keepsake trash list`.
    struct List: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "The records in the trash, newest deletion first.",
            discussion: "Lists the records in the trash of every collection, newest deletion first.",
            examples: ["keepsake trash list", "keepsake trash list --json"])

        /// Prints the trashed records.
        func run(_ call: Invocation) async throws -> Int32 {
            let trashed = try call.openStore().trashedRecords()
            try call.printResult(trashed) {
                if trashed.isEmpty { call.print("The trash is empty.") }
                for record in trashed {
                    let title = record.fields["title"]?.stringValue ?? record.fields["memo"]?.stringValue ?? ""
                    let deleted = record.trashedAt.map { DateText.format($0, timeZone: call.timeZone) } ?? "-"
                    call.print("\(record.id)  \(CommandSupport.pad(record.collection.name, to: 7))  deleted \(deleted)  \(record.images.count) images  \(title)")
                }
            }
            return 0
        }
    }

    /// `keepsake trash purge [--older-than DAYS]`.
    struct Purge: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "purge", abstract: "Remove the records in the trash for good (all, or --older-than DAYS).",
            discussion: "Removes the records in the trash, with their images, for good: all of them, or only those deleted more than DAYS days ago.",
            examples: ["keepsake trash purge", "keepsake trash purge --older-than 30"])

        /// Only records deleted longer ago.
        @Option("--older-than", .integer(in: 0...), "DAYS", help: "Only the records deleted more than DAYS days ago.") var olderThan: Int?

        /// Purges and prints what was removed.
        func run(_ call: Invocation) async throws -> Int32 {
            let purged = try call.openStore().purgeTrash(olderThan: olderThan.map { TimeInterval($0) * 86_400 })
            try call.printResult(["purged": purged.map(\.string)]) { call.print("Purged \(purged.count) records from the trash.") }
            return 0
        }
    }
}
