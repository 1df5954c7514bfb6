import Foundation
import Synchronization

/// A reference to an image in the target state of an operation.
enum ImageRef: Sendable, Hashable {
    /// A stored attachment of the record, by id.
    case existing(Int64)
    /// The k-th image processed for this operation.
    case new(Int)
}

/// The state a record should have after an operation; `nil` from an apply closure means "remove the record".
struct RecordTarget {
    var date: Double
    var fields: [String: FieldValue]
    var trashedAt: Double?
    var images: [ImageRef]
    /// Creation and change times to keep (an import); the commit time when `nil`.
    var createdAt: Double? = nil
    var updatedAt: Double? = nil
}

/// An image decoded and encoded outside any transaction, waiting to be placed.
struct StagedImage: Sendable {
    var processed: ProcessedImage
    let sha256: String
    var sourceSHA256: String
}

/// A file this operation placed, for rolling back.
struct PlacedFile {
    let original: RelativePath
    let format: StoredImageFormat
}

extension Store {
    // MARK: - Input

    /// Reads the bytes of a new image (the input file may be outside the store and may be a link).
    func loadInput(_ source: ImageSource, index: Int) throws -> ImageInput {
        switch source {
        case .data(let data, let name):
            guard data.count <= options.maxInputBytes else {
                throw KeepsakeError(.imageTooLarge, "\(KeepsakeError.printable(name)) is \(data.count) bytes, over the limit of \(options.maxInputBytes) bytes; nothing was stored.")
            }
            return ImageInput(bytes: data, name: name)
        case .file(let url):
            let path = url.path
            switch FileInspector.kind(of: path) {
            case .missing:
                // A dangling link is missing too.
                throw KeepsakeError(.notFound, "The image file \(KeepsakeError.printable(path)) does not exist; check the path. Nothing was stored.", path: path)
            case .directory:
                throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(path)) is a folder, not an image file; nothing was stored.", path: path)
            default: break
            }
            let data = try FileInspector.read(path, limit: options.maxInputBytes, followSymlinks: true)
            return ImageInput(bytes: data, name: url.lastPathComponent)
        }
    }

    /// Decodes, normalises and encodes images, several at once; throws the first failure in order.
    func process(_ inputs: [ImageInput], policy: ImageEncodingPolicy) throws -> [StagedImage] {
        guard !inputs.isEmpty else { return [] }
        let results = Mutex<[Int: Result<StagedImage, any Error>]>([:])
        let processor = imageProcessor
        let sizes = options.thumbnailSizes
        let work: @Sendable (Int) -> Void = { index in
            let input = inputs[index]
            let outcome = Result<StagedImage, any Error> {
                let processed = try processor.process(input, policy: policy, thumbnailSizes: sizes)
                return StagedImage(processed: processed, sha256: SHA256.hex(processed.bytes), sourceSHA256: SHA256.hex(input.bytes))
            }
            results.withLock { $0[index] = outcome }
        }
        if inputs.count == 1 || options.processingConcurrency <= 1 {
            for index in inputs.indices { work(index) }
        } else {
            // concurrentPerform uses the machine's cores; limit by striding over a fixed worker count.
            let workers = min(options.processingConcurrency, inputs.count)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: inputs.count, by: workers) { work(index) }
            }
        }
        let collected = results.withLock { $0 }
        return try inputs.indices.map { try collected[$0]!.get() }
    }

    // MARK: - The atomic protocol

    /// Runs one atomic operation on record `id`.
    ///
    /// 1. If there are new images: a first transaction allocates their file names and journals them
    ///    as `pending`; the files are then written to staging, fsynced and linked into place.
    /// 2. The commit transaction re-reads the record, asks `apply` for the target state, applies the
    ///    difference, journals the files the commit stops referring to and marks the intent
    ///    `committed`. This commit is the single point where the operation takes effect.
    /// 3. After the commit the obsolete files are removed and the intent deleted. If that clean-up
    ///    fails, the journal keeps it and it is finished later; the operation has still succeeded.
    ///
    /// Any failure before the commit removes what step 1 placed and leaves the store as it was.
    func perform(kind: String, id: RecordID, collection: CollectionName, creating: Bool,
                 staged: [StagedImage], apply: (Record?) throws -> (RecordTarget?, ChangeKind)) throws -> Record? {
        let intentID = UUID().uuidString.lowercased()
        inFlight.withLock { _ = $0.insert(intentID) }
        defer { inFlight.withLock { _ = $0.remove(intentID) } }
        try finishOwnLeftovers()

        var placed: [PlacedFile] = []
        var newPaths: [RelativePath] = []
        if !staged.isEmpty {
            newPaths = try journalNewFiles(intentID: intentID, kind: kind, id: id, collection: collection, creating: creating, staged: staged)
            do {
                try place(staged, at: newPaths, intentID: intentID, collection: collection, id: id, placed: &placed)
            } catch {
                rollBack(intentID: intentID, placed: placed, collection: collection, id: id)
                throw error
            }
        }

        let outcome: (record: Record?, hasObsolete: Bool)
        func commitTransaction() throws -> (record: Record?, hasObsolete: Bool) {
            try database.write { db in
                try commit(db, intentID: intentID, kind: kind, id: id, collection: collection, creating: creating,
                           staged: staged, newPaths: newPaths, apply: apply)
            }
        }
        do {
            do {
                outcome = try commitTransaction()
            } catch let error as KeepsakeError where error.code == .diskFull && Self.freesSpace(kind) && releaseReserve() {
                // A full disk must not stop the user from deleting: the reserve file gives the
                // database room to commit the removal, which then frees the images' space.
                outcome = try commitTransaction()
            }
        } catch {
            rollBack(intentID: intentID, placed: placed, collection: collection, id: id)
            throw error
        }
        if outcome.hasObsolete || !staged.isEmpty {
            // The operation took effect at the commit; a clean-up failure stays in the journal and is
            // finished by the next operation of this instance or by recovery after it exits.
            try? finishIntent(intentID)
        }
        if outcome.hasObsolete { ensureReserve() }  // space was freed: put the reserve back if it was used
        return outcome.record
    }

    // MARK: - The reserve

    /// Operations that remove images, and so may use the reserve on a full disk.
    static func freesSpace(_ kind: String) -> Bool { kind == "purge" || kind == "remove-image" }

    /// A file of ``StoreOptions/reserveBytes`` zero bytes in the data folder, released when a removal
    /// cannot commit on a full disk (SQLite needs room to journal even a deletion) and made again
    /// once there is room.
    var reservePath: String { location.dataDirectory.path + "/reserve" }

    /// Makes the reserve file if it is missing and there is room; never fails (a full disk just
    /// leaves it missing until a removal frees space).
    func ensureReserve() {
        guard options.reserveBytes > 0, FileInspector.kind(of: reservePath) == .missing,
              let staging = try? makeDirectories(["staging", lock.token], under: location.dataDirectory.path) else { return }
        let temporary = staging + "/reserve-\(UUID().uuidString.lowercased()).tmp"
        do {
            try fileSystem.writeNewFile(temporary, data: Data(count: options.reserveBytes))
            try fileSystem.rename(temporary, to: reservePath)
        } catch {
            try? fileSystem.removeFile(temporary)  // no room yet: try again after the next removal
        }
    }

    /// Removes the reserve file; returns whether there was one to give back.
    func releaseReserve() -> Bool {
        guard case .file = FileInspector.kind(of: reservePath) else { return false }
        return (try? fileSystem.removeFile(reservePath)) != nil
    }

    /// Transaction 1: allocate names for the new files and journal them as `pending`.
    private func journalNewFiles(intentID: String, kind: String, id: RecordID, collection: CollectionName, creating: Bool,
                                 staged: [StagedImage]) throws -> [RelativePath] {
        try database.write { db in
            let first: Int64
            if creating {
                if try db.scalarInt("SELECT count(*) FROM record WHERE id = ?", [.text(id.string)]) > 0 {
                    throw KeepsakeError(.conflict, "A record with id \(id) already exists; nothing was stored.")
                }
                first = 0
            } else {
                guard let next = try db.queryOne("UPDATE record SET next_image_seq = next_image_seq + ? WHERE id = ? RETURNING next_image_seq",
                                                 [.int(staged.count), .text(id.string)], { $0.int64(0) }) else {
                    throw KeepsakeError.recordNotFound(id.string)
                }
                first = next - Int64(staged.count)
            }
            try db.run("INSERT INTO intent (id, owner, kind, record_id, state, created_at) VALUES (?, ?, ?, ?, 'pending', ?)",
                       [.text(intentID), .text(lock.token), .text(kind), .text(id.string), .real(now())])
            var paths: [RelativePath] = []
            for (offset, image) in staged.enumerated() {
                let name = "image_\(first + Int64(offset))-\(image.sha256.prefix(12)).\(image.processed.format.fileExtension)"
                let path = try RelativePath(components: recordFolder(collection, id) + [name])
                try db.run("INSERT INTO intent_file (intent_id, path, role, thumbnail_format) VALUES (?, ?, 'new', ?)",
                           [.text(intentID), .text(path.string), .text(Self.thumbnailFormat(of: image.processed).rawValue)])
                paths.append(path)
            }
            return paths
        }
    }

    static func thumbnailFormat(of image: ProcessedImage) -> StoredImageFormat {
        image.thumbnails.first?.format ?? .jpeg
    }

    /// Writes each new original to staging, fsyncs it and links it into place (never over an
    /// existing file); writes thumbnails to the cache the same way.
    private func place(_ staged: [StagedImage], at paths: [RelativePath], intentID: String, collection: CollectionName, id: RecordID,
                       placed: inout [PlacedFile]) throws {
        let staging = try makeDirectories(["staging", lock.token], under: location.dataDirectory.path)
        // Thumbnails are renamed into the cache folder, which may be another file system: stage them there.
        var thumbnailStaging: String?
        let folder = try makeDirectories(recordFolder(collection, id), under: location.dataDirectory.path)
        var thumbnailFolder: String?
        for (offset, image) in staged.enumerated() {
            let path = paths[offset]
            let temporary = "\(staging)/\(intentID)-\(offset).tmp"
            try fileSystem.writeNewFile(temporary, data: image.processed.bytes)
            do {
                try fileSystem.link(temporary, to: dataPath(path))
            } catch {
                try? fileSystem.removeFile(temporary)  // staging is ours; the link error is what counts
                throw error
            }
            placed.append(PlacedFile(original: path, format: Self.thumbnailFormat(of: image.processed)))
            try fileSystem.removeFile(temporary)
            for thumbnail in image.processed.thumbnails {
                let thumbnailPath = Attachment.thumbnailPath(for: path, size: thumbnail.size, format: thumbnail.format)
                if thumbnailFolder == nil {
                    thumbnailFolder = try makeDirectories(thumbnailPath.parentComponents, under: location.cacheDirectory.path)
                }
                if thumbnailStaging == nil {
                    thumbnailStaging = try makeDirectories(["staging", lock.token], under: location.cacheDirectory.path)
                }
                let temporaryThumbnail = "\(thumbnailStaging!)/\(intentID)-\(offset)-\(thumbnail.size.maxPixels).tmp"
                try fileSystem.writeNewFile(temporaryThumbnail, data: thumbnail.bytes)
                do {
                    try fileSystem.rename(temporaryThumbnail, to: cachePath(thumbnailPath))
                } catch {
                    try? fileSystem.removeFile(temporaryThumbnail)  // staging is ours; the rename error is what counts
                    throw error
                }
            }
        }
        try fileSystem.syncDirectory(folder)
    }

    /// Transaction 2, the commit.
    private func commit(_ db: Database, intentID: String, kind: String, id: RecordID, collection: CollectionName, creating: Bool,
                        staged: [StagedImage], newPaths: [RelativePath],
                        apply: (Record?) throws -> (RecordTarget?, ChangeKind)) throws -> (record: Record?, hasObsolete: Bool) {
        let current = try Self.loadRecord(db, id)
        if creating, current != nil {
            throw KeepsakeError(.conflict, "A record with id \(id) already exists; nothing was stored.")
        }
        if !creating, current == nil { throw KeepsakeError.recordNotFound(id.string) }
        let (target, change) = try apply(current)
        let timestamp = now()
        var obsolete: [(RelativePath, StoredImageFormat)] = []

        if let target {
            guard target.images.count <= options.maxImagesPerRecord else {
                throw KeepsakeError(.limitExceeded, "A record can hold at most \(options.maxImagesPerRecord) images; this change would give it \(target.images.count). Nothing was changed.")
            }
            guard Set(target.images).count == target.images.count else {
                throw KeepsakeError(.invalidArgument, "The same image appears twice in the new order; nothing was changed.")
            }
            let fieldsJSON = try Self.encodeFields(target.fields)
            if let current {
                try db.run("UPDATE record SET date = ?, fields = ?, trashed_at = ?, updated_at = ?, version = version + 1 WHERE id = ?",
                           [.real(target.date), .text(fieldsJSON), .optionalReal(target.trashedAt), .real(max(timestamp, current.updatedAt.timeIntervalSince1970)), .text(id.string)])
            } else {
                try db.run("INSERT INTO record (id, collection, date, fields, created_at, updated_at, trashed_at, next_image_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           [.text(id.string), .text(collection.name), .real(target.date), .text(fieldsJSON), .real(target.createdAt ?? timestamp),
                            .real(target.updatedAt ?? timestamp), .optionalReal(target.trashedAt), .int(staged.count)])
            }
            let currentImages = current?.images ?? []
            let kept = Set(target.images.compactMap { if case .existing(let a) = $0 { a } else { nil } })
            for attachmentID in kept where !currentImages.contains(where: { $0.id == attachmentID }) {
                throw KeepsakeError(.conflict, "Image \(attachmentID) no longer belongs to record \(id) (it changed meanwhile); reload it and try again.")
            }
            for image in currentImages where !kept.contains(image.id) {
                try db.run("DELETE FROM attachment WHERE id = ?", [.integer(image.id)])
                obsolete.append((image.path, image.thumbnailFormat))
            }
            try db.run("UPDATE attachment SET position = -1 - position WHERE record_id = ?", [.text(id.string)])
            var usedNew = Set<Int>()
            for (position, ref) in target.images.enumerated() {
                switch ref {
                case .existing(let attachmentID):
                    try db.run("UPDATE attachment SET position = ? WHERE id = ?", [.int(position), .integer(attachmentID)])
                case .new(let k):
                    usedNew.insert(k)
                    let image = staged[k]
                    try db.run("""
                        INSERT INTO attachment (record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, [.text(id.string), .int(position), .text(newPaths[k].string), .int(image.processed.bytes.count), .text(image.sha256),
                              .text(image.sourceSHA256), .text(image.processed.format.mediaType), .int(image.processed.width), .int(image.processed.height),
                              .optionalReal(image.processed.capturedAt?.timeIntervalSince1970), .text(Self.thumbnailFormat(of: image.processed).rawValue),
                              .real(timestamp)])
                }
            }
            for k in staged.indices where !usedNew.contains(k) {
                obsolete.append((newPaths[k], Self.thumbnailFormat(of: staged[k].processed)))
            }
        } else if let current {
            try db.run("DELETE FROM record WHERE id = ?", [.text(id.string)])
            obsolete += current.images.map { ($0.path, $0.thumbnailFormat) }
            obsolete += staged.indices.map { (newPaths[$0], Self.thumbnailFormat(of: staged[$0].processed)) }
        }

        if !staged.isEmpty || !obsolete.isEmpty {
            if staged.isEmpty {
                try db.run("INSERT INTO intent (id, owner, kind, record_id, state, created_at) VALUES (?, ?, ?, ?, 'committed', ?)",
                           [.text(intentID), .text(lock.token), .text(kind), .text(id.string), .real(timestamp)])
            } else {
                let changed = try db.run("UPDATE intent SET state = 'committed' WHERE id = ? AND state = 'pending'", [.text(intentID)])
                guard changed == 1 else {
                    throw KeepsakeError(.conflict, "The journal entry of this operation vanished before its commit (was the store recovered by another process?); nothing was changed.")
                }
            }
            for (path, format) in obsolete {
                try db.run("INSERT OR IGNORE INTO intent_file (intent_id, path, role, thumbnail_format) VALUES (?, ?, 'obsolete', ?)",
                           [.text(intentID), .text(path.string), .text(format.rawValue)])
            }
        }
        try db.run("INSERT INTO change (record_id, collection, kind, at) VALUES (?, ?, ?, ?)",
                   [.text(id.string), .text(collection.name), .text(change.rawValue), .real(timestamp)])
        return (target == nil ? nil : try Self.loadRecord(db, id), !obsolete.isEmpty)
    }

    /// Undoes step 1 after a failure before (or during) the commit. If the commit did happen after
    /// all (an error reported after the data reached the disk), finishes it instead.
    private func rollBack(intentID: String, placed: [PlacedFile], collection: CollectionName, id: RecordID) {
        // Every step here is best effort on purpose: the caller is already throwing the error that
        // matters, and whatever is left is still in the journal, so the next operation of this
        // instance, or recovery once it exits, removes it.
        try? finishIntent(intentID)
        for (root, folder) in [(location.dataDirectory.path, stagingPath), (location.cacheDirectory.path, cacheStagingPath)] {
            guard isRealFolder(["staging", lock.token], under: root), let names = try? FileInspector.contents(of: folder) else { continue }
            for name in names where name.hasPrefix(intentID) {
                try? fileSystem.removeFile(folder + "/" + name)
            }
        }
    }

    // MARK: - Finishing intents

    /// Finishes this instance's intents that are not running (clean-up that failed earlier).
    func finishOwnLeftovers() throws {
        let mine = try database.read { db in
            try db.query("SELECT id FROM intent WHERE owner = ?", [.text(lock.token)]) { $0.requiredText(0) }
        }
        // The running set is read after the journal: an operation enters it before it journals
        // anything and leaves it only after its own clean-up. Read before, it could miss an operation
        // that journalled meanwhile, whose files would then be "rolled back" under its feet.
        let running = inFlight.withLock { $0 }
        for intent in mine where !running.contains(intent) {
            try finishIntent(intent)
        }
    }

    /// Completes one intent whose owner is not executing it: a `pending` one is rolled back (its new
    /// files removed), a `committed` one rolled forward (its obsolete files removed). A file still
    /// referenced by an attachment, or journalled by another intent, is never removed.
    func finishIntent(_ intentID: String) throws {
        let entry = try database.read { db -> (state: String, files: [(RelativePath, String, StoredImageFormat)], recordID: String?)? in
            guard let (state, recordID) = try db.queryOne("SELECT state, record_id FROM intent WHERE id = ?", [.text(intentID)], { ($0.requiredText(0), $0.text(1)) }) else {
                return nil
            }
            let role = state == "pending" ? "new" : "obsolete"
            let files = try db.query("""
                SELECT f.path, f.thumbnail_format FROM intent_file f
                WHERE f.intent_id = ? AND f.role = ?
                  AND NOT EXISTS (SELECT 1 FROM attachment a WHERE a.path = f.path)
                  AND NOT EXISTS (SELECT 1 FROM intent_file o WHERE o.path = f.path AND o.intent_id != f.intent_id AND o.role = 'new')
                """, [.text(intentID), .text(role)]) { row in
                (try RelativePath(row.requiredText(0)), role, StoredImageFormat(rawValue: row.requiredText(1)) ?? .jpeg)
            }
            return (state, files, recordID)
        }
        guard let entry else { return }
        var folders = Set<[String]>()
        let data = location.dataDirectory.path, cache = location.cacheDirectory.path
        for (path, _, format) in entry.files {
            // Never through a link planted on the way: what is behind it is not the store's.
            try removeStoreFile(path, under: data)
            folders.insert(path.parentComponents)
            for size in Set(options.thumbnailSizes + ThumbnailSize.standard) {
                try removeStoreFile(Attachment.thumbnailPath(for: path, size: size, format: format), under: cache)
            }
        }
        for folder in folders.sorted(by: { $0.joined() < $1.joined() }) where isRealFolder(folder, under: data) {
            try fileSystem.syncDirectory(data + "/" + folder.joined(separator: "/"))
        }
        // A record that no longer exists leaves empty folders behind: remove them. Checked and done
        // under the write lock: an operation creating the record again journals its files first, so
        // it either is seen here (and its folder kept) or makes the folder after this.
        try database.write { db in
            if let recordID = entry.recordID, try db.scalarInt("SELECT count(*) FROM record WHERE id = ?", [.text(recordID)]) == 0 {
                for folder in folders {
                    let pattern = folder.joined(separator: "/") + "/*"
                    let others = try db.scalarInt("SELECT count(*) FROM intent_file WHERE path GLOB ? AND intent_id != ?", [.text(pattern), .text(intentID)])
                        + db.scalarInt("SELECT count(*) FROM attachment WHERE path GLOB ?", [.text(pattern)])
                    guard others == 0 else { continue }
                    try removeFolderIfEmpty(folder, under: data)
                    var thumbnails = folder
                    thumbnails[0] = "thumbnails"
                    try removeFolderIfEmpty(thumbnails, under: cache)
                }
            }
            _ = try db.run("DELETE FROM intent WHERE id = ?", [.text(intentID)])
        }
    }

    /// Removes a folder if it exists and is empty; a folder that still holds something is kept.
    func removeFolderIfEmpty(_ components: [String], under root: String) throws {
        let absolute = root + "/" + components.joined(separator: "/")
        guard isRealFolder(components, under: root) else { return }
        do {
            try fileSystem.removeDirectory(absolute)
            try fileSystem.syncDirectory((absolute as NSString).deletingLastPathComponent)
        } catch let error as KeepsakeError where error.underlyingCode == ENOTEMPTY || error.underlyingCode == EEXIST {
            return  // something else lives there (another operation's files): keep the folder
        }
    }
}
