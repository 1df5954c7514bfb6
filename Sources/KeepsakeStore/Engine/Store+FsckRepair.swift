import Foundation

extension Store {
    /// Makes fsck's repairs; runs in the write transaction after the findings were confirmed.
    /// Returns the images whose missing thumbnails should be made again (outside the transaction).
    func repair(_ report: inout FsckReport, scan: FsckScan, _ tx: any MetadataWriter) throws -> [Attachment] {
        try removeDanglingReferences(&report, scan: scan, tx)
        try moveStraysAside(&report)
        if !report.orphanThumbnails.isEmpty {
            try blobs.delete(try report.orphanThumbnails.map { try RelativePath($0) })
            report.repairs += report.orphanThumbnails.map { "removed orphan thumbnail \($0)" }
            report.orphanThumbnails = []
        }
        try pruneEmptyRecordFolders(scan.emptyFolders, tx)
        for finding in report.hashMismatches {
            report.unrepairable.append("\(finding.path) (record \(finding.recordID)) does not match its recorded SHA-256: the file was changed or damaged outside Keepsake; restore it from a backup")
        }
        let missing = Set(report.missingThumbnails)
        return scan.found.filter { attachment in options.thumbnailSizes.contains { missing.contains(attachment.thumbnailPath($0).string) } }
    }

    /// Dangling references: the bytes are gone; drop the rows and close the gaps in order, as a
    /// change of each record (a new version, logged).
    private func removeDanglingReferences(_ report: inout FsckReport, scan: FsckScan, _ tx: any MetadataWriter) throws {
        let dangling = report.danglingReferences
        guard !dangling.isEmpty else { return }
        for finding in dangling { try tx.deleteAttachment(finding.attachmentID) }
        for recordID in Set(dangling.map(\.recordID)).sorted() {
            guard let record = try tx.record(try RecordID(parsing: recordID)) else { continue }
            try tx.setImages(of: record.id, to: record.images.map { .existing($0.id) })
            try tx.updateRecord(record.id, RecordChange(date: record.date.timeIntervalSince1970, fields: record.fields,
                                                        trashedAt: record.trashedAt?.timeIntervalSince1970, updatedAt: now()))
            try tx.appendChange(record: record.id, collection: record.collection, book: record.book, kind: .updated, at: now())
        }
        let byID = Dictionary(scan.rows.map { ($0.attachment.id, $0.attachment) }, uniquingKeysWith: { first, _ in first })
        let sizes = Set(options.thumbnailSizes + ThumbnailSize.standard).sorted()
        for finding in dangling {
            report.repairs.append("removed the reference to missing file \(finding.path) (record \(finding.recordID)); its bytes were already gone")
            // Its thumbnails now belong to nothing.
            if let attachment = byID[finding.attachmentID] { try blobs.delete(sizes.map { attachment.thumbnailPath($0) }) }
        }
        let droppedThumbnails = Set(dangling.compactMap { byID[$0.attachmentID] }.flatMap { a in options.thumbnailSizes.map { a.thumbnailPath($0).string } })
        report.missingThumbnails.removeAll(where: droppedThumbnails.contains)
        report.danglingReferences = []
    }

    /// Orphan originals and odd entries go to `lost+found/`, never deleted; odd entries in the
    /// thumbnail area (re-creatable) are removed.
    private func moveStraysAside(_ report: inout FsckReport) throws {
        let stamp = ISO8601DateFormatter().string(from: clock()).replacingOccurrences(of: ":", with: "")
        for file in report.orphanFiles {
            let target = try blobs.moveToLostAndFound(file, stamp: stamp)
            report.repairs.append("moved orphan file \(file) to \(target)")
        }
        report.orphanFiles = []
        for entry in report.unexpectedEntries {
            do {
                if entry == "thumbnails" || entry.hasPrefix("thumbnails/") {
                    try blobs.removeStray(entry)
                    report.repairs.append("removed unexpected entry \(entry) from the thumbnail cache")
                } else {
                    let target = try blobs.moveToLostAndFound(entry, stamp: stamp)
                    report.repairs.append("moved unexpected entry \(entry) to \(target)")
                }
            } catch let error as KeepsakeError where error.code == .notFound {
                continue  // gone meanwhile
            }
        }
        report.unexpectedEntries = []
    }

    /// Removes record folders left empty (records purged while a crash interrupted their clean-up),
    /// unless the record exists again or an operation journalled something under them.
    private func pruneEmptyRecordFolders(_ folders: [RelativePath], _ tx: any MetadataWriter) throws {
        for folder in folders.sorted(by: >) {
            let components = folder.components
            guard let id = try? RecordID(parsing: components[2]) else { continue }
            let originals = "attachments/\(components[1])/\(components[2])/"
            guard try tx.collection(of: id) == nil, try !tx.isReferenced(prefix: originals) else { continue }
            try blobs.pruneFolder(folder)
        }
    }

    /// Makes missing thumbnails again, outside the write transaction (decoding takes time); each is
    /// put in place only while its image is still stored.
    func remakeMissingThumbnails(_ attachments: [Attachment], _ report: inout FsckReport) throws {
        var notRemade: [String] = []
        let missing = Set(report.missingThumbnails)
        for attachment in attachments {
            do {
                try remakeThumbnails(of: attachment)
                report.repairs.append("made the thumbnails of \(attachment.path) again")
            } catch let error as KeepsakeError where error.code == .notFound && (try? attachmentExists(attachment)) == false {
                continue  // removed meanwhile by another operation: nothing to make
            } catch let error as KeepsakeError {
                report.unrepairable.append("could not make thumbnails of \(attachment.path): \(error.message)")
                notRemade += options.thumbnailSizes.map { attachment.thumbnailPath($0).string }.filter(missing.contains)
            }
        }
        report.missingThumbnails = notRemade
    }

    /// Whether the attachment row still exists (with this key).
    func attachmentExists(_ attachment: Attachment) throws -> Bool {
        try metadata.read(as: .localOperator) { try $0.attachmentExists(id: attachment.id, key: attachment.path) }
    }
}
