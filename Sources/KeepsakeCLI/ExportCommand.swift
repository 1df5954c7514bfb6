import Foundation
import KeepsakeStore
import KeepsakeStoreTransfer

/// `keepsake export FILE`: the whole store to one archive, with ``KeepsakeStoreTransfer/StoreArchive``.
struct ExportCommand: ParsableCommand {
    /// The command.
    static let command = Command(Self.self)
    /// Its name and help.
    static let configuration = CommandConfiguration(
        "export", abstract: "Write every record and image to one .tar.gz archive.", section: KeepsakeCommand.storeCommands,
        discussion: """
            Writes every record (live and in the trash) and every original image, byte for byte, to one
            gzip-compressed tar archive. FILE must not exist yet. The archive is written under a temporary
            name and renamed when complete, so a half-written export never looks finished.
            """,
        examples: ["keepsake export ~/keepsake-backup.tar.gz"])

    /// The archive to write.
    @Argument(.file(), hint: "the archive to write; it must not exist yet") var path: String

    /// Writes the archive and prints what it holds.
    func run(_ call: Invocation) async throws -> Int32 {
        let archive = StoreArchive(store: try call.openStore())
        let summary = try call.withProgress("export") { try archive.export(to: URL(fileURLWithPath: path), progress: $0) }
        try call.printResult(summary) {
            call.print("Exported \(summary.records) records and \(summary.images) images (\(KeepsakeCommand.formatBytes(summary.bytes))) to \(path).")
        }
        return 0
    }
}
