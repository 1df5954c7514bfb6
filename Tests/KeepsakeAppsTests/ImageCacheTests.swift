import Foundation
import Synchronization
import Testing
import KeepsakeImageCache
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct ImageCacheTests {
    let jpeg = Corpus.url("jpeg/testorig.jpg")
    let transparentPNG = Corpus.url("png/toucan.png")

    func expectError(_ codes: Set<KeepsakeError.Code>, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected one of \(codes)")
        } catch let error as KeepsakeError {
            #expect(codes.contains(error.code), "\(error.code): \(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// What the processor says the bytes are (decoded by content, not by name).
    func decodedFormat(_ data: Data) throws -> StoredImageFormat {
        try TestStores.processor.process(ImageInput(bytes: data, name: "cached"), policy: ImageEncodingPolicy(format: .original),
                                         thumbnailSizes: []).format
    }

    func makeCache(_ dir: TemporaryDirectory) -> NamedImageCache {
        NamedImageCache(folder: dir.appending("cache/named-images"), processor: TestStores.processor)
    }

    @Test func theStoreCacheLivesInTheStoreCacheFolder() throws {
        let dir = TemporaryDirectory("imagecache")
        let store = try TestStores.open(dir)
        let cache = NamedImageCache(store: store)
        #expect(cache.folder.path == store.location.cacheDirectory.appendingPathComponent("named-images").path)
        #expect(cache.maxInputBytes == store.options.maxInputBytes)
        try cache.createFolder()
        try cache.createFolder()
        #expect(FileInspector.kind(of: cache.folder.path) == .directory)
        #expect(try cache.names().isEmpty)
    }

    @Test func savingAsPNGWritesAPNGThatDecodesAsPNG() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        let url = try cache.save(.file(jpeg), named: "avatar")
        #expect(url == cache.folder.appendingPathComponent("avatar.png"))
        let data = try #require(try cache.data(named: "avatar"))
        #expect(data == (try Data(contentsOf: url)))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try decodedFormat(data) == .png)
        #expect(try cache.url(named: "avatar") == url)
        #expect(try cache.names() == ["avatar"])
    }

    @Test func savingAsJPEGWritesAJPEGThatDecodesAsJPEG() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        let url = try cache.save(.data(try Data(contentsOf: jpeg), name: "photo"), named: "banner_v2.large", format: .jpeg(quality: 70))
        #expect(url.lastPathComponent == "banner_v2.large.jpg")
        let data = try #require(try cache.data(named: "banner_v2.large"))
        #expect(data.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(try decodedFormat(data) == .jpeg)

        // Transparency is never lost silently: a transparent image asked for as JPEG stays PNG.
        let logo = try cache.save(.file(transparentPNG), named: "logo", format: .jpeg(quality: 80))
        #expect(logo.pathExtension == "png")
        #expect(try decodedFormat(try #require(try cache.data(named: "logo"))) == .png)
        expectError([.invalidArgument]) { try cache.save(.file(jpeg), named: "bad", format: .jpeg(quality: 0)) }
        expectError([.invalidArgument]) { try cache.save(.file(jpeg), named: "bad", format: .jpeg(quality: 101)) }
    }

    @Test func savingAgainUnderTheSameNameReplacesTheImageEvenInAnotherFormat() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        try cache.save(.file(jpeg), named: "avatar", format: .png)
        let second = try cache.save(.file(jpeg), named: "avatar", format: .jpeg(quality: 80))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder.path) == ["avatar.jpg"])
        #expect(try cache.url(named: "avatar") == second)
        #expect(try decodedFormat(try #require(try cache.data(named: "avatar"))) == .jpeg)
        #expect(try cache.names() == ["avatar"])
    }

    @Test func aMissingImageIsNilNotAnError() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        #expect(try cache.data(named: "nothing") == nil, "even before the folder exists")
        #expect(try cache.url(named: "nothing") == nil)
        #expect(try cache.delete(named: "nothing") == false)
        #expect(try cache.names().isEmpty)
        try cache.clear()
        try cache.createFolder()
        #expect(try cache.data(named: "nothing") == nil)
    }

    @Test func deletingRemovesOnlyThatImage() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        try cache.save(.file(jpeg), named: "one")
        try cache.save(.file(jpeg), named: "two", format: .jpeg(quality: 80))
        #expect(try cache.delete(named: "one"))
        #expect(try cache.data(named: "one") == nil)
        #expect(try cache.data(named: "two") != nil)
        #expect(try cache.names() == ["two"])
        #expect(try cache.delete(named: "one") == false)
    }

    @Test func clearingRemovesEveryImageAndTheFolder() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        for name in ["a", "b", "c"] { try cache.save(.file(jpeg), named: name) }
        #expect(try cache.names() == ["a", "b", "c"])
        try cache.clear()
        #expect(FileInspector.kind(of: cache.folder.path) == .missing)
        #expect(try cache.names().isEmpty)
        try cache.save(.file(jpeg), named: "a")
        #expect(try cache.names() == ["a"], "the folder comes back on the next save")
    }

    @Test func hostileNamesAreRefusedAndNothingIsWritten() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        let hostile: [(String, KeepsakeError.Code)] = [
            ("../x", .unsafePath), ("/etc/passwd", .unsafePath), ("a\u{0}b", .unsafePath), ("..", .unsafePath),
            ("a/b", .unsafePath), ("a..b", .unsafePath), (String(repeating: "a", count: 300), .invalidArgument),
            (".hidden", .invalidArgument), ("", .invalidArgument), ("trailing.", .invalidArgument),
            ("space name", .invalidArgument), ("caf\u{e9}", .invalidArgument), ("tab\t", .invalidArgument),
        ]
        for (name, code) in hostile {
            expectError([code]) { try NamedImageCache.checkName(name) }
            expectError([code]) { try cache.save(.file(jpeg), named: name) }
            expectError([code]) { _ = try cache.data(named: name) }
            expectError([code]) { _ = try cache.url(named: name) }
            expectError([code]) { try cache.delete(named: name) }
        }
        #expect(FileInspector.kind(of: cache.folder.path) == .missing, "no refused save created anything")
        #expect(FileInspector.kind(of: dir.appending("x").path) == .missing)
        try NamedImageCache.checkName(String(repeating: "a", count: NamedImageCache.maxNameLength))
        try NamedImageCache.checkName("Profile-photo_2.v1")
    }

    @Test func aSymlinkPlantedInTheFolderIsRefusedAndItsTargetIsUntouched() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        try cache.createFolder()
        let target = dir.appending("precious.txt")
        try Data("do not touch".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: cache.folder.appendingPathComponent("avatar.png").path,
                                                   withDestinationPath: target.path)

        expectError([.symlinkRefused]) { try cache.save(.file(jpeg), named: "avatar") }
        expectError([.symlinkRefused]) { try cache.save(.file(jpeg), named: "avatar", format: .jpeg(quality: 80)) }
        expectError([.symlinkRefused]) { _ = try cache.data(named: "avatar") }
        expectError([.symlinkRefused]) { _ = try cache.url(named: "avatar") }
        expectError([.symlinkRefused]) { try cache.delete(named: "avatar") }
        #expect(try cache.names().isEmpty, "a link is not a cached image")
        #expect(try Data(contentsOf: target) == Data("do not touch".utf8))

        try cache.clear()
        #expect(FileInspector.kind(of: cache.folder.path) == .missing)
        #expect(try Data(contentsOf: target) == Data("do not touch".utf8), "clearing removes the link, not its target")
    }

    @Test func aCacheFolderThatIsASymlinkIsRefused() throws {
        let dir = TemporaryDirectory("imagecache")
        let elsewhere = dir.appending("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appending("cache"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appending("cache/named-images").path, withDestinationPath: elsewhere.path)
        let cache = makeCache(dir)
        expectError([.symlinkRefused]) { try cache.createFolder() }
        expectError([.symlinkRefused]) { try cache.save(.file(jpeg), named: "avatar") }
        expectError([.symlinkRefused]) { _ = try cache.data(named: "avatar") }
        expectError([.symlinkRefused]) { try cache.clear() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(FileInspector.kind(of: dir.appending("cache/named-images").path) == .symlink)
    }

    @Test func aBadImageIsRefusedAndTheOldOneStays() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        try cache.save(.file(jpeg), named: "avatar")
        let before = try cache.data(named: "avatar")
        expectError([.corruptImage]) { try cache.save(.file(Corpus.corruptImage), named: "avatar") }
        expectError([.corruptImage, .unsupportedImage]) { try cache.save(.data(Data("not an image".utf8), name: "text"), named: "avatar") }
        expectError([.notFound]) { try cache.save(.file(dir.appending("missing.jpg")), named: "avatar") }
        let small = NamedImageCache(folder: cache.folder, processor: TestStores.processor, maxInputBytes: 10)
        expectError([.imageTooLarge]) { try small.save(.file(jpeg), named: "avatar") }
        #expect(try cache.data(named: "avatar") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder.path) == ["avatar.png"])
    }

    @Test func leftoverTemporaryFilesAreNeverListedAndAreCleanedByTheNextSave() throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        try cache.createFolder()
        let leftover = cache.folder.appendingPathComponent(".tmp-0123.png")
        try Data("half".utf8).write(to: leftover)
        try Data("other".utf8).write(to: cache.folder.appendingPathComponent("notes.txt"))
        #expect(try cache.names().isEmpty)
        try cache.save(.file(jpeg), named: "avatar")
        #expect(FileInspector.kind(of: leftover.path) == .missing)
        #expect(try cache.names() == ["avatar"])
    }

    @Test func aReaderNeverSeesAHalfWrittenImage() async throws {
        let dir = TemporaryDirectory("imagecache")
        let cache = makeCache(dir)
        let first = try #require(try { try cache.save(.file(jpeg), named: "a"); return try cache.data(named: "a") }())
        let second = try #require(try { try cache.save(.file(transparentPNG), named: "b"); return try cache.data(named: "b") }())
        try cache.save(.file(jpeg), named: "shared")

        let sources = [jpeg, transparentPNG]
        let writing = ImageCacheWriterFlag()
        let reads = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                defer { writing.running.withLock { $0 = false } }
                // Start writing only once the reader runs, so the two really overlap even on a busy machine.
                while !writing.readerStarted.withLock({ $0 }) { await Task.yield() }
                for round in 0..<12 { try cache.save(.file(sources[round % 2]), named: "shared") }
                return 0
            }
            group.addTask {
                var count = 0
                writing.readerStarted.withLock { $0 = true }
                while writing.running.withLock({ $0 }) {
                    let seen = try cache.data(named: "shared")
                    #expect(seen == first || seen == second, "a reader sees a whole old or whole new image")
                    count += 1
                    await Task.yield()  // never hold a cooperative thread in a busy loop
                }
                return count
            }
            return try await group.reduce(0, +)
        }
        #expect(reads > 0)
        #expect(try cache.names() == ["a", "b", "shared"])
    }
}

/// Tells the reader task whether the writer task is still saving.
final class ImageCacheWriterFlag: Sendable {
    let running = Mutex(true)
    let readerStarted = Mutex(false)
}
