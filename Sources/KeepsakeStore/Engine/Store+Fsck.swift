public import Foundation

extension Store {
    /// Checks the store: every attachment row has its file and the file's hash matches; no file under
    /// `attachments/` is unreferenced; every thumbnail exists; nothing in the store is a symbolic link.
    ///
    /// Interrupted operations of dead processes are completed first. With `repair`:
    /// dangling rows are removed (their bytes are gone), orphan files and unexpected entries are moved
    /// to `lost+found/` (never deleted), missing thumbnails are made again, orphan thumbnails removed.
    /// A hash mismatch is reported as unrepairable. Nothing still referenced is ever removed.
    ///
    /// - Parameter progress: called with (done, total) as files are checked.
    public func fsck(repair: Bool = false, verifyHashes: Bool = true, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> FsckReport {
        // A store folder replaced by a link would make fsck read, and repair write, outside the store.
        try checkStoreFolder(location.dataDirectory.path)
        try checkStoreFolder(location.cacheDirectory.path)
        var report = FsckReport()
        report.intentsRecovered = try recoverDeadOwners()
        try finishOwnLeftovers()

        struct Row { let attachment: Attachment; let collection: String }
        let (rows, recordCount, liveNew) = try database.read { db in
            let rows = try db.query("SELECT \(Self.attachmentColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")), r.collection FROM attachment a JOIN record r ON r.id = a.record_id ORDER BY a.record_id, a.position") {
                Row(attachment: try Self.decodeAttachment($0), collection: $0.requiredText(13))
            }
            let count = Int(try db.scalarInt("SELECT count(*) FROM record"))
            let inFlight = try db.query("SELECT path FROM intent_file WHERE role = 'new'") { $0.requiredText(0) }
            return (rows, count, Set(inFlight))
        }
        report.recordsChecked = recordCount
        report.attachmentsChecked = rows.count

        // Walk the originals; the only full walk, and only fsck does it.
        let root = location.dataDirectory.path
        var files: [String] = []
        var folders: [String] = []
        try walk(root, relative: "attachments", depth: 0, files: &files, folders: &folders, unexpected: &report.unexpectedEntries)
        report.filesScanned = files.count
        let referenced = Set(rows.map(\.attachment.path.string))

        let total = rows.count + files.count
        var done = 0
        for row in rows {
            let path = row.attachment.path
            switch storeKind(path, under: location.dataDirectory.path) {
            case .file:
                if verifyHashes {
                    let bytes = try FileInspector.read(dataPath(path))
                    if SHA256.hex(bytes) != row.attachment.sha256 {
                        report.hashMismatches.append(.init(recordID: row.attachment.recordID.string, attachmentID: row.attachment.id, path: path.string))
                    }
                }
                for size in options.thumbnailSizes {
                    let thumbnail = row.attachment.thumbnailPath(size)
                    if storeKind(thumbnail, under: location.cacheDirectory.path) == .missing { report.missingThumbnails.append(thumbnail.string) }
                }
            case .missing:
                report.danglingReferences.append(.init(recordID: row.attachment.recordID.string, attachmentID: row.attachment.id, path: path.string))
            default:
                report.unexpectedEntries.append(path.string)
            }
            done += 1
            progress?(done, total)
        }
        for file in files {
            if !referenced.contains(file) && !liveNew.contains(file) { report.orphanFiles.append(file) }
            done += 1
            progress?(done, total)
        }

        // Thumbnails that belong to nothing.
        var expectedThumbnails = Set<String>()
        for row in rows {
            for size in Set(options.thumbnailSizes + ThumbnailSize.standard) { expectedThumbnails.insert(row.attachment.thumbnailPath(size).string) }
        }
        var liveNewThumbnailStems = Set<String>()
        for path in liveNew { liveNewThumbnailStems.insert(String(path.split(separator: ".").first ?? "").replacingOccurrences(of: "attachments/", with: "thumbnails/")) }
        var thumbnailFiles: [String] = []
        var thumbnailFolders: [String] = []
        try walk(location.cacheDirectory.path, relative: "thumbnails", depth: 0, files: &thumbnailFiles, folders: &thumbnailFolders, unexpected: &report.unexpectedEntries)
        for file in thumbnailFiles where !expectedThumbnails.contains(file) {
            let stem = file.split(separator: "-").dropLast().joined(separator: "-")
            if !liveNewThumbnailStems.contains(stem) { report.orphanThumbnails.append(file) }
        }
        report.orphanFiles.sort()
        report.orphanThumbnails.sort()
        report.unexpectedEntries.sort()

