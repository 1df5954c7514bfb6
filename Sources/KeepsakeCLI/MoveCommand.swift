import Foundation
import KeepsakeStoreConfiguration
import KeepsakeImaging
import KeepsakeStore
import KeepsakeStoreTransfer
import Synchronization

/// `keepsake move --to-store DIR [--to-metadata URL] [--to-blobs URL] [--into-non-empty]`: the
/// whole store to other backends with ``KeepsakeStoreTransfer/StoreMover``.
struct MoveCommand: ParsableCommand {
    /// The command.
    static let command = Command(Self.self)
    /// Its name and help.
    static let configuration = CommandConfiguration(
        "move", abstract: "Copy the whole store to other backends (PostgreSQL + S3, or back),\nchecked; a move that was stopped resumes.",
        section: KeepsakeCommand.storeCommands,
        discussion: """
            Copies every record (live and in the trash) with its photos, byte for byte, and the API tokens
            and web sessions, from this store (--store, --metadata, --blobs) to the target (--to-store,
            --to-metadata, --to-blobs), one record at a time, checking every photo's SHA-256. This store is
            only read. Then both stores are compared record by record and the target is checked (fsck).

            The target must be empty unless --into-non-empty. A record or setting the target holds with
            other content refuses the move before anything is written. A move that was stopped (Ctrl-C,
            kill -9, a lost connection, a damaged photo) is resumed by running the same command again:
            what is already in the target is skipped. Stop the servers of this store first. Details:
            docs/SCALE-OUT.md, "Moving a store".
            """,
        epilogue: """
            Exit status: 0 when the target is complete and checked; 1 a damaged photo in this store (named)
            or one store given twice; 3 the target is not empty or holds a record or setting differently;
            4 the target is in use by a running process; 5 the target failed its check.
            """,
        examples: [
            "keepsake move --to-store /var/lib/keepsake --to-metadata 'postgresql://keepsake@db/keepsake?schema=family' --to-blobs 's3://photos/keepsake?endpoint=http://ceph:7480&region=us-east-1'",
            "keepsake --store /var/lib/keepsake --metadata 'postgresql://keepsake@db/keepsake?schema=family' --blobs 's3://photos/keepsake?…' move --to-store ~/keepsake-local",
        ])

    /// The target's folder.
    @Option("--to-store", .file("DIR"), help: """
        The target's folder: the whole target on the embedded backends, or that
        machine's part of it with --to-metadata or --to-blobs.
        """)
    var toStore: String
    /// The target's database.
    @Option("--to-metadata", .text("URL"), help: """
        The target's records in this database instead of SQLite in DIR:
        postgresql://user@host:5432/db?schema=NAME (as --metadata; never taken
        from $KEEPSAKE_METADATA_URL, which names the source).
        """)
    var toMetadata: String?
    /// The target's bucket.
    @Option("--to-blobs", .text("URL"), help: """
        The target's photos in this bucket instead of DIR:
        s3://bucket/prefix?endpoint=https://host:port&region=REGION (as --blobs;
        never taken from $KEEPSAKE_BLOBS_URL, which names the source).
        """)
    var toBlobs: String?
    /// Add to a target that holds records.
    @Flag("--into-non-empty", help: """
        Add to a target that already holds records or settings (its own are
        kept; a record or setting it holds differently still refuses the move).
        """)
    var intoNonEmpty: Bool

    /// Moves the store and prints the report.
    func run(_ call: Invocation) async throws -> Int32 {
        let source = try call.openStore()
        // The target is named by its own options only: the variables name the source.
        var environment = call.context.environment
        for name in ["KEEPSAKE_HOME", "KEEPSAKE_METADATA_URL", "KEEPSAKE_BLOBS_URL"] { environment[name] = nil }
        let target = try StoreConfiguration.named(store: toStore, metadata: toMetadata, blobs: toBlobs,
                                                  environment: environment)
            .open(imageProcessor: VipsImageProcessor(), environment: environment)
        let progress = MoveProgress(call)
        defer { progress.finish() }
        let report: StoreMoveReport
        do {
            report = try StoreMover(from: source, to: target, allowNonEmptyTarget: intoNonEmpty).move { progress.update($0) }
        } catch let error as StoreMoveError {
            throw error.keepsakeError
        }
        progress.finish()
        try call.printResult(report) {
            let copied = "\(report.records) records with \(report.images) photos (\(KeepsakeCommand.formatBytes(report.bytes)))"
            let rate = String(format: "%.1f s, %.1f MB/s", report.seconds, report.megabytesPerSecond)
            var line = report.resumed ? "Resumed an unfinished move: copied \(copied)" : "Moved \(copied)"
            if report.skipped > 0 { line += ", \(report.skipped) already there" }
            line += " in \(rate); \(report.verifiedRecords) records identical in both stores"
            if report.otherTargetRecords > 0 { line += ", the target's \(report.otherTargetRecords) other records kept" }
            call.print(line + "; the target's check (fsck) is clean.")
        }
        return 0
    }
}
