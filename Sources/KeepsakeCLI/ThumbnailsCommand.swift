import Foundation
import KeepsakeStore

/// `keepsake thumbnails rebuild`.
enum ThumbnailsCommand {
    /// The `thumbnails` group.
    static let command = Command(
        group: "thumbnails", abstract: "Make every thumbnail again from the originals.", section: KeepsakeCommand.storeCommands,
        discussion: "The thumbnails of every stored image, made from the originals.",
        subcommands: [Command(Rebuild.self)], examples: ["keepsake thumbnails rebuild"])

    /// `keepsake thumbnails rebuild`: every thumbnail made again.
    struct Rebuild: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "rebuild", abstract: "Make every thumbnail again from the originals.",
            discussion: """
                Makes every thumbnail again from the stored originals (after the cache folder was deleted,
                or to pick up new sizes). Originals are only read, never changed.
                """,
            examples: ["keepsake thumbnails rebuild"])

        /// Rebuilds the thumbnails and prints what was made.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let report = try call.withProgress("thumbnails") { try store.rebuildThumbnails(progress: $0) }
            try call.printResult(["rebuilt": report.rebuilt, "failed": report.failures.count]) {
                call.print("Made thumbnails for \(report.rebuilt) of \(report.images) images.")
                for failure in report.failures { call.print("  failed: \(failure.path): \(failure.error.message)") }
            }
            guard report.failures.isEmpty else {
                throw KeepsakeError(.io, "\(report.failures.count) images could not be thumbnailed (listed above); run keepsake fsck to check their originals.")
            }
            return 0
        }
    }
}
