public import Foundation
public import KeepsakeStore
import KeepsakeSupport
import KeepsakeArchive

/// Export and import of a whole store as one archive: a gzip-compressed tar holding every record as
/// JSON and every original image byte for byte.
///
/// Layout inside the archive:
/// - `keepsake-export.json`: format name and version, export time, record and image counts, and
///   (version 2) the name of the access entry with its account, book and membership counts;
/// - `access.json`: every account (with its password hash and credential version), book and
///   membership, ids kept (an ``KeepsakeStore/AccessSnapshot``), written when the local operator
///   exports; an export made as an account, and every archive made before accounts, has none;
/// - `records/<collection>/<record id>.json`: one ``KeepsakeStore/Record`` each (fields, dates, trash
///   state, and each image's metadata and SHA-256);
/// - `images/<collection>/<record id>/<stored file name>`: the original bytes.
///
/// Import checks every entry name first and refuses the whole archive (changing nothing) if any is
/// not of this layout: absolute paths, `..`, links, devices, unknown names, ids that are not UUIDs.
/// Records whose id already exists are skipped, so importing into a non-empty store never duplicates.
///
/// An archive with `access.json` is imported by the local operator only: its accounts, books and
/// memberships first (see ``KeepsakeStore/Store/importAccessSnapshot(_:)``: into a new store they
/// replace its own first admin; into another they are merged only when no login or id clashes),
/// then each record into its own book with its author. When they clash, a store whose only account
/// is its first admin takes the records alone, as from an archive without accounts
/// (``ImportSummary/accounts`` is then 0); a store with other accounts refuses the whole archive
/// with a `conflict` saying to import into a new store. An archive without it imports each record into the book it names if the store has it and the importer writes
/// it, else into the importer's default book of its collection.
public struct StoreArchive: Sendable {
    /// The format written in the manifest.
    public static let formatName = "keepsake-export"
    /// The format version this program writes and reads.
    public static let formatVersion = 2
    /// The name of the entry holding the accounts, books and memberships.
    static let accessEntry = "access.json"

    /// The store to export from or import into.
    public let store: Store
    /// The largest single entry accepted on import.
    public var maxEntryBytes: Int = 256 * 1024 * 1024

