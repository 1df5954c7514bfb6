import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// What only the embedded pair (SQLite + a folder) has: the database file, folders, links, file systems.
/// Everything else about the engine is in the conformance suite (`StoreConformance`).
@Suite struct EmbeddedBackendTests {
    let images = Corpus.smallImages

    @Test func databaseHoldsRelativePathsAsRowsInWALModeWithForeignKeys() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
        let database = try #require(store.metadata as? SQLiteMetadataStore).database
        let (mode, foreignKeys, version, paths) = try database.read { db in
            (try db.scalarText("PRAGMA journal_mode"), try db.scalarInt("PRAGMA foreign_keys"), try db.scalarInt("PRAGMA user_version"),
             try db.query("SELECT path FROM attachment", []) { $0.requiredText(0) })
        }
        #expect(mode == "wal")
        #expect(foreignKeys == 1)
        #expect(version == Int64(Schema.currentVersion))
        #expect(paths.count == 2)
        #expect(paths.allSatisfy { !$0.hasPrefix("/") && !$0.contains(",") })
    }

    @Test func symlinksPlantedInsideTheStoreAreRefusedAndNothingOutsideIsTouched() throws {
        let dir = TemporaryDirectory()
        let outside = TemporaryDirectory("outside")
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        // Replace the record folder with a link to a folder outside the store.
        let folder = dir.url.appendingPathComponent(record.images[0].path.parentComponents.joined(separator: "/"))
        try FileManager.default.moveItem(at: folder, to: outside.appending("moved"))
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: outside.url)
        #expect { try store.addImages([.file(images[1])], to: record.id) } throws: { ($0 as? KeepsakeError)?.code == .symlinkRefused }
        #expect { try store.originalData(of: record.images[0]) } throws: { ($0 as? KeepsakeError)?.code == .symlinkRefused }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["moved"])

        let report = try store.fsck()
        #expect(report.unexpectedEntries == [record.images[0].path.parentComponents.joined(separator: "/")])
        #expect(report.danglingReferences.count == 1)
        let repaired = try store.fsck(repair: true)
        #expect(!repaired.repairs.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["moved"], "the link's target is untouched")
        let after = try store.fsck()
        #expect(after.isClean, "\(after)")
    }

    @Test func aStoreFolderThatIsASymlinkIsRefused() throws {
        let dir = TemporaryDirectory()
        let real = dir.appending("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: real.appendingPathComponent("attachments-target"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: real.appendingPathComponent("attachments"), withDestinationURL: real.appendingPathComponent("attachments-target"))
        #expect {
            try Store(location: StoreLocation(root: real), imageProcessor: TestStores.processor)
        } throws: { ($0 as? KeepsakeError)?.code == .symlinkRefused }
    }

    @Test func dataAndCacheMayLiveOnDifferentFileSystems() throws {
        // XDG_DATA_HOME and XDG_CACHE_HOME can be different disks: thumbnails must never be renamed
        // across them. /dev/shm is a tmpfs on Linux, the temporary folder usually is not.
        let cacheRoot = URL(fileURLWithPath: "/dev/shm")
        guard FileManager.default.isWritableFile(atPath: cacheRoot.path) else { return }
        let data = TemporaryDirectory("xdev-data")
        let cache = cacheRoot.appendingPathComponent("keepsake-test-cache-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: cache) }
        let store = try Store(location: StoreLocation(dataDirectory: data.url, cacheDirectory: cache), imageProcessor: TestStores.processor)
        let record = try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
        try store.replaceImage(of: record.id, at: 0, with: .file(images[2]))
        try FileManager.default.removeItem(at: store.location.thumbnailsDirectory)
        _ = try store.imageBody(of: record.images[1], variant: .thumbnail(.small))
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent(record.images[1].thumbnailPath(.small).string).path))
        #expect(try store.fsck(repair: true).missingThumbnails.isEmpty)
        #expect(try store.fsck().isClean)
    }

    @Test func aStoreFromANewerProgramIsRefused() throws {
        let dir = TemporaryDirectory()
        do { _ = try TestStores.open(dir) }
        try Database(path: dir.appending("keepsake.sqlite").path).execute("PRAGMA user_version = 99")
        #expect { try TestStores.open(dir) } throws: { ($0 as? KeepsakeError)?.code == .incompatibleStore }
    }

    /// Found by the soak lane: the images of a page were loaded with `IN (?, ?, …)`, one new cached
    /// statement for every page size, so a server whose calendar showed one more entry each time
    /// kept one more statement each time (~50 KB of heap per new entry).
    @Test func pagesOfEverySizeShareTheirStatements() throws {
        let store = try TestStores.open(TemporaryDirectory())
        for index in 0..<60 { try store.create(RecordDraft(collection: "diary", fields: ["n": .integer(Int64(index))])) }
        let database = try #require(store.metadata as? SQLiteMetadataStore).database
        var query = RecordQuery(collection: "diary")
        query.limit = 1
        _ = try store.list(query)
        let before = try database.read { $0.cachedStatementCount }
        for limit in 2...60 {
            query.limit = limit
            #expect(try store.list(query).records.count == limit)
        }
        #expect(try database.read { $0.cachedStatementCount } == before, "one statement for every page size")
    }

    /// Reads run on read-only connections of their own: a write commits while a read is open, the
    /// open read keeps its snapshot, and a read begun after the commit sees it.
    @Test func readsAreSnapshotsOnTheirOwnConnectionsAndDoNotWaitForWrites() throws {
        let dir = TemporaryDirectory()  // kept: a reader connection opens the file again
        let store = try TestStores.open(dir)
        try store.create(RecordDraft(collection: "diary", fields: ["n": .integer(1)]))
        let database = try #require(store.metadata as? SQLiteMetadataStore).database
        let count = "SELECT count(*) FROM record"
        let (outerBefore, inner, outerAfter) = try database.read { outer in
            let before = try outer.scalarInt(count)
            try store.create(RecordDraft(collection: "diary", fields: ["n": .integer(2)]))  // commits now
            let inner = try database.read { try $0.scalarInt(count) }
            return (before, inner, try outer.scalarInt(count))
        }
        #expect(outerBefore == 1)
        #expect(inner == 2, "a read begun after the commit sees it")
        #expect(outerAfter == 1, "an open read keeps its snapshot")
        #expect(try database.read { try $0.scalarInt(count) } == 2)
        #expect(database.readerCount == 2)
        #expect(throws: KeepsakeError.self) { try database.read { try $0.run("DELETE FROM record") } }
        #expect(try database.read { try $0.scalarInt(count) } == 2, "a reader cannot write")
    }

    /// A database file replaced under a running store is not read through a new reader connection:
    /// reads go on seeing what the store writes (the writer's file).
    @Test func aReaderIsNotOpenedOnAReplacedDatabaseFile() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        try store.create(RecordDraft(collection: "diary", fields: ["n": .integer(1)]))
        let metadata = try #require(store.metadata as? SQLiteMetadataStore)
        let database = metadata.database, path = metadata.databasePath
        _ = try database.read { try $0.scalarInt("SELECT count(*) FROM record") }
        try FileManager.default.moveItem(atPath: path, toPath: path + ".moved")
        try FileManager.default.copyItem(atPath: path + ".moved", toPath: path)
        try store.create(RecordDraft(collection: "diary", fields: ["n": .integer(2)]))
        // Every reader opened so far is busy in the reads around the last one, which must open a new one.
        func nested(_ depth: Int) throws -> Int64 {
            try database.read { db in depth == 0 ? try db.scalarInt("SELECT count(*) FROM record") : try nested(depth - 1) }
        }
        let opened = database.readerCount
        #expect(try nested(opened) == 2)
        #expect(database.readerCount == opened, "no reader on the copy")
    }

    /// The writer closes last, so a store that read through its readers leaves no WAL behind
    /// (a read-only connection closing last could not remove it).
    @Test func aClosedStoreLeavesNoWriteAheadLog() throws {
        let dir = TemporaryDirectory()
        let path: String
        do {
            let store = try TestStores.open(dir)
            try store.create(RecordDraft(collection: "diary", fields: ["n": .integer(1)]))
            let metadata = try #require(store.metadata as? SQLiteMetadataStore)
            path = metadata.databasePath
            _ = try store.list(RecordQuery(collection: "diary"))
            #expect(metadata.database.readerCount >= 1)
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }
}
