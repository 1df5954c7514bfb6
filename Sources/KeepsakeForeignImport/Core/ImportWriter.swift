import Foundation
public import KeepsakeStore
import KeepsakeSupport

/// Writes an ``ImportPlan`` into a store, or reports what it would write.
///
/// - Each item becomes one record in one atomic store operation with its photos (a killed import
///   leaves whole records only); ledger rows are written in batches of ``ledgerBatchSize``, each
///   batch one transaction. The money accounts a bank file needs (``ImportPlan/accounts``) that
///   are not stored yet are written in the first batch, so a refused import makes none.
/// - An item whose id is already in the store is skipped ("already imported"), so a second import
///   adds nothing and an import that was killed continues where it stopped. A record that was
///   imported and then moved to the trash is not brought back.
/// - A photo that is missing, does not match the MD5 the export recorded, or cannot be decoded is
///   left out and named in the report; the entry still comes over, tagged `missing-photo`, with the
///   problem in its `importNotes` field.
public struct ImportWriter: Sendable {
    /// What to do when the plan refused some items.
    public enum RefusalPolicy: Sendable {
        /// Import the other items (diary entries are independent of each other).
        case importTheRest
        /// Import nothing and throw ``ImportRefusedError`` (a bank statement comes over whole).
        case nothingIfAnyRefused
    }

    /// The tag an entry gets when some of its photos could not be imported.
    public static let missingPhotoTag = "missing-photo"
    /// The field holding the source kind (``ImportSource/rawValue``).
    public static let sourceField = "importSource"
    /// The field holding the source's id of the item.
    public static let idField = "importID"
    /// The field listing what did not come over with the item (photos, videos, moods not in the table).
    public static let notesField = "importNotes"

    /// The store written to.
    public let store: Store
    /// Ledger rows per transaction.
    public var ledgerBatchSize = 500

    /// A writer for `store`.
    public init(store: Store) { self.store = store }

    /// Writes `plan` (nothing when `dryRun`) and reports what happened. `progress` is called with the
    /// items done and the total, from the calling thread.
    ///
    /// - Throws: ``ImportRefusedError`` (nothing written) when the plan refused items and `refusals`
    ///   is ``RefusalPolicy/nothingIfAnyRefused``; a ``KeepsakeError`` when the store fails (the
    ///   records written before stay, whole, and a new import continues after them).
    public func write(_ plan: ImportPlan, dryRun: Bool = false, refusals: RefusalPolicy = .importTheRest,
                      progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        var report = ImportReport(source: plan.source, file: plan.file, dryRun: dryRun, found: plan.found,
                                  skipped: plan.skipped, refused: plan.refused, notes: plan.notes)
        var seen: [RecordID: String] = [:]
        var fresh: [ImportItem] = []
        for item in plan.items {
            if let first = seen[item.id] {
                report.skipped.append(ImportIssue(location: item.location, sourceID: item.sourceID,
                                                  reason: "it is the same entry as \(first) (id \(item.sourceID)), which is imported once"))
                continue
            }
            seen[item.id] = item.location
            if let existing = try store.recordIfPresent(item.id) {
                if existing.collection == item.record.collection {
                    let trash = existing.isTrashed ? " (now in the trash, so it is not brought back)" : ""
                    report.skipped.append(ImportIssue(location: item.location, sourceID: item.sourceID,
                                                      reason: "already imported as record \(item.id)\(trash)"))
                } else {
                    report.refused.append(ImportIssue(location: item.location, sourceID: item.sourceID,
                                                      reason: "its id \(item.id) belongs to a record of the \(existing.collection) collection"))
                }
                continue
            }
            fresh.append(item)
        }
        if refusals == .nothingIfAnyRefused, !report.refused.isEmpty {
            report.imported = fresh.map { Self.imported($0, photos: 0) }
            throw ImportRefusedError(report: report)
        }
        // The money accounts the fresh items need and the store does not have yet: written with the
        // first batch, so a refused or failed first batch makes none of them.
        var accounts: [ImportItem] = []
        if !fresh.isEmpty {
            var planned = Set<RecordID>()
            for account in plan.accounts where planned.insert(account.id).inserted {
                if try store.recordIfPresent(account.id) == nil { accounts.append(account) }
            }
        }
        let made = dryRun ? "would make" : "made"
        report.notes += accounts.map { ImportIssue(location: $0.location, reason: "\(made) the money account \($0.summary)") }
        if dryRun {
            for item in fresh {
                report.imported.append(Self.imported(item, photos: item.photos.filter { $0.file != nil }.count))
                report.notes += item.notes.map { ImportIssue(location: item.location, sourceID: item.sourceID, reason: $0) }
            }
            return report
        }

        let total = fresh.count
        var done = 0
        progress?(0, total)
        if plan.source.isDiary {
            for item in fresh {
                let outcome = try writeEntry(item)
                switch outcome {
                case .written(let record, let notes):
                    report.imported.append(Self.imported(item, photos: record.images.count))
                    report.notes += notes.map { ImportIssue(location: item.location, sourceID: item.sourceID, reason: $0) }
                case .alreadyThere:
                    report.skipped.append(ImportIssue(location: item.location, sourceID: item.sourceID,
                                                      reason: "already imported as record \(item.id) (by another import running at the same time)"))
                }
                done += 1
                progress?(done, total)
            }
        } else {
            var start = 0
            while start < fresh.count {
                let batch = Array(fresh[start..<min(start + max(1, ledgerBatchSize), fresh.count)])
                report.imported += try writeBatch(batch, accounts: start == 0 ? accounts : [], skipped: &report.skipped)
                for item in batch {
                    report.notes += item.notes.map { ImportIssue(location: item.location, sourceID: item.sourceID, reason: $0) }
                }
                start += batch.count
                done += batch.count
                progress?(done, total)
            }
        }
        return report
    }

