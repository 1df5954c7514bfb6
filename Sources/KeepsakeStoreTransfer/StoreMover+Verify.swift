import Foundation
import KeepsakeStore

extension StoreMover {
    /// Step 5: every source record is in the target with identical content, the target holds no
    /// other (unless it was not empty to begin with), and every copied setting has the source's
    /// value. Compares one collection at a time, keeping a 32-byte digest per source record.
    func verify(_ plan: Plan, progress: (@Sendable (StoreMoveProgress) -> Void)?, counters: inout Counters) throws -> (same: Int, others: Int) {
        let sourceCollections = try onSource("list the collections") { try source.status().collections.map(\.name) }
        let targetCollections = try onTarget("list the collections") { try target.status().collections.map(\.name) }
        var same = 0, others = 0
        for name in Set(sourceCollections).union(targetCollections).sorted() {
            let collection = try onSource("list the collections") { try CollectionName(name) }
            var expected: [RecordID: [UInt8]] = [:]
            if sourceCollections.contains(name) {
                try forEachRecord(of: source, in: collection, side: .source) { expected[$0.id] = RecordContent($0, access: plan.copiesAccess).digest }
            }
            if targetCollections.contains(name) {
                try forEachRecord(of: target, in: collection, side: .target) { record in
                    guard let digest = expected.removeValue(forKey: record.id) else {
                        others += 1
                        return
                    }
                    guard digest == RecordContent(record, access: plan.copiesAccess).digest else {
                        let now = try onSource("read a record", record: record.id) { try source.recordIfPresent(record.id) }
                        let difference = now.flatMap { RecordContent($0, access: plan.copiesAccess).difference(from: RecordContent(record, access: plan.copiesAccess)) } ?? "the source changed it"
                        throw StoreMoveError(.verificationFailed, "After copying, the record \(record.id) (\(name)) differs between the stores: \(difference). One of them was changed during the move; stop whatever changes them and run the move again (it will say which record to look at).",
                                             recordID: record.id)
                    }
                    same += 1
                    counters.done += 1
                    counters.record = record.id
                    progress?(counters.progress(.verifying))
                }
            }
            if let missing = expected.keys.min() {
                throw StoreMoveError(.verificationFailed, "After copying, \(expected.count) record(s) of \(name) in the source are not in the target, such as \(missing): the source was changed during the move, or something removed them from the target. Run the move again to copy them.",
                                     recordID: missing)
            }
        }
        counters.record = nil
        if others > 0, !plan.intoNonEmpty {
            throw StoreMoveError(.verificationFailed, "After copying, the target holds \(others) record(s) the source does not: something else wrote to the target during the move. Stop it, then check the target.")
        }
        let sourceSettings = try settings(of: source, side: .source)
        let targetSettings = try settings(of: target, side: .target)
        for namespace in settingNamespaces {
            for (key, value) in (sourceSettings[namespace] ?? [:]).sorted(by: { $0.key < $1.key }) where targetSettings[namespace]?[key] != value {
                throw StoreMoveError(.verificationFailed, "After copying, the setting \(namespace)/\(KeepsakeError.printable(key)) differs between the stores: one was changed during the move. Run the move again to copy it.",
                                     key: "\(namespace)/\(key)")
            }
        }
        if plan.copiesAccess {
            let sourceAccess = try onSource("read the accounts and books") { try source.accessSnapshot() }
            let targetAccess = try onTarget("read the accounts and books") { try target.accessSnapshot() }
            guard sourceAccess.isContained(in: targetAccess) else {
                throw StoreMoveError(.verificationFailed, "After copying, the accounts, books or memberships differ between the stores (\(sourceAccess.accounts.count) accounts, \(sourceAccess.books.count) books and \(sourceAccess.members.count) memberships in the source; \(targetAccess.accounts.count), \(targetAccess.books.count) and \(targetAccess.members.count) in the target): one was changed during the move. Run the move again to copy them.")
            }
        }
        return (same, others)
    }

    /// Step 5, its end: fsck of the target, every object hashed again.
    func checkTarget(progress: (@Sendable (StoreMoveProgress) -> Void)?, counters: Counters) throws -> FsckReport {
        var first = counters
        first.done = 0
        progress?(first.progress(.checkingTarget))
        let start = first
        var fsckProgress: (@Sendable (Int, Int) -> Void)?
        if let progress {
            fsckProgress = { @Sendable done, total in
                var now = start
                now.done = done
                now.total = total
                progress(now.progress(.checkingTarget))
            }
        }
        let report = try onTarget("check the store (fsck)") { try target.fsck(repair: false, verifyHashes: true, progress: fsckProgress) }
        guard report.isClean else {
            let examples = (report.danglingReferences.map(\.path) + report.hashMismatches.map(\.path) + report.orphanFiles
                            + report.missingThumbnails + report.orphanThumbnails + report.unexpectedEntries).prefix(3)
            throw StoreMoveError(.targetCheckFailed, "Every record was copied, but checking the target found \(report.problemCount) problem(s) (\(report.danglingReferences.count) missing objects, \(report.hashMismatches.count) damaged, \(report.orphanFiles.count) orphans, \(report.missingThumbnails.count) missing thumbnails), such as \(examples.joined(separator: ", ")). Check the target for details, then run the move again.")
        }
        return report
    }
}