        // The store may be in use (a server, another command): what looked wrong may be an operation
        // in flight. Every finding is checked again under the write lock, where no operation can
        // journal, commit or finish, and repairs are made there too, so a repair never acts on a file
        // or row that a live operation is placing or removing.
        let attachments = rows.map(\.attachment)
        guard repair else {
            guard report.problemCount > 0 else { return report }
            do {
                try database.write { db in try confirm(&report, db: db, rows: attachments) }
            } catch let error as KeepsakeError where error.code == .readOnly {
                // A read-only store (a backup, say) has no writer to wait for: one read transaction will do.
                try database.read { db in try confirm(&report, db: db, rows: attachments) }
            }
            return report
        }
        var remake: [Attachment] = []
        try database.write { db in
            try confirm(&report, db: db, rows: attachments)
            remake = try self.repair(&report, db: db, rows: attachments)
            // Remove folders left empty (records purged while a crash interrupted their clean-up).
            for folder in folders.reversed() where folder.split(separator: "/").count >= 3 {
                try removeFolderIfEmptyAndUnowned(folder, under: root, db: db)
            }
            for folder in thumbnailFolders.reversed() where folder.split(separator: "/").count >= 3 {
                try removeFolderIfEmptyAndUnowned(folder, under: location.cacheDirectory.path, db: db)
            }
        }
        // Thumbnails are made again outside the lock (decoding takes time); each is put in place
        // under the lock only if its image is still stored.
        var notRemade: [String] = []
        let missing = Set(report.missingThumbnails)
        for attachment in remake {
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
        return report
    }

    /// Whether the attachment row still exists (with this path).
    func attachmentExists(_ attachment: Attachment) throws -> Bool {
        try database.read { db in try Self.attachmentExists(db, attachment.id, attachment.path.string) }
    }

