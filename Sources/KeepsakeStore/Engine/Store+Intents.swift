import Foundation

extension Store {
    /// Finishes this instance's intents that are not running (clean-up that failed earlier).
    func finishOwnLeftovers() throws {
        let mine = try metadata.read(as: .localOperator) { try $0.intents(ownedBy: instanceID) }
        // The running set is read after the journal: an operation enters it before it journals
        // anything and leaves it only after its own clean-up. Read before, it could miss an operation
        // that journalled meanwhile, whose files would then be "rolled back" under its feet.
        let running = core.inFlight.withLock { $0 }
        for intent in mine where !running.contains(intent) {
            do {
                try finishIntent(intent)
            } catch let error as KeepsakeError where error.code == .diskFull {
                // A full disk may leave no room even to remove a journal row (an operation that
                // failed before storing anything). The intent stays in the journal, holding nothing
                // that is referenced, and is finished by the next operation or fsck once space is
                // freed; the operation that asked (a purge that frees space, say) goes on.
                return
            }
        }
    }

    /// Completes one intent whose owner is not executing it: a `pending` one is rolled back (its new
    /// objects deleted), a `committed` one rolled forward (its obsolete objects deleted). An object
    /// still referred to by an image row, or journalled as new by another intent, is never deleted.
    /// Returns `false` if the intent was not in the journal (finished already).
    @discardableResult
    func finishIntent(_ intentID: String) throws -> Bool {
        // Decided in a write transaction that locks the intent: if its owner's transaction is still
        // settling (an answer lost during COMMIT), this waits for it, so a commit that lands late is
        // seen as committed and its new objects are never deleted under the records that use them.
        let found = try metadata.write(as: .localOperator) { tx -> (Intent, [IntentFile])? in
            guard let intent = try tx.lockIntent(intentID) else { return nil }
            return (intent, try tx.removableFiles(of: intentID, role: intent.state == .pending ? .new : .obsolete))
        }
        guard let (intent, files) = found else { return false }
        let sizes = Set(options.thumbnailSizes + ThumbnailSize.standard).sorted()
        if !files.isEmpty {
            try blobs.delete(files.flatMap { file in
                [file.key] + sizes.map { Attachment.thumbnailPath(for: file.key, size: $0, format: file.thumbnailFormat) }
            })
        }
        // A record that no longer exists leaves empty folders behind (in a store that has folders),
        // and so does a move, in the folder the record left (or, rolled back, the one it was copied
        // into). Checked and done in the write transaction: an operation writing into the record's
        // folder journals its files first, so it either is seen here (and the folder kept) or makes
        // the folder after.
        let folders = Set(files.map(\.key.parentComponents)).sorted { $0.joined() < $1.joined() }
        try metadata.write(as: .localOperator) { tx in
            // The intent's own rows go first, so they do not count as references to its folders;
            // if a prune fails, the transaction and so the intent stay.
            try tx.deleteIntent(intentID)
            if let recordID = intent.recordID, !folders.isEmpty {
                let current = try tx.collection(of: recordID).map { Self.recordFolder(book: try tx.book(ofRecord: recordID), collection: $0, id: recordID) }
                for folder in folders where current == nil || (intent.kind == .moveRecord && folder != current) {
                    let key = try RelativePath(components: folder)
                    guard try !tx.isReferenced(prefix: key.string + "/") else { continue }
                    try blobs.pruneFolder(key)
                    try blobs.pruneFolder(try RelativePath(components: ["thumbnails"] + folder.dropFirst()))
                }
            }
        }
        return true
    }
}
