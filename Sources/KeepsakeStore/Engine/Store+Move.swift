import Foundation
import KeepsakeSupport

extension Store {
    /// Moves a record to another book of its collection in one commit, journalled as a `left`
    /// change with the old book (its readers' mirrors drop it) and then an `updated` one with the new
    /// book (its readers' mirrors fetch it; one who reads both ends up with it); its version goes up
    /// by one. The caller must write both books.
    ///
    /// Its images follow it into the new book's folder (``recordFolder(book:collection:id:)``), the
    /// atomic protocol of ``perform(kind:id:collection:creating:book:staged:apply:)`` applied to
    /// copies: the copies' keys are journalled, the originals copied (each checked against its
    /// SHA-256) with their thumbnails, and the commit gives each image its new key (its id, position
    /// and everything else kept) as it changes the book; the old files are removed after it. Moving
    /// a record to the book it is in moves only images stored outside that book's folder (written
    /// before books had folders), and changes nothing when there are none.
    ///
    /// - Throws: `notFound` for a record or book the caller does not read; `invalidArgument` for a
    ///   book of another collection; `forbidden` when the caller may not write one of the books;
    ///   `conflict` when `expectedVersion` is given and the record is at another version, or when the
    ///   record changed while its images were copied; `corruptImage` for an original whose bytes no
    ///   longer match its hash (nothing is moved: `keepsake fsck` says more). Nothing is changed.
    @discardableResult
    public func moveRecord(_ id: RecordID, to book: BookID, expectedVersion: Int64? = nil) throws -> Record {
        let intentID = UUID().uuidString.lowercased()
        core.inFlight.withLock { _ = $0.insert(intentID) }
        defer { core.inFlight.withLock { _ = $0.remove(intentID) } }
        try finishOwnLeftovers()

        let plan = try metadata.write(as: caller) { tx -> Relocation in
            let current = try checkedMove(of: id, to: book, expectedVersion: expectedVersion, tx)
            let folder = Self.recordFolder(book: book, collection: current.collection, id: id)
            // The file's name is kept: image numbers are never reused in a record, so the key is new.
            let copies = try current.images.filter { $0.path.parentComponents != folder }.map { image in
                (image: image, key: try RelativePath(components: folder + [image.path.components.last ?? ""]))
            }
            guard !copies.isEmpty else {
                return Relocation(record: try changeBook(of: current, to: book, tx), version: current.version, copies: [])
            }
            try tx.insertIntent(Intent(id: intentID, owner: instanceID, kind: .moveRecord, recordID: id, state: .pending, createdAt: now()))
            try tx.addIntentFiles(copies.map { IntentFile(key: $1, role: .new, thumbnailFormat: $0.thumbnailFormat) }, to: intentID)
            return Relocation(record: nil, version: current.version, copies: copies)
        }
        if let moved = plan.record { return moved }
        let newFiles = plan.copies.map { IntentFile(key: $1, role: .new, thumbnailFormat: $0.thumbnailFormat) }
        let moved: Record
        do {
            try copy(plan.copies, intentID: intentID)
            moved = try metadata.write(as: caller) { tx in
                let current = try checkedMove(of: id, to: book, expectedVersion: expectedVersion, tx)
                guard current.version == plan.version else {
                    throw KeepsakeError(.conflict, "Record \(id) was changed while its images were moved (version \(current.version), was \(plan.version)); nothing was changed.",
                                        remedy: .reloadAndRetry)
                }
                for (image, key) in plan.copies where try !tx.relocateAttachment(image.id, of: id, to: key) {
                    throw KeepsakeError(.conflict, "Image \(image.id) no longer belongs to record \(id) (it changed meanwhile); nothing was changed.", remedy: .reloadAndRetry)
                }
                guard try tx.markCommitted(intentID, owner: instanceID) else {
                    throw KeepsakeError(.conflict, "The journal entry of this move was taken over before its commit (the store was recovered by another instance); nothing was changed.",
                                        remedy: .retryLater)
                }
                try tx.addIntentFiles(plan.copies.map { IntentFile(key: $0.0.path, role: .obsolete, thumbnailFormat: $0.0.thumbnailFormat) }, to: intentID)
                return try changeBook(of: current, to: book, tx)
            }
        } catch {
            rollBack(intentID, newFiles: newFiles)
            throw error
        }
        // Committed: the old files' removal may fail and is then finished later (see perform).
        _ = try? finishIntent(intentID)
        return moved
    }