    static func attachmentExists(_ db: Database, _ id: Int64, _ path: String) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM attachment WHERE id = ? AND path = ?", [.integer(id), .text(path)]) > 0
    }

    /// Whether a stored file is referenced by an image or journalled by an operation (in flight,
    /// or committed and not yet cleaned up).
    static func isReferenced(_ db: Database, path: String) throws -> Bool {
        try db.scalarInt("SELECT (SELECT count(*) FROM attachment WHERE path = ?) + (SELECT count(*) FROM intent_file WHERE path = ?)",
                         [.text(path), .text(path)]) > 0
    }

    /// Whether any image or journalled file has a path matching the GLOB `pattern` (store paths hold
    /// no GLOB characters).
    static func isReferenced(_ db: Database, pattern: String) throws -> Bool {
        try db.scalarInt("SELECT (SELECT count(*) FROM attachment WHERE path GLOB ?) + (SELECT count(*) FROM intent_file WHERE path GLOB ?)",
                         [.text(pattern), .text(pattern)]) > 0
    }

    /// Drops the findings a concurrent operation explains; runs under the write lock.
    private func confirm(_ report: inout FsckReport, db: Database, rows: [Attachment]) throws {
        let data = location.dataDirectory.path, cache = location.cacheDirectory.path
        let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        report.danglingReferences = try report.danglingReferences.filter { finding in
            try Self.attachmentExists(db, finding.attachmentID, finding.path) && storeKind(try RelativePath(finding.path), under: data) == .missing
        }
        report.hashMismatches = try report.hashMismatches.filter { try Self.attachmentExists(db, $0.attachmentID, $0.path) }
        var thumbnailOwner: [String: Attachment] = [:]
        for attachment in rows { for size in options.thumbnailSizes { thumbnailOwner[attachment.thumbnailPath(size).string] = attachment } }
        report.missingThumbnails = try report.missingThumbnails.filter { path in
            guard let owner = thumbnailOwner[path] else { return false }
            return try Self.attachmentExists(db, owner.id, owner.path.string) && storeKind(try RelativePath(path), under: cache) == .missing
        }
        report.orphanFiles = try report.orphanFiles.filter { path in
            try !Self.isReferenced(db, path: path) && storeKind(try RelativePath(path), under: data) != .missing
        }
        report.orphanThumbnails = try report.orphanThumbnails.filter { path in
            let relative = try RelativePath(path)
            guard storeKind(relative, under: cache) != .missing else { return false }
            let stem = path.split(separator: "-").dropLast().joined(separator: "-").replacingOccurrences(of: "thumbnails/", with: "attachments/")
            return try !Self.isReferenced(db, pattern: stem + ".*")
        }
        report.unexpectedEntries = report.unexpectedEntries.filter { entry in
            let root = entry == "thumbnails" || entry.hasPrefix("thumbnails/") ? cache : data
            return FileInspector.kind(of: root + "/" + entry) != .missing
        }
        _ = byID
    }

    private func removeFolderIfEmptyAndUnowned(_ relative: String, under root: String, db: Database) throws {
        guard let path = try? RelativePath(relative), isRealFolder(path.components, under: root),
              try FileInspector.contents(of: root + "/" + relative).isEmpty else { return }
        let components = path.components
        let recordExists = try db.scalarInt("SELECT count(*) FROM record WHERE id = ?", [.text(components[2])]) > 0
        // An operation creating the record again journals its files before it makes the folder.
        let journalled = try Self.isReferenced(db, pattern: "attachments/\(components[1])/\(components[2])/*")
        if !recordExists && !journalled { try removeFolderIfEmpty(components, under: root) }
    }

    /// Makes the repairs; runs under the write lock after ``confirm(_:db:rows:)``. Returns the
    /// images whose missing thumbnails should be made again.
    private func repair(_ report: inout FsckReport, db: Database, rows: [Attachment]) throws -> [Attachment] {
        // 1. Dangling references: the bytes are gone; drop the rows and close the gaps in order.
        let dangling = report.danglingReferences
        if !dangling.isEmpty {
            do {
                for finding in dangling {
                    try db.run("DELETE FROM attachment WHERE id = ?", [.integer(finding.attachmentID)])
                }
                for recordID in Set(dangling.map(\.recordID)) {
                    let ids = try db.query("SELECT id FROM attachment WHERE record_id = ? ORDER BY position", [.text(recordID)]) { $0.int64(0) }
                    try db.run("UPDATE attachment SET position = -1 - position WHERE record_id = ?", [.text(recordID)])
                    for (position, id) in ids.enumerated() {
                        try db.run("UPDATE attachment SET position = ? WHERE id = ?", [.int(position), .integer(id)])
                    }
                    try db.run("UPDATE record SET version = version + 1, updated_at = ? WHERE id = ?", [.real(now()), .text(recordID)])
                    let collection = try db.scalarText("SELECT collection FROM record WHERE id = ?", [.text(recordID)]) ?? ""
                    try db.run("INSERT INTO change (record_id, collection, kind, at) VALUES (?, ?, 'updated', ?)", [.text(recordID), .text(collection), .real(now())])
                }
            }
            let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for finding in dangling {
                report.repairs.append("removed the reference to missing file \(finding.path) (record \(finding.recordID)); its bytes were already gone")
                // Its thumbnails now belong to nothing.
                guard let attachment = byID[finding.attachmentID] else { continue }
                for size in Set(options.thumbnailSizes + ThumbnailSize.standard) {
                    try removeStoreFile(attachment.thumbnailPath(size), under: location.cacheDirectory.path)
                }
            }
            report.missingThumbnails.removeAll { path in dangling.contains { byID[$0.attachmentID].map { a in options.thumbnailSizes.contains { a.thumbnailPath($0).string == path } } ?? false } }
            report.danglingReferences = []
        }

        // 2. Orphans and unexpected entries go to lost+found, never deleted.
        let stamp = ISO8601DateFormatter().string(from: clock()).replacingOccurrences(of: ":", with: "")
        for file in report.orphanFiles {
            let target = try moveToLostAndFound(file, stamp: stamp)
            report.repairs.append("moved orphan file \(file) to \(target)")
        }
        report.orphanFiles = []
        for entry in report.unexpectedEntries {
            let inCache = entry == "thumbnails" || entry.hasPrefix("thumbnails/")
            let absolute = (inCache ? location.cacheDirectory.path : location.dataDirectory.path) + "/" + entry
            if FileInspector.kind(of: absolute) == .missing { continue }
            if inCache {
                try removeStoreFile(try RelativePath(entry), under: location.cacheDirectory.path)
                report.repairs.append("removed unexpected entry \(entry) from the thumbnail cache")
            } else {
                let target = try moveToLostAndFound(entry, stamp: stamp)
                report.repairs.append("moved unexpected entry \(entry) to \(target)")
            }
        }
        report.unexpectedEntries = []

        // 3. Thumbnails: remove orphans; the missing ones are made again by the caller.
        for file in report.orphanThumbnails {
            try removeStoreFile(try RelativePath(file), under: location.cacheDirectory.path)
            report.repairs.append("removed orphan thumbnail \(file)")
        }
        report.orphanThumbnails = []

        for finding in report.hashMismatches {
            report.unrepairable.append("\(finding.path) (record \(finding.recordID)) does not match its recorded SHA-256: the file was changed or damaged outside Keepsake; restore it from a backup")
        }
        let missing = Set(report.missingThumbnails)
        return rows.filter { attachment in options.thumbnailSizes.contains { missing.contains(attachment.thumbnailPath($0).string) } }
    }

    private func moveToLostAndFound(_ relative: String, stamp: String) throws -> String {
        let path = try RelativePath(relative)
        guard isRealFolder(path.parentComponents, under: location.dataDirectory.path) else {
            throw KeepsakeError(.symlinkRefused, "Refused to move \(relative) to lost+found: a folder on its way is a symbolic link. Remove the link and run `keepsake fsck --repair` again.", path: relative)
        }
        let targetComponents = ["lost+found", stamp] + path.parentComponents
        // "lost+found" is our own fixed name; the rest are checked components.
        var current = location.dataDirectory.path
        for component in targetComponents {
            current += "/" + component
            switch FileInspector.kind(of: current) {
            case .directory: continue
            case .missing: try fileSystem.makeDirectory(current)
            case .symlink: throw KeepsakeError(.symlinkRefused, "Refused to keep a found file in \(current): it is a symbolic link. Remove the link and run `keepsake fsck --repair` again.", path: current)
            default: throw KeepsakeError(.io, "Cannot create \(current) to keep a found file: something else is there.", path: current)
            }
        }
        try fileSystem.rename(location.dataDirectory.path + "/" + relative, to: current + "/" + path.lastComponent)
        try fileSystem.syncDirectory(current)
        return (targetComponents + [path.lastComponent]).joined(separator: "/")
    }

    /// Lists regular files (as store-relative paths) under `relative`, recording folders and anything
    /// that is not a regular file or folder (symbolic links are reported, never followed).
    private func walk(_ root: String, relative: String, depth: Int, files: inout [String], folders: inout [String], unexpected: inout [String]) throws {
        if depth == 0 {
            switch FileInspector.kind(of: root + "/" + relative) {
            case .directory: break
            case .missing: return
            default:
                unexpected.append(relative)  // `attachments` or `thumbnails` replaced by a link: never followed
                return
            }
        }
        for name in try FileInspector.contents(of: root + "/" + relative) {
            let child = relative + "/" + name
            switch FileInspector.kind(of: root + "/" + child) {
            case .directory where depth < 2:
                folders.append(child)
                try walk(root, relative: child, depth: depth + 1, files: &files, folders: &folders, unexpected: &unexpected)
            case .file where depth == 2:
                files.append(child)
            case .missing:
                continue
            default:
                unexpected.append(child)
            }
        }
    }

    /// The file URL of a thumbnail, making it again first if the cache lost it.
    public func thumbnailURL(of attachment: Attachment, size: ThumbnailSize) throws -> URL {
        let path = attachment.thumbnailPath(size)
        switch storeKind(path, under: location.cacheDirectory.path) {
        case .file: return URL(fileURLWithPath: try checkedExistingPath(path, under: location.cacheDirectory.path))
        case .missing:
            try remakeThumbnails(of: attachment)
            return URL(fileURLWithPath: try checkedExistingPath(path, under: location.cacheDirectory.path))
        default:
            throw KeepsakeError(.symlinkRefused, "Refused to serve \(path): it is not a regular file. Run `keepsake fsck --repair`.", path: path.string)
        }
    }

    /// Makes every configured thumbnail of `attachment` again from its stored original.
    ///
    /// The thumbnails are put in place under the write lock and only while the image is still
    /// stored: one made for an image that an operation removed meanwhile would be left behind.
    /// Throws `notFound` if the image was removed.
    public func remakeThumbnails(of attachment: Attachment) throws {
        let bytes = try originalData(of: attachment)
        let thumbnails = try imageProcessor.makeThumbnails(fromStored: bytes, name: attachment.path.string, sizes: options.thumbnailSizes)
        let staging = try makeDirectories(["staging", lock.token], under: location.cacheDirectory.path)  // same file system as the thumbnails
        var pending: [(temporary: String, path: RelativePath)] = []
        defer {
            for (temporary, _) in pending { try? fileSystem.removeFile(temporary) }  // staging is ours; the error thrown is what counts
        }
        for thumbnail in thumbnails {
            let path = Attachment.thumbnailPath(for: attachment.path, size: thumbnail.size, format: attachment.thumbnailFormat)
            let temporary = "\(staging)/thumbnail-\(UUID().uuidString.lowercased()).tmp"
            try fileSystem.writeNewFile(temporary, data: thumbnail.bytes)
            pending.append((temporary, path))
        }
        try database.write { db in
            guard try Self.attachmentExists(db, attachment.id, attachment.path.string) else {
                throw KeepsakeError(.notFound, "The image \(attachment.path) was removed meanwhile, so it has no thumbnails to make.", path: attachment.path.string)
            }
            while let (temporary, path) = pending.first {
                try makeDirectories(path.parentComponents, under: location.cacheDirectory.path)
                try fileSystem.rename(temporary, to: cachePath(path))
                pending.removeFirst()
            }
        }
    }
}
