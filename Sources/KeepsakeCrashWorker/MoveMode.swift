import Foundation
import KeepsakeStoreConfiguration
import KeepsakeImaging
import KeepsakeStore
import KeepsakeStoreTransfer

/// `keepsake-crash-worker --move-to-store DIR …`: moves the store named by `--store`/`--metadata`/
/// `--blobs` to the one named by `--move-to-store`/`--move-to-metadata`/`--move-to-blobs` with
/// ``StoreMover``, for the tests that kill a move midway and run it again. Logs, one line each:
///
///     MOVE <phase> <done>/<total> copied=<n> skipped=<n> <record id or ->   after every record of each phase
///     MOVED records=<n> images=<n> bytes=<n> skipped=<n> resumed=<bool> seconds=<s>   when it finished
///
/// or `MOVE-ERROR <kind> <record id or -> <message>`. Exit status 0 when finished, 3 when the
/// mover refused or stopped (a ``StoreMoveError``), 1 when a store could not be opened.
enum MoveMode {
    static func run(_ options: Options, log: @escaping @Sendable (String) -> Void) -> Int32 {
        let source: Store, target: Store
        do {
            source = try openStore(options)
            target = try StoreConfiguration.named(store: options.moveToStore, metadata: options.moveToMetadata, blobs: options.moveToBlobs,
                                                  environment: [:])
                .open(imageProcessor: VipsImageProcessor())
        } catch {
            log("MOVE-ERROR open - \(error)")
            return 1
        }
        do {
            let report = try StoreMover(from: source, to: target, allowNonEmptyTarget: options.intoNonEmpty).move { progress in
                log("MOVE \(progress.phase.rawValue) \(progress.done)/\(progress.total) copied=\(progress.copied) skipped=\(progress.skipped) \(progress.record?.string ?? "-")")
            }
            log("MOVED records=\(report.records) images=\(report.images) bytes=\(report.bytes) skipped=\(report.skipped) resumed=\(report.resumed) seconds=\(report.seconds)")
            return 0
        } catch let error as StoreMoveError {
            log("MOVE-ERROR \(error.kind.rawValue) \(error.recordID?.string ?? "-") \(error.message)")
            return 3
        } catch {
            log("MOVE-ERROR unexpected - \(error)")
            return 3
        }
    }
}
