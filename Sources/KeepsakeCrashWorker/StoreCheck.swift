import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore

/// `keepsake-crash-worker --check`: what the power-loss lane's host needs to judge a store it
/// cannot open itself (the store is inside the virtual machine). Opens the store, which recovers
/// the operations of dead processes, and prints, one line each:
///
///     INTENTS <n>            intents left after opening (must be 0)
///     FSCK clean | FSCK <n> problems: <what>   fsck with hash checks
///     DAMAGED <id> <path> hash mismatch | missing   one per stored image whose bytes are gone
///     STAGING <n>            files left in staging (must be 0)
///     OTHER <n>              records in other collections (the workers write none)
///     STATE <id> <state>     every record of the collection, in the crash log's state format
///     CHECK-DONE <records>
///
/// or `CHECK-ERROR <message>` if the store cannot be opened or read. Exit status 0 when the lines
/// were printed (the host judges them), 1 on CHECK-ERROR.
enum StoreCheck {
    static func run(store path: String, collection: String, log: (String) -> Void) -> Int32 {
        do {
            let store = try Store(location: StoreLocation(root: URL(fileURLWithPath: path)), imageProcessor: VipsImageProcessor())
            log("INTENTS \(try store.intentsInFlight())")
            let report = try store.fsck()
            log(report.isClean ? "FSCK clean" : "FSCK \(report.problemCount) problems: \(describe(report))")
            for finding in report.hashMismatches { log("DAMAGED \(finding.recordID) \(finding.path) hash mismatch") }
            for finding in report.danglingReferences { log("DAMAGED \(finding.recordID) \(finding.path) missing") }
            let staging = files(under: store.location.dataDirectory.appendingPathComponent("staging").path)
            log("STAGING \(staging.count)\(staging.isEmpty ? "" : " " + staging.prefix(3).joined(separator: " "))")
            var others = 0
            for name in try store.status().collections.map(\.name) where name != collection {
                others += try StorePages.allRecords(store, collection: try CollectionName(name)).count
            }
            log("OTHER \(others)")
            let records = try StorePages.allRecords(store, collection: try CollectionName(collection))
            for record in records { log("STATE \(record.id.string) \(CrashLog.state(of: record))") }
            log("CHECK-DONE \(records.count)")
            return 0
        } catch let error as KeepsakeError {
            log("CHECK-ERROR \(error.code.rawValue): \(error.message)")
        } catch {
            log("CHECK-ERROR \(error)")
        }
        return 1
    }

    /// Regular files under `root`, relative, never following links.
    static func files(under root: String) -> [String] {
        var result: [String] = []
        func visit(_ relative: String) {
            for name in (try? FileInspector.contents(of: relative.isEmpty ? root : root + "/" + relative)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                switch FileInspector.kind(of: root + "/" + child) {
                case .directory: visit(child)
                case .missing: continue
                default: result.append(child)
                }
            }
        }
        visit("")
        return result
    }

    static func describe(_ report: FsckReport) -> String {
        var parts: [String] = []
        if !report.danglingReferences.isEmpty { parts.append("\(report.danglingReferences.count) dangling \(report.danglingReferences.prefix(3).map(\.path))") }
        if !report.orphanFiles.isEmpty { parts.append("\(report.orphanFiles.count) orphan files \(report.orphanFiles.prefix(3))") }
        if !report.hashMismatches.isEmpty { parts.append("\(report.hashMismatches.count) hash mismatches \(report.hashMismatches.prefix(3).map(\.path))") }
        if !report.missingThumbnails.isEmpty { parts.append("\(report.missingThumbnails.count) missing thumbnails \(report.missingThumbnails.prefix(3))") }
        if !report.orphanThumbnails.isEmpty { parts.append("\(report.orphanThumbnails.count) orphan thumbnails \(report.orphanThumbnails.prefix(3))") }
        if !report.unexpectedEntries.isEmpty { parts.append("\(report.unexpectedEntries.count) unexpected \(report.unexpectedEntries.prefix(3))") }
        return parts.joined(separator: "; ")
    }
}
