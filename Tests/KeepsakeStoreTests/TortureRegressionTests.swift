import Foundation
import Synchronization
import Testing
import KeepsakeImaging
import KeepsakeTestSupport
@testable import KeepsakeStore
import KeepsakeSupport

/// One test per failure `keepsake-torture` found (RELIABILITY.md, "Failures found and fixed").
/// Races are pinned down with file-system hooks where the engine offers a seam, and otherwise run
/// as short stress tests that failed within seconds before the fix.
@Suite(.serialized) struct TortureRegressionTests {
    static let images = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg"), Corpus.url("webp/test.webp")]

    // MARK: - 1–3. Torn reads, threads finishing each other's operations, fsck --repair on a live store
    // These are promises of every backend pair: they live in StoreConformance.Concurrency.

    /// A thumbnail remade for an image that an operation removed meanwhile (while it was being
    /// decoded) was put in place anyway and left behind as an orphan.
    @Test func aThumbnailIsNotRemadeForAnImageRemovedMeanwhile() throws {
        let dir = TemporaryDirectory("remake")
        let other = try TestStores.open(dir)
        let record = try other.create(RecordDraft(collection: "diary", images: [.file(Self.images[1])]))
        try FileManager.default.removeItem(at: other.location.thumbnailsDirectory.appendingPathComponent(try #require(record.book).string))
        // The processor purges the record, through another instance, while it makes the thumbnails.
        let store = try Store(location: StoreLocation(root: dir.url), imageProcessor: PurgingProcessor { try other.purge(record.id) })
        #expect { try store.remakeThumbnails(of: record.images[0]) } throws: { ($0 as? KeepsakeError)?.code == .notFound }
        let report = try store.fsck()
        #expect(report.isClean, "\(report)")
    }

    // MARK: - 4. A folder removed under an operation creating the same record again

    /// A purge's clean-up found the record gone and removed its (empty) folder just as another
    /// process, creating a record with the same id, had made that folder and was about to link its
    /// first image into it: the create failed with "Cannot place …: it does not exist".
    @Test func aPurgeNeverRemovesTheFolderOfACreateOfTheSameID() throws {
        let dir = TemporaryDirectory("same-id")
        let id = try RecordID(parsing: "22222222-3333-4444-8555-666666666666")
        let purgeReachedCleanUp = DispatchSemaphore(value: 0), purgeMayGoOn = DispatchSemaphore(value: 0)
        let createReachedLink = DispatchSemaphore(value: 0), createMayGoOn = DispatchSemaphore(value: 0)
        let purgerFiles = HookFileSystem(onFirst: "unlink") {
            purgeReachedCleanUp.signal()
            purgeMayGoOn.wait()
        }
        let creatorFiles = HookFileSystem(onFirst: "link") {
            createReachedLink.signal()
            createMayGoOn.wait()
        }
        let purger = try TestStores.open(dir, fileSystem: purgerFiles)
        let creator = try TestStores.open(dir, fileSystem: creatorFiles)
        try purger.create(RecordDraft(collection: "diary", images: [.file(Self.images[0])], id: id))
        purgerFiles.arm()
        creatorFiles.arm()
        let results = Mutex<[String: String]>([:])
        let group = DispatchGroup()
        group.enter()
        Thread {
            do { try purger.purge(id); results.withLock { $0["purge"] = "ok" } } catch { results.withLock { $0["purge"] = "\(error)" } }
            group.leave()
        }.start()
        purgeReachedCleanUp.wait()  // committed; its clean-up is about to start
        group.enter()
        Thread {
            do { try creator.create(RecordDraft(collection: "diary", images: [.file(Self.images[0])], id: id)); results.withLock { $0["create"] = "ok" } }
            catch { results.withLock { $0["create"] = "\(error)" } }
            group.leave()
        }.start()
        createReachedLink.wait()  // journalled, folder made, about to link its image
        purgeMayGoOn.signal()
        while results.withLock({ $0["purge"] }) == nil { usleep(1000) }
        createMayGoOn.signal()
        group.wait()
        #expect(results.withLock { $0 } == ["purge": "ok", "create": "ok"])
        #expect(try creator.record(id).images.count == 1)
        #expect(try creator.fsck().isClean)
    }

    // MARK: - 5. Opening stores at once

    /// An instance's lock file, created under a temporary name, could be removed by another
    /// instance's recovery (or held by it for a moment) before it was locked: the open failed
    /// ("Cannot lock …: it does not exist", or EWOULDBLOCK).
    @Test func instancesOpeningAtTheSameTimeNeverFailOnTheirLocks() throws {
        let dir = TemporaryDirectory("open-race")
        let recoverer = try TestStores.open(dir)
        let locks = recoverer.location.locksDirectory.path
        let deadline = Date().addingTimeInterval(1.5)
        // Two threads take and release instance locks as fast as they can; a third runs recovery,
        // which scans the lock folder and clears temporary lock files nobody holds.
        let failures = concurrently(3) { role in
            while Date() < deadline {
                if role == 2 { try recoverer.recoverDeadOwners() } else { try ProcessLock(directory: locks).release() }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        _ = try TestStores.open(dir)
    }

    // MARK: - 6. Links planted inside the store

    /// The clean-up after a commit removed obsolete files (and thumbnails) by path, following a
    /// folder on the way that had been replaced by a link: files outside the store were deleted.
    @Test(arguments: ["attachments/BOOK/ID", "attachments/BOOK", "attachments", "cache/thumbnails/BOOK/ID", "cache/thumbnails", "cache"])
    func removalsNeverGoThroughAPlantedLink(_ planted: String) throws {
        let dir = TemporaryDirectory("plant")
        let outside = TemporaryDirectory("outside")
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "diary", images: [.file(Self.images[0]), .file(Self.images[1])]))
        let target = dir.appending(planted.replacingOccurrences(of: "ID", with: record.id.string).replacingOccurrences(of: "BOOK", with: try #require(record.book).string))
        // The link points at a copy of what it replaces, so every name the store would remove exists there.
        try FileManager.default.moveItem(at: target, to: outside.appending("copy"))
        try FileManager.default.createSymbolicLink(at: target, withDestinationURL: outside.appending("copy"))
        let before = Self.listing(outside.url)
        for operation in [{ _ = try store.removeImage(of: record.id, at: 1) }, { _ = try store.addImages([.file(Self.images[2])], to: record.id) },
                          { _ = try store.imageBody(of: record.images[0], variant: .thumbnail(.small)) }, { try store.purge(record.id) },
                          { _ = try store.fsck(repair: true) }] as [() throws -> Void] {
            do { try operation() } catch { #expect(error is KeepsakeError, "\(error)") }
        }
        #expect(Self.listing(outside.url) == before, "\(planted): something outside the store changed")
    }

    static func listing(_ root: URL) -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            let path = root.appendingPathComponent(relative).path
            result[relative] = (try? FileInspector.read(path)).map(SHA256.hex) ?? "folder"
        }
        return result
    }

    // MARK: - 7. Hostile names in messages

    /// A user's file name went into error messages raw: a NUL, a line break or a terminal escape
    /// sequence reached the terminal (or a log, or a page), and a 5,000-character name made a
    /// 5,000-character message.
    @Test func hostileNamesReachMessagesEscapedAndShort() throws {
        let dir = TemporaryDirectory("names")
        let store = try TestStores.open(dir)
        for name in ["a\u{0}b", "line\nbreak", "\u{1b}[2Jclear", String(repeating: "n", count: 5000)] {
            for source in [ImageSource.data(Data("not an image".utf8), name: name), .file(dir.appending("missing").appendingPathComponent(name))] {
                do {
                    try store.create(RecordDraft(collection: "diary", images: [source]))
                    Issue.record("accepted \(name.debugDescription)")
                } catch let error as KeepsakeError {
                    #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(error.message.debugDescription)")
                    #expect(error.message.count < 600, "\(error.message.count) characters")
                }
            }
        }
    }

    // MARK: - 8. Record ids

    /// `UUID(uuidString:)` also accepted other spellings, such as a leading space, so two strings
    /// named one record.
    @Test func onlyTheCanonicalSpellingOfAnIDIsAccepted() {
        for text in [" 1111111-2222-4333-8444-555555555555", "\t1111111-2222-4333-8444-555555555555"] {
            #expect(throws: KeepsakeError.self) { try RecordID(parsing: text) }
        }
        #expect((try? RecordID(parsing: "11111111-2222-4333-8444-555555555555")) != nil)
    }

    // MARK: - 9. A read-only file system

    /// Opening a store on a read-only file system failed with "database: unable to open database
    /// file", which says neither what is wrong nor what to do.
    @Test func aStoreOnAReadOnlyFileSystemSaysSo() throws {
        // A real read-only file system needs a mount (root); the faults slice says when it is skipped.
        guard getuid() == 0 else { return }
        let dir = TemporaryDirectory("read-only")
        guard mount("tmpfs", dir.path, "tmpfs", 0, "size=2m") == 0 else { return }
        defer { umount2(dir.path, Int32(MNT_DETACH)) }
        do {
            let store = try TestStores.open(dir)
            try store.create(RecordDraft(collection: "diary", images: [.file(Self.images[0])]))
        }
        #expect(mount("tmpfs", dir.path, "tmpfs", UInt(MS_REMOUNT) | UInt(MS_RDONLY), "size=2m") == 0)
        #expect { try TestStores.open(dir) } throws: { error in
            (error as? KeepsakeError)?.code == .readOnly && (error as? KeepsakeError)?.message.contains("must be writable") == true
        }
        #expect(mount("tmpfs", dir.path, "tmpfs", UInt(MS_REMOUNT), "size=2m") == 0)
        #expect(try TestStores.open(dir).fsck().isClean)
    }

    // MARK: - 10. A full disk

    /// On a completely full disk a purge could not commit ("the database could not grow"), so a
    /// full store could not be emptied to make room. A reserve file is given back for removals.
    @Test func aCompletelyFullDiskCanStillBeEmptied() throws {
        guard getuid() == 0 else { return }  // a real full disk needs a mount (root); the faults slice says when skipped
        let dir = TemporaryDirectory("full-disk")
        guard mount("tmpfs", dir.path, "tmpfs", 0, "size=3m") == 0 else { return }
        defer { umount2(dir.path, Int32(MNT_DETACH)) }
        let store = try TestStores.open(dir)
        let photo = Corpus.url("exif/Landscape_1.jpg")
        var photos: [RecordID] = []
        func fill(_ make: () throws -> Record) -> Int {
            for count in 0..<20_000 {
                do { _ = try make() } catch { return count }
            }
            return -1
        }
        #expect(fill { let record = try store.create(RecordDraft(collection: "diary", images: [.file(photo)])); photos.append(record.id); return record } > 0)
        _ = fill { try store.create(RecordDraft(collection: "ledger", fields: ["memo": .string(String(repeating: "x", count: 50_000))])) }
        _ = fill { try store.create(RecordDraft(collection: "ledger", fields: ["n": .integer(1)])) }
        #expect { try store.create(RecordDraft(collection: "ledger")) } throws: { ($0 as? KeepsakeError)?.code == .diskFull }
        // The disk is full to the last byte: deleting must still work, and make room.
        try store.purge(photos[0])
        try store.purge(photos[1])
        try store.create(RecordDraft(collection: "diary", images: [.file(photo)]))
        #expect(try store.fsck().isClean)
    }

    // MARK: - 11. A PNG chunk claiming more bytes than the file has

    /// A 9 KB PNG whose tEXt chunk claims 1.4 GB made libpng allocate it first: seconds and a
    /// gigabyte for one upload. It is now refused from its chunk table.
    @Test func aPNGChunkClaimingGigabytesIsRefusedAtOnce() throws {
        var bytes = [UInt8](try Data(contentsOf: Corpus.url("png/pngtest.png")))
        // The tEXt chunk's length field (found by walking the chunks).
        var position = 8
        while String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self) != "tEXt" {
            position += 12 + (Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3]))
        }
        bytes.replaceSubrange(position..<(position + 4), with: [0x57, 0xA6, 0x0B, 0xEE])  // 1,470,499,822
        let started = Date()
        #expect {
            _ = try TestStores.processor.process(ImageInput(bytes: Data(bytes), name: "claims.png"), policy: .default, thumbnailSizes: ThumbnailSize.standard)
        } throws: { error in
            (error as? KeepsakeError)?.code == .corruptImage && (error as? KeepsakeError)?.message.contains("tEXt chunk claims 1470499822 bytes") == true
        }
        #expect(Date().timeIntervalSince(started) < 0.5)
    }

    // MARK: - 22. Processes creating the same store at once

    /// Three writers started together on a new store (the crash lane's first round): one of them
    /// failed at once with "The store is busy" although the busy timeout is 10 s, because SQLite
    /// answers `PRAGMA journal_mode = WAL` with SQLITE_BUSY without calling the busy handler while
    /// another connection is switching the new file to WAL. Connections of one process race the same
    /// way as processes do (SQLite's locks are per file, not per connection).
    @Test func instancesCreatingTheSameStoreAtOnceAllOpenIt() throws {
        var failures: [String] = []
        for round in 0..<80 where failures.isEmpty {
            let dir = TemporaryDirectory("create-race-\(round)")
            let data = dir.url.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            failures += concurrently(4) { _ in
                let store = try SQLiteMetadataStore(dataDirectory: data)
                store.close()
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }
}

/// A file system that runs `hook` once, just before the first call of the kind `operation`
/// ("link", "unlink", ...) after ``arm()``, to pause an operation at a chosen point.
final class HookFileSystem: FileSystem, @unchecked Sendable {
    private let base = PosixFileSystem()
    private let operation: String
    private let hook: @Sendable () -> Void
    /// nil: not armed; false: armed; true: fired.
    private let state = Mutex<Bool?>(nil)

    init(onFirst operation: String, _ hook: @escaping @Sendable () -> Void) {
        self.operation = operation
        self.hook = hook
    }

    func arm() { state.withLock { $0 = false } }

    private func maybe(_ kind: String) {
        guard kind == operation, state.withLock({ fired in
            guard fired == false else { return false }
            fired = true
            return true
        }) else { return }
        hook()
    }

    func makeDirectory(_ path: String) throws { maybe("mkdir"); try base.makeDirectory(path) }
    func writeNewFile(_ path: String, data: Data) throws { maybe("write"); try base.writeNewFile(path, data: data) }
    func syncDirectory(_ path: String) throws { maybe("fsyncdir"); try base.syncDirectory(path) }
    func link(_ source: String, to destination: String) throws { maybe("link"); try base.link(source, to: destination) }
    func rename(_ source: String, to destination: String) throws { maybe("rename"); try base.rename(source, to: destination) }
    func removeFile(_ path: String) throws { maybe("unlink"); try base.removeFile(path) }
    func removeDirectory(_ path: String) throws { maybe("rmdir"); try base.removeDirectory(path) }
}

/// The real processor, running `during` (once) while it makes thumbnails from a stored original.
final class PurgingProcessor: ImageProcessing, @unchecked Sendable {
    private let base = TestStores.processor
    private let during: () throws -> Void
    private let fired = Mutex(false)
    var identifier: String { base.identifier }

    init(during: @escaping () throws -> Void) { self.during = during }

    func process(_ input: ImageInput, policy: ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize]) throws -> ProcessedImage {
        try base.process(input, policy: policy, thumbnailSizes: thumbnailSizes)
    }

    func makeThumbnails(fromStored bytes: Data, name: String, sizes: [ThumbnailSize]) throws -> [EncodedThumbnail] {
        let thumbnails = try base.makeThumbnails(fromStored: bytes, name: name, sizes: sizes)
        if fired.withLock({ done in defer { done = true }; return !done }) { try during() }
        return thumbnails
    }
}
