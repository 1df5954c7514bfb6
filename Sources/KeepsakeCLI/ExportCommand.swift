import Foundation
import KeepsakeStore
import KeepsakeStoreTransfer

/// `keepsake export FILE [--book BOOK]`: the whole store, or one book, to one archive, with
/// ``KeepsakeStoreTransfer/StoreArchive``.
struct ExportCommand: ParsableCommand {
    /// The command.
    static let command = Command(Self.self)
    /// Its name and help.
    static let configuration = CommandConfiguration(
        "export", abstract: "Write every record and image to one .tar.gz archive.", section: KeepsakeCommand.storeCommands,
        discussion: """
            Writes every record (live and in the trash) and every original image, byte for byte, to one
            gzip-compressed tar archive. FILE must not exist yet. The archive is written under a temporary
            name and renamed when complete, so a half-written export never looks finished. The local
            operator's export also holds every account, book and membership (password hashes
            included), so keepsake import makes the same people in a new store. With --book, only
            that book's records and images, and no accounts: imported elsewhere, they go to the book
            of the same id if the importer may write it, else to the importer's own book of the app.
            """,
        examples: ["keepsake export ~/keepsake-backup.tar.gz", "keepsake --user ana export ~/household-ledger.tar.gz --book Household"])

    /// The archive to write.
    @Argument(.file(), hint: "the archive to write; it must not exist yet") var path: String
    /// Only this book (its id, or its name when only one book the caller reads has it).
    @Option("--book", .text("BOOK"), help: "Export only this book (its id, or its name when only one book you may read has it).") var book: String?

    /// Writes the archive and prints what it holds.
    func run(_ call: Invocation) async throws -> Int32 {
        let store = try call.openStore()
        let archive = StoreArchive(store: store)
        let only = try book.map { try AccountLookup.book($0, in: store).id }
        let summary = try call.withProgress("export") { try archive.export(to: URL(fileURLWithPath: path), book: only, progress: $0) }
        try call.printResult(summary) {
            call.print("Exported \(summary.records) records and \(summary.images) images (\(KeepsakeCommand.formatBytes(summary.bytes))) to \(path).")
        }
        return 0
    }
}
