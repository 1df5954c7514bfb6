import Foundation
import KeepsakeStore
import KeepsakeStoreTransfer

/// `archive`: `keepsake import` of an archive (KeepsakeStoreTransfer over libarchive: entry names and
/// kinds, the manifest and record JSON, image hashes) into a real store. Any bytes: the import
/// succeeds, or refuses with a KeepsakeError and leaves the store as it was.
enum ArchiveFuzzing {
    static let target = FuzzTarget(name: "archive", summary: "StoreArchive.import: typed refusal and the store unchanged, or a clean import",
                                   check: check, seeds: seeds)

    static let root = FuzzStores.folder("archive")
    static let store = try! Store(location: StoreLocation(root: root.appendingPathComponent("store")), imageProcessor: NoImages())
    static let input = root.appendingPathComponent("input.tar")

    static func check(_ data: Data) {
        try! data.write(to: input)
        let before = try! store.status().totalRecords
        do {
            let summary = try StoreArchive(store: store).import(from: input)
            let after = try! store.status().totalRecords
            require(after == before + summary.imported, "the import said \(summary.imported) imported, the store went from \(before) to \(after) records")
            // Keep the store small: purge what came in.
            for collection in try store.status().collections {
                for record in try store.list(RecordQuery(collection: try CollectionName(collection.name))).records { try store.purge(record.id) }
            }
        } catch let error as KeepsakeError {
            let after = try! store.status().totalRecords
            require(after == before, "a refused import (\(error.code.rawValue): \(error.message)) changed the store from \(before) to \(after) records")
        } catch {
            fatalError("keepsake-fuzz: the import threw an untyped error: \(error)")
        }
    }

    /// A real export of a small store (a record with fields, one without), as written by
    /// `keepsake export`, plus the shared corpus' tar files if any.
    static func seeds(_ corpus: URL, _ folder: URL) throws {
        let scratch = FuzzStores.folder("archive-seed")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = try Store(location: StoreLocation(root: scratch.appendingPathComponent("store")), imageProcessor: NoImages())
        _ = try source.create(RecordDraft(collection: "diary", fields: ["title": .string("Hello"), "n": .integer(3), "tags": .strings(["a", "b"])]))
        _ = try source.create(RecordDraft(collection: "ledger", fields: ["memo": .string("=1+1")]))
        _ = try StoreArchive(store: source).export(to: folder.appendingPathComponent("export.tar"))
        try copySeeds(from: corpus, ["imports"], extensions: [".tar", ".zip", ".tar.gz", ".tgz"], maxBytes: 256 << 10, into: folder)
    }
}
