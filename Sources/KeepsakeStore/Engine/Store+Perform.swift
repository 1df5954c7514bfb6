import Foundation
import KeepsakeSupport

extension Store {
    /// Runs one atomic operation on record `id`: the atomic protocol, written once for every pair
    /// of backends.
    ///
    /// 1. **Journal.** If there are new images, a first metadata transaction reserves their keys
    ///    (never reused) and journals them under a `pending` intent.
    /// 2. **Put.** The blob store stores them, refusing to overwrite, and returns once they are
    ///    durable; then their thumbnails.
    /// 3. **Commit.** One metadata transaction re-reads the record, asks `apply` for the target
    ///    state, applies the difference, journals the objects the commit stops referring to and marks
    ///    the intent `committed` (only if it is still this instance's and still pending: a recoverer
    ///    that claimed it wins). This commit is the single point where the operation takes effect,
    ///    and where the adding account's storage quota is held: its row is locked first, then its
    ///    usage summed (``requireRoom(for:by:_:)``).
    /// 4. **Clean up.** The obsolete objects are deleted and the intent removed. If that fails, the
    ///    journal keeps it and it is finished later; the operation has still succeeded.
    ///
    /// Any failure before the commit removes what step 2 stored and leaves the store as it was.
    ///
    /// The new images' keys lie in the folder of the record's book (``recordFolder(book:collection:id:)``):
    /// for a new record, `book` (the one asked for, else the caller's default book, made if missing);
    /// for a change, the book the record is in. A commit that finds the record in another book by
    /// then (moved meanwhile) refuses with `conflict`, nothing changed.
    func perform(kind: IntentKind, id: RecordID, collection: CollectionName, creating: Bool, book: BookID? = nil,
                 staged: [HashedImage], apply: (Record?) throws -> (RecordTarget?, ChangeKind)) throws -> Record? {
        let intentID = UUID().uuidString.lowercased()
        core.inFlight.withLock { _ = $0.insert(intentID) }
        defer { core.inFlight.withLock { _ = $0.remove(intentID) } }
        try finishOwnLeftovers()

        var newKeys: [RelativePath] = []
        if !staged.isEmpty {
            newKeys = try journalNewImages(intentID: intentID, kind: kind, id: id, collection: collection, creating: creating,
                                           book: book, staged: staged)
            do {
                try put(staged, at: newKeys, intentID: intentID)
            } catch {
                rollBack(intentID, newFiles: Self.newFiles(newKeys, staged))
                throw error
            }
        }

        let outcome: (record: Record?, hasObsolete: Bool)
        func commitTransaction() throws -> (record: Record?, hasObsolete: Bool) {
            try metadata.write(as: caller) { tx in
                try commit(tx, intentID: intentID, kind: kind, id: id, collection: collection, creating: creating,
                           staged: staged, newKeys: newKeys, apply: apply)
            }
        }
        do {
            do {
                outcome = try commitTransaction()
            } catch let error as KeepsakeError where error.code == .diskFull && kind.freesSpace && blobs.releaseReserve() {
                // A full disk must not stop the user from deleting: the reserve gives the database
                // room to commit the removal, which then frees the images' space.
                outcome = try commitTransaction()
            }
        } catch {
            rollBack(intentID, newFiles: Self.newFiles(newKeys, staged))
            throw error
        }
        if outcome.hasObsolete || !staged.isEmpty {
            // The operation took effect at the commit; a clean-up failure stays in the journal and is
            // finished by the next operation of this instance or by recovery after it exits.
            _ = try? finishIntent(intentID)
        }
        if outcome.hasObsolete { blobs.ensureReserve(instance: instanceID) }  // space was freed: keep the reserve again
        return outcome.record
    }

    /// Step 1: reserve keys for the new images in the folder of the record's book and journal them
    /// as `pending`.
    private func journalNewImages(intentID: String, kind: IntentKind, id: RecordID, collection: CollectionName, creating: Bool,
                                  book requested: BookID?, staged: [HashedImage]) throws -> [RelativePath] {
        try metadata.write(as: caller) { tx in
            try tx.assertLive()
            let first: Int64
            let access = try access(tx)
            let book: BookID?
            if creating {
                book = try newRecordBook(requested, in: collection, tx, access).0
            } else {
                book = try readableRecord(id, tx, access).book
                try requireWrite(book, access)
            }
            if creating {
                if try tx.collection(of: id) != nil {
                    throw KeepsakeError(.conflict, "A record with id \(id) already exists; nothing was stored.")
                }
                first = 0
            } else {
                guard let reserved = try tx.reserveImageNumbers(of: id, count: staged.count) else { throw KeepsakeError.recordNotFound(id.string) }
                first = reserved
            }
            try tx.insertIntent(Intent(id: intentID, owner: instanceID, kind: kind, recordID: id, state: .pending, createdAt: now()))
            let keys = try staged.enumerated().map { offset, image in
                let name = "image_\(first + Int64(offset))-\(image.sha256.prefix(12)).\(image.processed.format.fileExtension)"
                return try RelativePath(components: Self.recordFolder(book: book, collection: collection, id: id) + [name])
            }
            try tx.addIntentFiles(Self.newFiles(keys, staged), to: intentID)
            return keys
        }
    }

