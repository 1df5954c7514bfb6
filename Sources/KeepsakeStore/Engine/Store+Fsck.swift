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
            switch FileInspector.kind(of: dataPath(path)) {
            case .file:
                if verifyHashes {
                    let bytes = try FileInspector.read(dataPath(path))
                    if SHA256.hex(bytes) != row.attachment.sha256 {
                        report.hashMismatches.append(.init(recordID: row.attachment.recordID.string, attachmentID: row.attachment.id, path: path.string))
                    }
                }
                for size in options.thumbnailSizes {
                    let thumbnail = row.attachment.thumbnailPath(size)
                    if FileInspector.kind(of: cachePath(thumbnail)) == .missing { report.missingThumbnails.append(thumbnail.string) }
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

        guard repair else { return report }
        try self.repair(&report, rows: rows.map(\.attachment))
        // Remove folders left empty (records purged while a crash interrupted their clean-up).
        for folder in folders.reversed() where folder.split(separator: "/").count >= 3 {
            try removeFolderIfEmptyAndUnowned(folder, under: root)
        }
        for folder in thumbnailFolders.reversed() where folder.split(separator: "/").count >= 3 {
            try removeFolderIfEmptyAndUnowned(folder, under: location.cacheDirectory.path)
        }
        return report
    }

    private func removeFolderIfEmptyAndUnowned(_ relative: String, under root: String) throws {
        guard let path = try? RelativePath(relative), try FileInspector.contents(of: root + "/" + relative).isEmpty else { return }
        let components = path.components
        let recordExists = try database.read { db in
            try db.scalarInt("SELECT count(*) FROM record WHERE id = ?", [.text(components[2])]) > 0
        }
        if !recordExists { try removeFolderIfEmpty(components, under: root) }
    }

    private func repair(_ report: inout FsckReport, rows: [Attachment]) throws {
        // 1. Dangling references: the bytes are gone; drop the rows and close the gaps in order.
        let dangling = report.danglingReferences
        if !dangling.isEmpty {
            try database.write { db in
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
                    try fileSystem.removeFile(cachePath(attachment.thumbnailPath(size)))
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
            let absolute = entry.hasPrefix("thumbnails/") ? location.cacheDirectory.path + "/" + entry : location.dataDirectory.path + "/" + entry
            if FileInspector.kind(of: absolute) == .missing { continue }
            if entry.hasPrefix("thumbnails/") {
                try fileSystem.removeFile(absolute)
                report.repairs.append("removed unexpected entry \(entry) from the thumbnail cache")
            } else {
                let target = try moveToLostAndFound(entry, stamp: stamp)
                report.repairs.append("moved unexpected entry \(entry) to \(target)")
            }
        }
        report.unexpectedEntries = []

        // 3. Thumbnails: remove orphans, make the missing ones again.
        for file in report.orphanThumbnails {
            try fileSystem.removeFile(location.cacheDirectory.path + "/" + file)
            report.repairs.append("removed orphan thumbnail \(file)")
        }
        report.orphanThumbnails = []
        let missing = Set(report.missingThumbnails)
        var notRemade: [String] = []
        for attachment in rows where options.thumbnailSizes.contains(where: { missing.contains(attachment.thumbnailPath($0).string) }) {
            do {
                try remakeThumbnails(of: attachment)
                report.repairs.append("made the thumbnails of \(attachment.path) again")
            } catch let error as KeepsakeError {
                report.unrepairable.append("could not make thumbnails of \(attachment.path): \(error.message)")
                notRemade += options.thumbnailSizes.map { attachment.thumbnailPath($0).string }.filter(missing.contains)
            }
        }
        report.missingThumbnails = notRemade

        for finding in report.hashMismatches {
            report.unrepairable.append("\(finding.path) (record \(finding.recordID)) does not match its recorded SHA-256: the file was changed or damaged outside Keepsake; restore it from a backup")
        }
    }

    private func moveToLostAndFound(_ relative: String, stamp: String) throws -> String {
        let path = try RelativePath(relative)
        let targetComponents = ["lost+found", stamp] + path.parentComponents
        // "lost+found" is our own fixed name; the rest are checked components.
        var current = location.dataDirectory.path
        for component in targetComponents {
            current += "/" + component
            switch FileInspector.kind(of: current) {
            case .directory: continue
            case .missing: try fileSystem.makeDirectory(current)
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
        switch FileInspector.kind(of: cachePath(path)) {
        case .file: return URL(fileURLWithPath: try checkedExistingPath(path, under: location.cacheDirectory.path))
        case .missing:
            try remakeThumbnails(of: attachment)
            return URL(fileURLWithPath: try checkedExistingPath(path, under: location.cacheDirectory.path))
        default:
            throw KeepsakeError(.symlinkRefused, "Refused to serve \(path): it is not a regular file. Run `keepsake fsck --repair`.", path: path.string)
        }
    }

    /// Makes every configured thumbnail of `attachment` again from its stored original.
    public func remakeThumbnails(of attachment: Attachment) throws {
        let bytes = try originalData(of: attachment)
        let thumbnails = try imageProcessor.makeThumbnails(fromStored: bytes, name: attachment.path.string, sizes: options.thumbnailSizes)
        let staging = try makeDirectories(["staging", lock.token], under: location.cacheDirectory.path)  // same file system as the thumbnails
        for thumbnail in thumbnails {
            let path = Attachment.thumbnailPath(for: attachment.path, size: thumbnail.size, format: attachment.thumbnailFormat)
            try makeDirectories(path.parentComponents, under: location.cacheDirectory.path)
            let temporary = "\(staging)/thumbnail-\(UUID().uuidString.lowercased()).tmp"
            try fileSystem.writeNewFile(temporary, data: thumbnail.bytes)
            do {
                try fileSystem.rename(temporary, to: cachePath(path))
            } catch {
                try? fileSystem.removeFile(temporary)  // staging is ours; the rename error is what counts
                throw error
            }
        }
    }
}