    /// Creates an exporter/importer for `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Writes every record (live and trashed) of every collection to a new archive at `url`; with
    /// `book`, only that book's records and their images, and no `access.json` (one book's archive
    /// carries no accounts: imported, its records go to the book of the same id where the importer
    /// writes it, else to the importer's default book of their app). The archive is written to a
    /// temporary name next to `url` and renamed when complete.
    ///
    /// - Throws: `notFound` for a book the caller does not read.
    @discardableResult
    public func export(to url: URL, book: BookID? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> ExportSummary {
        let status = try store.status()
        let only = try book.map { try store.book($0) }
        let collections = try only.map { [$0.collection] } ?? status.collections.map { try CollectionName($0.name) }
        let total = try only.map { book in try store.count(book.collection, trash: .all, books: [book.id]) } ?? status.totalRecords
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString.prefix(8))")
        if FileManager.default.fileExists(atPath: url.path) {
            throw KeepsakeError(.invalidArgument, "\(url.path) already exists; choose a new file name for the export.", path: url.path)
        }
        let writer = try ArchiveWriter(path: temporary.path)
        var summary = ExportSummary(records: 0, images: 0, bytes: 0)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .secondsSince1970
            let now = Date()
            let access: AccessSnapshot? = store.caller.identity == .localOperator && only == nil ? try store.accessSnapshot() : nil
            if let access { try writer.add(Self.accessEntry, data: try encoder.encode(access), modified: now) }
            for collection in collections {
                var query = RecordQuery(collection: collection)
                query.books = only.map { [$0.id] }
                query.trash = .all
                query.limit = 200
                query.sort = .created
                query.descending = false
                try store.forEachPage(of: query) { page in
                    for record in page.records {
                        try writer.add("records/\(record.collection)/\(record.id).json", data: try encoder.encode(record), modified: record.updatedAt)
                        for image in record.images {
                            let bytes = try store.originalData(of: image)
                            try writer.add("images/\(record.collection)/\(record.id)/\(image.path.lastComponent)", data: bytes, modified: image.createdAt)
                            summary.images += 1
                            summary.bytes += Int64(bytes.count)
                        }
                        summary.records += 1
                        progress?(summary.records, total)
                    }
                }
            }
            let manifest = ExportManifest(format: Self.formatName, version: Self.formatVersion, exportedAt: now,
                                          records: summary.records, images: summary.images, access: access.map { _ in Self.accessEntry },
                                          accounts: access?.accounts.count, books: access?.books.count, memberships: access?.members.count)
            try writer.add("keepsake-export.json", data: try encoder.encode(manifest), modified: now)
            try writer.close()
        } catch {
            try? FileManager.default.removeItem(at: temporary)  // a partial archive is useless; the error says why
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)  // the rename error below is what counts
            throw KeepsakeError.posix(code, operation: "rename the finished archive to", path: url.path)
        }
        return summary
    }

    /// Imports an archive made by ``export(to:progress:)``.
    ///
    /// A first pass checks every entry name, decodes every record and verifies every image hash,
    /// holding no image in memory; any problem refuses the whole archive before anything is written.
    /// A second pass creates each record atomically with its images as soon as they have been read
    /// (records already present are skipped), so memory holds one record's images at a time.
    @discardableResult
    public func `import`(from url: URL, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> ImportSummary {
        let (records, access) = try validate(url)
        if let access { try store.importAccessSnapshot(access) }
        var pending = Dictionary(uniqueKeysWithValues: records.map { ("\($0.collection)/\($0.id)", $0) })
        var buffers: [String: [String: Data]] = [:]
        var summary = ImportSummary(imported: 0, skipped: 0, images: 0)
        summary.accounts = access?.accounts.count ?? 0
        summary.books = access?.books.count ?? 0
        let total = records.count
        var done = 0

        func importIfComplete(_ key: String) throws {
            guard let record = pending[key] else { return }
            let have = buffers[key] ?? [:]
            guard have.count == record.images.count else { return }
            let bytes = record.images.sorted { $0.position < $1.position }.map { have[$0.path.lastComponent]! }
            if try store.importRecord(record, imageBytes: bytes) {
                summary.imported += 1
                summary.images += bytes.count
            } else {
                summary.skipped += 1
            }
            pending[key] = nil
            buffers[key] = nil
            done += 1
            progress?(done, total)
        }

        let reader = try ExportReader(path: url.path)
        while let entry = try reader.next() {
            guard entry.isRegularFile, let path = try? RelativePath(entry.name) else { continue }
            let parts = path.components
            switch (parts[0], parts.count) {
            case ("records", 3):
                try importIfComplete("\(parts[1])/\(parts[2].dropLast(5))")
            case ("images", 4):
                let key = "\(parts[1])/\(parts[2])"
                buffers[key, default: [:]][parts[3]] = try reader.readData(limit: maxEntryBytes)
                try importIfComplete(key)
            default:
                continue
            }
        }
        guard pending.isEmpty else {
            throw KeepsakeError(.invalidArgument, "The archive \(url.path) changed while it was being imported; \(pending.count) records were not imported.")
        }
        return summary
    }

    /// The first pass: reads the whole archive without keeping image bytes and refuses it if any
    /// entry is unexpected, any record is invalid, or any image is missing, extra or damaged.
    private func validate(_ url: URL) throws -> ([Record], AccessSnapshot?) {
        let reader = try ExportReader(path: url.path)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        var records: [Record] = []
        var imageHashes: [String: String] = [:]
        var manifest: ExportManifest?
        var access: AccessSnapshot?
        while let entry = try reader.next() {
            let name = entry.name
            if entry.isDirectory, (try? RelativePath(String(name.trimmingSuffix("/")))) != nil { continue }
            guard entry.isRegularFile else {
                throw KeepsakeError(.unsafePath, "The archive entry \(KeepsakeError.quoted(name, limit: 200)) is not a regular file (a link or device?); the archive was refused and nothing was imported.")
            }
            let path: RelativePath
            do { path = try RelativePath(name) } catch {
                throw KeepsakeError(.unsafePath, "The archive entry \(KeepsakeError.quoted(name, limit: 200)) has an unsafe name; the archive was refused and nothing was imported.")
            }
            let parts = path.components
            switch (parts[0], parts.count) {
            case ("keepsake-export.json", 1):
                manifest = try decode(ExportManifest.self, try reader.readData(limit: 1 << 20), name: name, decoder: decoder)
            case (Self.accessEntry, 1):
                guard access == nil else { throw KeepsakeError(.invalidArgument, "The archive holds \(name) twice; nothing was imported.") }
                access = try decode(AccessSnapshot.self, try reader.readData(limit: 64 << 20), name: name, decoder: decoder)
            case ("records", 3):
                let record = try decode(Record.self, try reader.readData(limit: 16 << 20), name: name, decoder: decoder)
                guard parts[1] == record.collection.name, parts[2] == "\(record.id).json" else {
                    throw KeepsakeError(.invalidArgument, "The archive entry \(name) does not match the record it holds; nothing was imported.")
                }
                do {
                    try store.checkImportable(record)  // what the store would refuse later, refused now
                } catch let error as KeepsakeError {
                    throw KeepsakeError(error.code, "The archive entry \(name) cannot be imported: \(error.message) Nothing was imported.", path: name)
                }
                records.append(record)
            case ("images", 4):
                _ = try CollectionName(parts[1])
                _ = try RecordID(parsing: parts[2])
                guard imageHashes[path.string] == nil else {
                    throw KeepsakeError(.invalidArgument, "The archive holds \(name) twice; nothing was imported.")
                }
                imageHashes[path.string] = SHA256.hex(try reader.readData(limit: maxEntryBytes))
            default:
                throw KeepsakeError(.unsafePath, "The archive entry \(KeepsakeError.quoted(name, limit: 200)) is not part of a Keepsake export; the archive was refused and nothing was imported.")
            }
        }
        guard let manifest else {
            throw KeepsakeError(.invalidArgument, "\(url.path) is not a Keepsake export (no keepsake-export.json inside); nothing was imported.")
        }
        guard manifest.format == Self.formatName, manifest.version <= Self.formatVersion else {
            throw KeepsakeError(.incompatibleStore, "\(url.path) is a \(manifest.format) version \(manifest.version) archive; this program reads version \(Self.formatVersion).", remedy: .upgradeKeepsake)
        }
        guard manifest.records == records.count, Set(records.map(\.id)).count == records.count else {
            throw KeepsakeError(.invalidArgument, "The archive says it holds \(manifest.records) records but \(records.count) distinct ones were found: it is incomplete. Nothing was imported.")
        }
        if let access {
            guard manifest.access == Self.accessEntry, manifest.accounts == access.accounts.count, manifest.books == access.books.count,
                  manifest.memberships == access.members.count else {
                throw KeepsakeError(.invalidArgument, "The archive's \(Self.accessEntry) does not match what its manifest lists (accounts, books, memberships): it is damaged. Nothing was imported.")
            }
            do {
                try store.checkAccessSnapshot(access)  // a clash or a caller who may not, refused before anything is written
            } catch let error as KeepsakeError {
                // A store in use by its first admin alone takes the records into that admin's books,
                // as it takes an archive without accounts; one with people of its own refuses.
                guard error.code == .conflict, try store.accounts().count == 1 else {
                    throw KeepsakeError(error.code, "The archive \(url.path) holds accounts and books that cannot be imported: \(error.message)")
                }
                return (records, nil)
            }
        } else if let listed = manifest.access {
            throw KeepsakeError(.invalidArgument, "The archive's manifest lists \(listed) but the archive does not contain it: it is incomplete. Nothing was imported.")
        }
        var listed = Set<String>()
        for record in records {
            for image in record.images {
                let key = "images/\(record.collection)/\(record.id)/\(image.path.lastComponent)"
                listed.insert(key)
                guard let hash = imageHashes[key] else {
                    throw KeepsakeError(.invalidArgument, "The archive lists image \(key) but does not contain it; nothing was imported.")
                }
                guard hash == image.sha256 else {
                    throw KeepsakeError(.corruptImage, "The image \(key) in the archive does not match its recorded SHA-256: the archive is damaged. Nothing was imported.")
                }
            }
        }
        if let extra = imageHashes.keys.sorted().first(where: { !listed.contains($0) }) {
            throw KeepsakeError(.invalidArgument, "The archive holds \(extra), which no record refers to; nothing was imported.")
        }
        return (records, access)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data, name: String, decoder: JSONDecoder) throws -> T {
        do { return try decoder.decode(type, from: data) } catch let error as KeepsakeError {
            throw KeepsakeError(error.code, "The archive entry \(name) is invalid: \(error.message) Nothing was imported.")
        } catch {
            throw KeepsakeError(.invalidArgument, "The archive entry \(name) is not valid JSON for a Keepsake export; nothing was imported.")
        }
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : Substring(self)
    }
}