    // MARK: - Ledger rows

    /// One `createMany` for the batch; if another import stored some of these meanwhile, the rows
    /// still missing are written one by one.
    /// The batch's `accounts` (money accounts its rows need) are written first in the same operation.
    private func writeBatch(_ batch: [ImportItem], accounts: [ImportItem], skipped: inout [ImportIssue]) throws -> [ImportedRecord] {
        do {
            _ = try store.createMany(accounts.map(\.record) + batch.map(\.record))
            return batch.map { Self.imported($0, photos: 0) }
        } catch let error as KeepsakeError where error.code == .conflict {
            var written: [ImportedRecord] = []
            for account in accounts where try store.recordIfPresent(account.id) == nil {
                _ = try store.createMany([account.record])
            }
            for item in batch {
                if try store.recordIfPresent(item.id) != nil {
                    skipped.append(ImportIssue(location: item.location, sourceID: item.sourceID,
                                               reason: "already imported as record \(item.id) (by another import running at the same time)"))
                    continue
                }
                _ = try store.createMany([item.record])
                written.append(Self.imported(item, photos: 0))
            }
            return written
        }
    }

    // MARK: - Diary entries

    private enum EntryOutcome {
        case written(Record, notes: [String])
        case alreadyThere
    }

    private static let imageErrors: Set<KeepsakeError.Code> = [.corruptImage, .unsupportedImage, .imageTooLarge]

    /// Creates one entry with the photos that can be stored, in one atomic operation.
    private func writeEntry(_ item: ImportItem) throws -> EntryOutcome {
        var notes = item.notes
        var loaded: [(photo: ImportPhoto, bytes: Data)] = []
        for photo in item.photos {
            guard let file = photo.file else { continue }  // noted when the plan was made
            let bytes: Data
            do {
                bytes = try Data(contentsOf: file)
            } catch {
                notes.append("photo \(photo.name) could not be read from the export (\(error.localizedDescription)); it was not imported")
                continue
            }
            if let expected = photo.expectedMD5, MD5.hex(bytes) != expected.lowercased() {
                notes.append("photo \(photo.name) is damaged: its bytes do not match the MD5 the export recorded for it; it was not imported")
                continue
            }
            loaded.append((photo, bytes))
        }
        while true {
            var draft = item.record
            if let text = item.text {
                var positions: [String: Int] = [:]
                for (index, entry) in loaded.enumerated() {
                    if let identifier = entry.photo.identifier, positions[identifier] == nil { positions[identifier] = index }
                }
                var names: [String: String] = [:]
                for photo in item.photos { if let identifier = photo.identifier { names[identifier] = photo.name } }
                draft.fields["text"] = .string(text.rendered(positions: positions, names: names))
            }
            if loaded.count < item.photos.count, case .strings(var tags)? = draft.fields["tags"],
               !tags.contains(Self.missingPhotoTag), tags.count < 20 {
                tags.append(Self.missingPhotoTag)
                draft.fields["tags"] = .strings(tags)
            }
            if !notes.isEmpty { draft.fields[Self.notesField] = .strings(notes) }
            draft.images = loaded.map { .data($0.bytes, name: $0.photo.name) }
            do {
                return .written(try store.create(draft), notes: notes)
            } catch let error as KeepsakeError where Self.imageErrors.contains(error.code) {
                let bad = badPhotos(loaded, error: error)
                guard !bad.isEmpty else { throw error }
                for index in bad.reversed() {
                    let photo = loaded[index].photo
                    let reason = index == bad.first && error.message.hasPrefix(photo.name)
                        ? error.message : "libvips could not read it as an image"
                    notes.append("photo \(photo.name) could not be stored (\(reason)); it was not imported")
                    loaded.remove(at: index)
                }
            } catch let error as KeepsakeError where error.code == .conflict {
                guard try store.recordIfPresent(item.id) != nil else { throw error }
                return .alreadyThere
            }
        }
    }

    /// The photos the store refused: the one the error names, else every photo the image processor
    /// cannot read.
    private func badPhotos(_ loaded: [(photo: ImportPhoto, bytes: Data)], error: KeepsakeError) -> [Int] {
        if let named = loaded.firstIndex(where: { error.message.hasPrefix($0.photo.name) }) { return [named] }
        let policy = store.options.encodingPolicy
        return loaded.indices.filter { index in
            (try? store.imageProcessor.process(ImageInput(bytes: loaded[index].bytes, name: loaded[index].photo.name),
                                               policy: policy, thumbnailSizes: [])) == nil
        }
    }

    private static func imported(_ item: ImportItem, photos: Int) -> ImportedRecord {
        ImportedRecord(id: item.id, sourceID: item.sourceID, location: item.location, summary: item.summary, photos: photos)
    }
}
