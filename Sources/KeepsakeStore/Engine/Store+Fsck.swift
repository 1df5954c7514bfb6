import Foundation
import KeepsakeSupport

extension Store {
    /// Checks the store: every image row has its object and the object's hash matches; no object
    /// under `attachments/` is unreferenced; every thumbnail exists; nothing odd (a symbolic link, a
    /// misplaced file) is in the store.
    ///
    /// It is a merge, in key order, of what the blob store lists with what the metadata refers to.
    /// Interrupted operations of dead instances are completed first. The store may be in use: every
    /// finding is confirmed again in a write transaction, where no operation can journal, commit or
    /// finish on the rows concerned, so a live operation is never mistaken for damage.
    ///
    /// With `repair`: dangling rows are removed (their bytes are gone), orphan objects and odd
    /// entries are moved to `lost+found/` (never deleted), missing thumbnails are made again,
    /// orphan thumbnails removed. A hash mismatch is reported as unrepairable. Nothing still
    /// referenced is ever removed.
    ///
    /// - Parameter progress: called with (done, total) as image rows are checked.
    public func fsck(repair: Bool = false, verifyHashes: Bool = true, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> FsckReport {
        guard caller.isLocalOperator else { throw KeepsakeError(.forbidden, "Checking the store is for the operator of the machine it runs on.") }
        // A store folder replaced by a link would make fsck read, and repair write, outside the store.
        try blobs.checkUsable()
        var report = FsckReport()
        report.intentsRecovered = try recoverDeadOwners()
        try finishOwnLeftovers()

        var scan = try FsckScan(store: self)
        report.recordsChecked = scan.recordCount
        report.attachmentsChecked = scan.rows.count
        try checkOriginals(&scan, &report, verifyHashes: verifyHashes, progress: progress)
        try checkThumbnails(&scan, &report)
        report.orphanFiles.sort()
        report.orphanThumbnails.sort()
        report.unexpectedEntries.sort()
        report.recordsWithoutBook = try recordsWithoutBook()
        report.imagesOutsideTheirBook = scan.rows.filter { $0.bookToMoveInto != nil }.map {
            FsckReport.Finding(recordID: $0.attachment.recordID.string, attachmentID: $0.attachment.id, path: $0.attachment.path.string)
        }

        // Each transaction body starts from the findings of the scan: a metadata store may run a body
        // again after a conflict, and the attempt it rolled back must not have changed them.
        let found = report
        guard repair else {
            guard report.problemCount > 0 else { return report }
            do {
                report = try metadata.write(as: .localOperator) { tx in
                    var attempt = found
                    try confirm(&attempt, scan: scan, tx)
                    return attempt
                }
            } catch let error as KeepsakeError where error.code == .readOnly {
                // A read-only store (a backup, say) has no writer to wait for: one read transaction will do.
                report = try metadata.read(as: .localOperator) { tx in
                    var attempt = found
                    try confirm(&attempt, scan: scan, tx)
                    return attempt
                }
            }
            return report
        }
        let remake: [Attachment]
        (report, remake) = try metadata.write(as: .localOperator) { tx in
            var attempt = found
            try confirm(&attempt, scan: scan, tx)
            let remake = try self.repair(&attempt, scan: scan, tx)
            return (attempt, remake)
        }
        try remakeMissingThumbnails(remake, &report)
        let outside = Dictionary(scan.rows.compactMap { row in row.bookToMoveInto.map { (row.attachment.recordID, $0) } },
                                 uniquingKeysWith: { first, _ in first })
        let (moved, failed) = relocateIntoBookFolders(outside)
        report.repairs += moved
        report.unrepairable += failed.values.sorted()
        report.imagesOutsideTheirBook.removeAll { failed[$0.recordID] == nil }
        return report
    }

    /// The ids of the records without a book or with a book that does not exist, in id order.
    private func recordsWithoutBook() throws -> [String] {
        let known = Set(try metadata.read(as: caller) { try $0.books(nil) }.map(\.id))
        var lost: [String] = []
        try forEachRecord(trash: .all) { record in
            if !(record.book.map(known.contains) ?? false) { lost.append(record.id.string) }
        }
        return lost.sorted()
    }

    /// What one pass over the metadata and the blob store saw.
    struct FsckScan {
        /// Every image row with its collection, in key order.
        var rows: [StoredAttachment]
        let recordCount: Int
        /// Keys journalled as new by operations in flight (not orphans).
        let liveNew: Set<RelativePath>
        /// Image rows whose original was found (their thumbnails are checked).
        var found: [Attachment] = []
        /// Empty record folders (`attachments/c/id`, `thumbnails/c/id`) seen by a folder store.
        var emptyFolders: [RelativePath] = []

        init(store: Store) throws {
            var rows: [StoredAttachment] = []
            (recordCount, liveNew) = try store.metadata.read(as: .localOperator) { tx in (try tx.recordCount(), try tx.journalledNewKeys()) }
            while true {
                let page = try store.metadata.read(as: .localOperator) { try $0.attachments(after: rows.last?.attachment.path, limit: 1000) }
                rows += page
                if page.count < 1000 { break }
            }
            self.rows = rows
        }
    }

    /// Merges the listing of `attachments/` with the image rows.
    private func checkOriginals(_ scan: inout FsckScan, _ report: inout FsckReport, verifyHashes: Bool,
                                progress: (@Sendable (Int, Int) -> Void)?) throws {
        var next = 0  // the first row not yet matched
        func advance(upTo key: String?) {
            while next < scan.rows.count, key.map({ scan.rows[next].attachment.path.string < $0 }) ?? true {
                let row = scan.rows[next].attachment
                report.danglingReferences.append(.init(recordID: row.recordID.string, attachmentID: row.id, path: row.path.string))
                next += 1
                progress?(next, scan.rows.count)
            }
        }
        try forEachEntry(under: "attachments/") { entry in
            if case .object = entry.kind { report.filesScanned += 1 }
            advance(upTo: entry.key)
            if next < scan.rows.count, scan.rows[next].attachment.path.string == entry.key {
                let row = scan.rows[next].attachment
                next += 1
                if case .object(let size) = entry.kind {
                    do {
                        if verifyHashes, try size != row.byteSize || digest(of: row.path) != row.sha256 {
                            report.hashMismatches.append(.init(recordID: row.recordID.string, attachmentID: row.id, path: row.path.string))
                        }
                        scan.found.append(row)
                    } catch let error as KeepsakeError where error.code == .notFound {
                        // Removed since it was listed (an operation committed meanwhile, or damage):
                        // a dangling reference unless the confirmation finds its row gone too.
                        report.danglingReferences.append(.init(recordID: row.recordID.string, attachmentID: row.id, path: row.path.string))
                    }
                } else {
                    report.unexpectedEntries.append(entry.key)  // a link or a folder where the image should be
                }
                progress?(next, scan.rows.count)
            } else {
                classifyUnreferenced(entry, area: "attachments", scan: &scan, report: &report, orphans: \.orphanFiles)
            }
        }
        advance(upTo: nil)
    }

    /// Lists `thumbnails/` against the thumbnails every found image should have.
    private func checkThumbnails(_ scan: inout FsckScan, _ report: inout FsckReport) throws {
        let kept = Set(options.thumbnailSizes + ThumbnailSize.standard)
        var expected = Set<String>()
        var required = Set<String>()
        for attachment in scan.found {
            for size in kept { expected.insert(attachment.thumbnailPath(size).string) }
            for size in options.thumbnailSizes { required.insert(attachment.thumbnailPath(size).string) }
        }
        let foundIDs = Set(scan.found.map(\.id))
        for row in scan.rows where !foundIDs.contains(row.attachment.id) {
            for size in kept { expected.insert(row.attachment.thumbnailPath(size).string) }  // dangling: not an orphan either
        }
        let liveStems = Set(scan.liveNew.map { Self.stem(ofOriginal: $0.string) })
        try forEachEntry(under: "thumbnails/") { entry in
            if case .object = entry.kind, expected.contains(entry.key) {
                required.remove(entry.key)
                return
            }
            if case .object = entry.kind, liveStems.contains(Self.stem(ofThumbnail: entry.key)) { return }
            classifyUnreferenced(entry, area: "thumbnails", scan: &scan, report: &report, orphans: \.orphanThumbnails)
        }
        report.missingThumbnails = required.sorted()
    }

    /// An entry no row refers to: an orphan object, an empty record folder, or something odd.
    private func classifyUnreferenced(_ entry: BlobEntry, area: String, scan: inout FsckScan, report: inout FsckReport,
                                      orphans: WritableKeyPath<FsckReport, [String]>) {
        let key = try? RelativePath(entry.key)
        let depth = key?.components.count ?? 0
        switch entry.kind {
        case .object where depth == 4 && key?.components.first == area:
            if area == "thumbnails" || !scan.liveNew.contains(key!) { report[keyPath: orphans].append(entry.key) }
        case .emptyFolder where depth == 3:
            scan.emptyFolders.append(key!)
        case .emptyFolder:
            break  // an empty collection folder or area: nothing to say
        default:
            report.unexpectedEntries.append(entry.key)
        }
    }

    /// Calls `body` for every entry of the blob store under `prefix`, page by page.
    private func forEachEntry(under prefix: String, _ body: (BlobEntry) throws -> Void) throws {
        var after: String?
        repeat {
            let page = try blobs.list(prefix: prefix, after: after, limit: 1000)
            for entry in page.entries { try body(entry) }
            after = page.nextAfter
        } while after != nil
    }

    /// The SHA-256 of a stored object, read in chunks.
    func digest(of key: RelativePath) throws -> String {
        var hasher = SHA256()
        try blobs.read(key, range: nil) { hasher.update($0) }
        return hasher.finalizeHex()
    }

    /// `attachments/c/id/image_1-abc` of `attachments/c/id/image_1-abc.jpg`.
    static func stem(ofOriginal key: String) -> String {
        guard let dot = key.lastIndex(of: "."), let slash = key.lastIndex(of: "/"), dot > slash else { return key }
        return String(key[..<dot])
    }

    /// `attachments/c/id/image_1-abc` of the thumbnail `thumbnails/c/id/image_1-abc-256.jpg`.
    static func stem(ofThumbnail key: String) -> String {
        let withoutSize = key.split(separator: "-").dropLast().joined(separator: "-")
        return withoutSize.hasPrefix("thumbnails/") ? "attachments/" + withoutSize.dropFirst("thumbnails/".count) : withoutSize
    }

    /// Drops the findings a concurrent operation explains; runs in a write transaction (or, on a
    /// read-only store, a read transaction).
    private func confirm(_ report: inout FsckReport, scan: FsckScan, _ tx: any MetadataReader) throws {
        let writer = tx as? any MetadataWriter
        func stillThere(_ id: Int64, _ key: RelativePath) throws -> Bool {
            try writer?.lockAttachment(id: id, key: key) ?? tx.attachmentExists(id: id, key: key)
        }
        report.danglingReferences = try report.danglingReferences.filter { finding in
            let key = try RelativePath(finding.path)
            return try stillThere(finding.attachmentID, key) && blobs.stat(key) == nil
        }
        report.hashMismatches = try report.hashMismatches.filter { try tx.attachmentExists(id: $0.attachmentID, key: try RelativePath($0.path)) }
        var thumbnailOwner: [String: Attachment] = [:]
        for attachment in scan.found { for size in options.thumbnailSizes { thumbnailOwner[attachment.thumbnailPath(size).string] = attachment } }
        report.missingThumbnails = try report.missingThumbnails.filter { path in
            guard let owner = thumbnailOwner[path] else { return false }
            return try stillThere(owner.id, owner.path) && blobs.stat(try RelativePath(path)) == nil
        }
        report.orphanFiles = try report.orphanFiles.filter { path in
            let key = try RelativePath(path)
            return try !tx.isReferenced(key) && blobs.stat(key) != nil
        }
        // The reference is asked before the object: an operation's clean-up removes its objects
        // before its journal rows, so a thumbnail found unreferenced and then still there is an
        // orphan; asked the other way round, a thumbnail being removed by a clean-up that finished
        // in between (possible where the metadata store does not serialize writers) looked like one.
        report.orphanThumbnails = try report.orphanThumbnails.filter { path in
            try !tx.isReferenced(prefix: Self.stem(ofThumbnail: path) + ".") && blobs.stat(try RelativePath(path)) != nil
        }
        // A record made while the scan ran may sit in a book made after the scan listed the books
        // (the first write of a store makes the first admin's books): asked again here, it has one.
        report.recordsWithoutBook = try report.recordsWithoutBook.filter { id in
            let record = try RecordID(parsing: id)
            guard try tx.record(record) != nil else { return false }  // purged meanwhile
            return try tx.book(ofRecord: record).map { try tx.book($0) == nil } ?? true
        }
    }
}