    /// Step 2: the originals, durably and never over an existing object; then their thumbnails.
    private func put(_ staged: [HashedImage], at keys: [RelativePath], intentID: String) throws {
        try blobs.putNew(zip(keys, staged).map { BlobObject(key: $0, bytes: $1.processed.bytes, sha256: $1.sha256) },
                         intent: intentID, instance: instanceID)
        for (key, image) in zip(keys, staged) {
            for thumbnail in image.processed.thumbnails {
                let thumbnailKey = Attachment.thumbnailPath(for: key, size: thumbnail.size, format: thumbnail.format)
                try blobs.putReplacing(BlobObject(key: thumbnailKey, bytes: thumbnail.bytes, sha256: SHA256.hex(thumbnail.bytes)), instance: instanceID)
            }
        }
    }

    /// Step 3, the commit, inside the metadata store's write transaction.
    private func commit(_ tx: any MetadataWriter, intentID: String, kind: IntentKind, id: RecordID, collection: CollectionName, creating: Bool,
                        staged: [HashedImage], newKeys: [RelativePath],
                        apply: (Record?) throws -> (RecordTarget?, ChangeKind)) throws -> (record: Record?, hasObsolete: Bool) {
        try tx.assertLive()
        // Locked before any record row, so commits of one account on every server queue here.
        let quotaHolder = staged.isEmpty ? nil : try lockQuotaHolder(tx)
        let access = try access(tx)
        let current = try tx.record(id)
        if creating, current != nil {
            throw KeepsakeError(.conflict, "A record with id \(id) already exists; nothing was stored.")
        }
        if let current {
            guard access.canRead(current.book) else { throw KeepsakeError.recordNotFound(id.string) }
            try requireWrite(current.book, access)
        } else if !creating {
            throw KeepsakeError.recordNotFound(id.string)
        }
        var (target, change) = try apply(current)
        if creating, let made = target {
            // The book is resolved here, in the commit: a default book missing until now is made in
            // this same transaction, and a membership removed meanwhile is seen.
            let (book, author) = try newRecordBook(made.book, in: collection, tx, access)
            target?.book = book
            target?.author = made.author ?? author
        }
        if let key = newKeys.first, key.parentComponents != Self.recordFolder(book: target?.book ?? current?.book, collection: collection, id: id) {
            throw KeepsakeError(.conflict, "Record \(id) was moved to another book while its images were stored; nothing was changed.", remedy: .reloadAndRetry)
        }
        let timestamp = now()
        var obsolete: [IntentFile] = []

        if let target {
            // New originals count for the account that adds them; a record the operator imports (an
            // archive, a move between backends) keeps them counting for its author, as the migration
            // that brought quotas counted the images stored before.
            let addedBy = caller.accountID ?? (kind == .importRecord ? target.author : nil)
            obsolete = try write(target, over: current, of: id, collection: collection, staged: staged, newKeys: newKeys, at: timestamp,
                                 addedBy: addedBy, quotaHolder: quotaHolder, tx)
        } else if let current {
            try tx.deleteRecord(id)
            obsolete += current.images.map { IntentFile(key: $0.path, role: .obsolete, thumbnailFormat: $0.thumbnailFormat) }
            obsolete += zip(newKeys, staged).map { IntentFile(key: $0, role: .obsolete, thumbnailFormat: $1.thumbnailFormat) }
        }

        if !staged.isEmpty || !obsolete.isEmpty {
            if staged.isEmpty {
                try tx.insertIntent(Intent(id: intentID, owner: instanceID, kind: kind, recordID: id, state: .committed, createdAt: timestamp))
            } else if try !tx.markCommitted(intentID, owner: instanceID) {
                throw KeepsakeError(.conflict, "The journal entry of this operation was taken over before its commit (the store was recovered by another instance); nothing was changed.",
                                    remedy: .retryLater)
            }
            try tx.addIntentFiles(obsolete, to: intentID)
        }
        try tx.appendChange(record: id, collection: collection, book: target?.book ?? current?.book, kind: change, at: timestamp)
        return (target == nil ? nil : try tx.record(id), !obsolete.isEmpty)
    }