    /// Moves every record of `records` (a record's id and its book) to its own book by
    /// ``moveRecord(_:to:expectedVersion:)``, for the operator, so that images stored before books
    /// had folders go into their book's folder: `keepsake fsck --repair` runs it. Returns a line per
    /// record moved, and the reason for each record that could not be (by id; it stays as it was).
    /// A record gone meanwhile is neither.
    func relocateIntoBookFolders(_ records: [RecordID: BookID]) -> (moved: [String], failed: [String: String]) {
        var moved: [String] = [], failed: [String: String] = [:]
        for (id, book) in records.sorted(by: { $0.key.string < $1.key.string }) {
            do {
                let record = try acting(as: .localOperator).moveRecord(id, to: book)
                moved.append("moved the \(record.images.count) images of record \(id) into its book's folder attachments/\(book.string)/")
            } catch let error as KeepsakeError where error.code == .notFound && (try? metadata.read(as: .localOperator, { try $0.collection(of: id) })) == .some(nil) {
                continue  // purged meanwhile: nothing to move
            } catch let error as KeepsakeError {
                failed[id.string] = "could not move the images of record \(id) into its book's folder: \(error.message)"
            } catch {
                failed[id.string] = "could not move the images of record \(id) into its book's folder: \(error)"
            }
        }
        return (moved, failed)
    }

    /// What a move decided in its first transaction: done already (`record`), or the copies to make.
    private struct Relocation {
        var record: Record?
        var version: Int64
        var copies: [(image: Attachment, key: RelativePath)]
    }

    /// The record, after the checks of a move (the caller writes both books; `book` holds its collection).
    private func checkedMove(of id: RecordID, to book: BookID, expectedVersion: Int64?, _ tx: any MetadataWriter) throws -> Record {
        try tx.assertLive()
        let access = try access(tx)
        let current = try readableRecord(id, tx, access)
        let target = try readableBook(book, tx, access)
        guard target.collection == current.collection.bookCollection else {
            throw KeepsakeError(.invalidArgument, "Book \(KeepsakeError.quoted(target.name)) holds \(target.collection) records, so a \(current.collection) record cannot move there; nothing was changed.")
        }
        try requireWrite(current.book, access)
        try requireWrite(target.id, access)
        if let expectedVersion, current.version != expectedVersion {
            throw KeepsakeError(.conflict, "Record \(id) was changed by someone else meanwhile (version \(current.version), expected \(expectedVersion)); nothing was changed.", remedy: .reloadAndRetry)
        }
        return current
    }

    /// Puts `current` in `book` (its version up by one) and logs it; nothing when it is there and
    /// no image was moved.
    private func changeBook(of current: Record, to book: BookID, _ tx: any MetadataWriter) throws -> Record {
        let relocated = current.images.contains { $0.path.parentComponents != Self.recordFolder(book: book, collection: current.collection, id: current.id) }
        guard current.book != book || relocated else { return current }
        try tx.setRecordBook(current.id, book: book)
        let at = now()
        if let old = current.book, old != book { try tx.appendChange(record: current.id, collection: current.collection, book: old, kind: .left, at: at) }
        // Also for images moved within the book: the change sequence moves, so what a server keeps of
        // the old keys (its attachment index) is read again.
        try tx.appendChange(record: current.id, collection: current.collection, book: book, kind: .updated, at: at)
        guard let moved = try tx.record(current.id) else { throw KeepsakeError.recordNotFound(current.id.string) }
        return moved
    }

    /// Copies the originals (each checked against its hash) and the thumbnails there are.
    private func copy(_ copies: [(image: Attachment, key: RelativePath)], intentID: String) throws {
        var objects: [BlobObject] = []
        for (image, key) in copies {
            let bytes = try blobs.read(image.path)
            guard SHA256.hex(bytes) == image.sha256 else {
                throw KeepsakeError(.corruptImage, "Image \(image.id) of record \(image.recordID) (\(image.path)) no longer matches its hash, so it was not moved; nothing was changed. Run keepsake fsck.",
                                    path: image.path.string)
            }
            objects.append(BlobObject(key: key, bytes: bytes, sha256: image.sha256))
        }
        try blobs.putNew(objects, intent: intentID, instance: instanceID)
        let sizes = Set(options.thumbnailSizes + ThumbnailSize.standard).sorted()
        for (image, key) in copies {
            for size in sizes {
                let bytes: Data
                do {
                    bytes = try blobs.read(image.thumbnailPath(size))
                } catch let error as KeepsakeError where error.code == .notFound {
                    continue  // not made (or not kept): made again on demand or by fsck, as before the move
                }
                let thumbnail = Attachment.thumbnailPath(for: key, size: size, format: image.thumbnailFormat)
                try blobs.putReplacing(BlobObject(key: thumbnail, bytes: bytes, sha256: SHA256.hex(bytes)), instance: instanceID)
            }
        }
    }
}
