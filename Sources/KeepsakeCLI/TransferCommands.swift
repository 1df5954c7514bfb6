import Foundation
import KeepsakeStore
import KeepsakeTransfer

/// `keepsake export FILE`.
enum ExportCommand {
    static let archive = Argument(.file(), hint: "the archive to write; it must not exist yet")

    static let command = Command(
        "export", abstract: "Write every record and image to one .tar.gz archive.", section: KeepsakeCommand.storeCommands,
        discussion: """
            Writes every record (live and in the trash) and every original image, byte for byte, to one
            gzip-compressed tar archive. FILE must not exist yet. The archive is written under a temporary
            name and renamed when complete, so a half-written export never looks finished.
            """,
        arguments: [archive], examples: ["keepsake export ~/keepsake-backup.tar.gz"]) { call in
        let path = try call.required(archive)
        let archive = StoreArchive(store: try call.openStore())
        let summary = try call.withProgress("export") { try archive.export(to: URL(fileURLWithPath: path), progress: $0) }
        try call.printResult(summary) {
            call.print("Exported \(summary.records) records and \(summary.images) images (\(KeepsakeCommand.formatBytes(summary.bytes))) to \(path).")
        }
        return 0
    }
}

/// `keepsake import FILE`: a Keepsake archive, the default of `keepsake import` (whose other
/// actions are the diary sources of ``ImportCommand``).
enum ArchiveImportCommand {
    static let archive = Argument(.file(), hint: "an archive written by keepsake export")

    static let command = Command(
        "archive", abstract: "Read an archive written by keepsake export (records already present are skipped).",
        section: KeepsakeCommand.storeCommands,
        discussion: """
            Reads an archive written by `keepsake export` into this store, empty or not. Every entry is
            checked first: an archive with unsafe names (`..`, absolute paths, links), unknown entries or
            damaged images is refused whole and nothing is imported. Records whose id is already in the
            store are skipped, so importing twice never duplicates.
            """,
        arguments: [archive],
        examples: ["keepsake import ~/keepsake-backup.tar.gz", "keepsake --store /tmp/copy import backup.tar.gz --json"]) { call in
        let file = URL(fileURLWithPath: try call.required(archive))
        let reader = StoreArchive(store: try call.openStore())
        let summary = try call.withProgress("import") { try reader.import(from: file, progress: $0) }
        try call.printResult(summary) {
            call.print("Imported \(summary.imported) records with \(summary.images) images; skipped \(summary.skipped) already present.")
        }
        return 0
    }
}