    /// Writes the record row and its ordered images for `target`; returns the files it stops referring to.
    private func write(_ target: RecordTarget, over current: Record?, of id: RecordID, collection: CollectionName, staged: [HashedImage],
                       newKeys: [RelativePath], at timestamp: Double, addedBy: AccountID?, quotaHolder: Account?,
                       _ tx: any MetadataWriter) throws -> [IntentFile] {
        guard target.images.count <= options.maxImagesPerRecord else {
            throw KeepsakeError(.limitExceeded, "A record can hold at most \(options.maxImagesPerRecord) images; this change would give it \(target.images.count). Nothing was changed.")
        }
        guard Set(target.images).count == target.images.count else {
            throw KeepsakeError(.invalidArgument, "The same image appears twice in the new order; nothing was changed.")
        }
        if let current {
            try tx.updateRecord(id, RecordChange(date: target.date, fields: target.fields, trashedAt: target.trashedAt,
                                                 updatedAt: max(timestamp, current.updatedAt.timeIntervalSince1970)))
        } else {
            guard let book = target.book else {
                throw KeepsakeError(.unexpected, "A new record reached its commit without a book; nothing was stored.")
            }
            try tx.insertRecord(NewRecord(id: id, collection: collection, date: target.date, fields: target.fields, createdAt: target.createdAt ?? timestamp,
                                          updatedAt: target.updatedAt ?? timestamp, trashedAt: target.trashedAt, nextImageNumber: Int64(staged.count),
                                          book: book, author: target.author))
        }
        let currentImages = current?.images ?? []
        let kept = Set(target.images.compactMap { if case .existing(let a) = $0 { a } else { nil } })
        for attachmentID in kept where !currentImages.contains(where: { $0.id == attachmentID }) {
            throw KeepsakeError(.conflict, "Image \(attachmentID) no longer belongs to record \(id) (it changed meanwhile).", remedy: .reloadAndRetry)
        }
        var obsolete: [IntentFile] = []
        for image in currentImages where !kept.contains(image.id) {
            try tx.deleteAttachment(image.id)
            obsolete.append(IntentFile(key: image.path, role: .obsolete, thumbnailFormat: image.thumbnailFormat))
        }
        var usedNew = Set<Int>()
        let slots: [AttachmentSlot] = target.images.map { ref in
            switch ref {
            case .existing(let attachmentID):
                return .existing(attachmentID)
            case .new(let k):
                usedNew.insert(k)
                let image = staged[k]
                return .new(NewAttachment(key: newKeys[k], byteSize: Int64(image.processed.bytes.count), sha256: image.sha256,
                                          sourceSHA256: image.sourceSHA256, mediaType: image.processed.format.mediaType,
                                          width: image.processed.width, height: image.processed.height,
                                          capturedAt: image.processed.capturedAt?.timeIntervalSince1970, thumbnailFormat: image.thumbnailFormat,
                                          createdAt: timestamp, addedBy: addedBy))
            }
        }
        if let quotaHolder {
            let adding = slots.reduce(Int64(0)) { sum, slot in if case .new(let image) = slot { sum + image.byteSize } else { sum } }
            try requireRoom(for: adding, by: quotaHolder, tx)
        }
        try tx.setImages(of: id, to: slots)
        for k in staged.indices where !usedNew.contains(k) {
            obsolete.append(IntentFile(key: newKeys[k], role: .obsolete, thumbnailFormat: staged[k].thumbnailFormat))
        }
        return obsolete
    }

    /// Undoes steps 1–2 after a failure before (or during) the commit. If the commit did happen after
    /// all (an error reported after the data became durable), finishes it instead.
    ///
    /// If the intent is no longer in the journal, another instance took this one for dead (its
    /// liveness was lost while it was frozen or cut off), claimed the intent and finished it, perhaps
    /// before this instance's late puts: then the new objects that nothing refers to are removed here.
    /// Their keys were reserved for this operation alone, so nothing else can come to refer to them.
    func rollBack(_ intentID: String, newFiles: [IntentFile]) {
        // Best effort on purpose: the caller is already throwing the error that matters, and whatever
        // is left is still in the journal, so the next operation of this instance, or recovery once
        // it exits, removes it.
        guard (try? finishIntent(intentID)) == false, !newFiles.isEmpty else { return }
        guard let loose = try? metadata.read(as: .localOperator, { tx in try newFiles.filter { try !tx.isReferenced($0.key) } }), !loose.isEmpty else { return }
        let sizes = Set(options.thumbnailSizes + ThumbnailSize.standard).sorted()
        try? blobs.delete(loose.flatMap { file in
            [file.key] + sizes.map { Attachment.thumbnailPath(for: file.key, size: $0, format: file.thumbnailFormat) }
        })
    }

    /// The journal entries of new images stored at `keys`.
    private static func newFiles(_ keys: [RelativePath], _ staged: [HashedImage]) -> [IntentFile] {
        zip(keys, staged).map { IntentFile(key: $0, role: .new, thumbnailFormat: $1.thumbnailFormat) }
    }
}
