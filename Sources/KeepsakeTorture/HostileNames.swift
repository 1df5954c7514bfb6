import Foundation
import KeepsakeImageCache
import KeepsakeImaging
import KeepsakeStore
import KeepsakeStoreTransfer

/// `hostile-names`: names that try to leave the store, links planted inside it, a tampered
/// database, and hostile import archives. A sentinel folder outside the store, holding copies of
/// what the links point at, must be byte-identical at the end; every refusal must be a typed error
/// with a message free of control characters.
enum HostileNamesTorture {
    static let hostileStrings: [String] = [
        "..", ".", "", "../escape", "../../../../../../tmp/escape", "/tmp/escape", "/etc/passwd", "a/b", "a/../b", "a//b",
        "a\u{0}b", "\u{0}", "escape\u{0}.png", "a\\..\\b", "..\\escape", "a\nb", "\u{1b}[2Jescape", "%2e%2e%2fescape",
        "\u{2025}/escape", "a/\u{2024}\u{2024}/b", String(repeating: "a", count: 256), String(repeating: "a", count: 5000),
        String(repeating: "../", count: 400) + "escape", "escape/", " ", "~/escape", "$HOME/escape", "*", "con", "nul.png",
    ]

    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        let figures = Figures("hostile-names")
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let scratch = Paths.scratch("hostile", under: arguments.string("--tmp"))
        defer { if figures.failures.isEmpty { try? FileManager.default.removeItem(at: scratch) } }
        let images = ["jpeg/testorig.jpg", "png/toucan.png", "webp/test.webp"].map { corpus.appendingPathComponent($0) }

        checkIdentifiers(figures: figures)
        figures.add("runs")
        checkStoreNames(scratch: scratch, images: images, figures: figures)
        figures.add("runs")
        checkCacheNames(scratch: scratch, images: images, figures: figures)
        figures.add("runs")
        for plant in Plant.allCases {
            checkPlantedLink(plant, scratch: scratch, images: images, figures: figures)
            figures.add("runs")
        }
        checkTamperedDatabase(scratch: scratch, images: images, figures: figures)
        figures.add("runs")
        checkArchives(scratch: scratch, images: images, figures: figures)
        figures.add("runs")
        if !figures.failures.isEmpty { print("hostile-names: kept \(scratch.path)") }
        return figures.finish()
    }

    /// Runs `body`, which must throw a `KeepsakeError` with one of `codes` and a clean message.
    static func expectRefusal(_ what: String, _ codes: Set<KeepsakeError.Code>, figures: Figures, _ body: () throws -> Void) {
        figures.add("inputs tried")
        do {
            try body()
            figures.fail("\(what) was accepted")
        } catch let error as KeepsakeError {
            if !codes.contains(error.code) { figures.fail("\(what): refused with \(error.code.rawValue), expected \(codes.map(\.rawValue).sorted())") }
            checkMessage(error, what, figures: figures)
            figures.add("refused")
        } catch {
            figures.fail("\(what): untyped error \(error)")
        }
    }

    /// A message for a person: no control characters (a NUL or an escape sequence from a hostile
    /// name must not reach a terminal or a log raw) and not endless.
    static func checkMessage(_ error: KeepsakeError, _ what: String, figures: Figures) {
        if error.message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            figures.fail("\(what): the error message carries raw control characters: \(error.message.debugDescription.prefix(200))")
        }
        if error.message.count > 2000 { figures.fail("\(what): the error message is \(error.message.count) characters long") }
    }

    // MARK: - Identifiers

    static func checkIdentifiers(figures: Figures) {
        for text in hostileStrings + ["11111111-2222-4333-8444-555555555555/../x", "11111111-2222-4333-8444-55555555555\u{0}",
                                      "11111111-2222-4333-8444-555555555555\n", " 1111111-2222-4333-8444-555555555555",
                                      "１1111111-2222-4333-8444-555555555555", "../11111111-2222-4333-8444-5555555"] {
            expectRefusal("record id \(text.debugDescription.prefix(60))", [.invalidArgument], figures: figures) { _ = try RecordID(parsing: text) }
            if text != "con" {
                expectRefusal("collection name \(text.debugDescription.prefix(60))", [.invalidArgument], figures: figures) { _ = try CollectionName(text) }
            }
            if !["a/b", "con", "nul.png"].contains(text) {
                expectRefusal("stored path \(text.debugDescription.prefix(60))", [.unsafePath], figures: figures) { _ = try RelativePath(text) }
            }
        }
        for text in ["attachments/../keepsake.sqlite", "attachments/diary/../../../escape", "/attachments/diary/x", "attachments//x",
                     "attachments/./x", "attachments/diary/x\u{0}.jpg", "attachments/" + String(repeating: "a", count: 256)] {
            expectRefusal("stored path \(text.debugDescription.prefix(60))", [.unsafePath], figures: figures) { _ = try RelativePath(text) }
        }
    }

    // MARK: - Names through the store

    static func checkStoreNames(scratch: URL, images: [URL], figures: Figures) {
        let root = scratch.appendingPathComponent("names-store")
        let sentinel = makeSentinel(scratch.appendingPathComponent("names-sentinel"))
        let before = fingerprint(sentinel.path)
        do {
            let store = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor())
            let record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
            for text in hostileStrings where text != "con" {
                let label = text.debugDescription.prefix(60)
                expectRefusal("field name \(label) on create", [.invalidArgument], figures: figures) {
                    try store.create(RecordDraft(collection: "diary", fields: [text: .string("x")]))
                }
                expectRefusal("field name \(label) on update", [.invalidArgument], figures: figures) {
                    try store.update(record.id, set: [text: .string("x")])
                }
                expectRefusal("field name \(label) in a filter", [.invalidArgument], figures: figures) {
                    var query = RecordQuery(collection: "diary")
                    query.fieldEquals = [text: .string("x")]
                    _ = try store.list(query)
                }
                // An image's name is for messages only: the stored path never uses it.
                figures.add("inputs tried")
                do {
                    let stored = try store.addImages([.data(try Data(contentsOf: images[1]), name: text)], to: record.id)
                    let path = stored.images.last!.path.string
                    if !path.hasPrefix("attachments/\(record.book?.string ?? "diary")/\(record.id.string)/image_") { figures.fail("image name \(label) gave the stored path \(path)") }
                    try store.removeImage(of: record.id, at: stored.images.count - 1)
                } catch {
                    figures.fail("a valid image named \(label) was refused: \(describe(error))")
                }
                expectRefusal("a corrupt image named \(label)", [.corruptImage], figures: figures) {
                    try store.addImages([.data(Data("not an image at all".utf8), name: text)], to: record.id)
                }
                // A path to an input file that does not exist, with the hostile name in it.
                expectRefusal("a missing input file named \(label)", [.notFound, .invalidArgument, .io, .readOnly, .symlinkRefused], figures: figures) {
                    try store.addImages([.file(scratch.appendingPathComponent("no-such-folder").appendingPathComponent(text.isEmpty ? "x" : text))], to: record.id)
                }
            }
            let report = try store.fsck()
            if !report.isClean { figures.fail("after hostile names through the store: fsck \(report.summaryLine)") }
        } catch {
            figures.fail("hostile names through the store: \(describe(error))")
        }
        if fingerprint(sentinel.path) != before { figures.fail("hostile names through the store changed the sentinel folder") }
        if let escaped = findEscapes(scratch) { figures.fail("a file named like a hostile name appeared outside the store: \(escaped)") }
    }

    // MARK: - Named image cache

    static func checkCacheNames(scratch: URL, images: [URL], figures: Figures) {
        let root = scratch.appendingPathComponent("cache-store")
        let sentinel = makeSentinel(scratch.appendingPathComponent("cache-sentinel"))
        let before = fingerprint(sentinel.path)
        do {
            let store = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor())
            let cache = NamedImageCache(store: store)
            try cache.save(.file(images[0]), named: "avatar")
            for text in hostileStrings where !["con", "nul.png"].contains(text) {
                let label = "cache name \(text.debugDescription.prefix(60))"
                expectRefusal("\(label) on save", [.unsafePath, .invalidArgument], figures: figures) { try cache.save(.file(images[1]), named: text) }
                expectRefusal("\(label) on read", [.unsafePath, .invalidArgument], figures: figures) { _ = try cache.data(named: text) }
                expectRefusal("\(label) on url", [.unsafePath, .invalidArgument], figures: figures) { _ = try cache.url(named: text) }
                expectRefusal("\(label) on delete", [.unsafePath, .invalidArgument], figures: figures) { try cache.delete(named: text) }
            }
            // A link planted in the cache folder, named like a cached image, pointing at the sentinel.
            let link = cache.folder.appendingPathComponent("planted.png")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: sentinel.appendingPathComponent("keep.png").path)
            expectRefusal("saving over a planted link", [.symlinkRefused], figures: figures) { try cache.save(.file(images[1]), named: "planted") }
            expectRefusal("reading a planted link", [.symlinkRefused], figures: figures) { _ = try cache.data(named: "planted") }
            expectRefusal("deleting a planted link", [.symlinkRefused], figures: figures) { try cache.delete(named: "planted") }
            figures.add("inputs tried")
            if try cache.names().contains("planted") { figures.fail("the cache lists a planted link as an image") }
            try cache.clear()
            // The cache folder itself replaced by a link.
            try FileManager.default.createSymbolicLink(atPath: cache.folder.path, withDestinationPath: sentinel.path)
            expectRefusal("saving into a cache folder that is a link", [.symlinkRefused], figures: figures) { try cache.save(.file(images[1]), named: "x") }
            expectRefusal("clearing a cache folder that is a link", [.symlinkRefused], figures: figures) { try cache.clear() }
            try FileManager.default.removeItem(at: cache.folder)
            // The store's cache folder (the parent) replaced by a link.
            let cacheRoot = store.location.cacheDirectory
            try FileManager.default.moveItem(at: cacheRoot, to: scratch.appendingPathComponent("cache-moved"))
            try FileManager.default.createSymbolicLink(atPath: cacheRoot.path, withDestinationPath: sentinel.path)
            expectRefusal("saving when the store's cache folder is a link", [.symlinkRefused], figures: figures) {
                try NamedImageCache(store: store).save(.file(images[1]), named: "through-parent")
            }
            try FileManager.default.removeItem(at: cacheRoot)
            try FileManager.default.moveItem(at: scratch.appendingPathComponent("cache-moved"), to: cacheRoot)
        } catch {
            figures.fail("hostile cache names: \(describe(error))")
        }
        if fingerprint(sentinel.path) != before { figures.fail("the named image cache changed the sentinel folder: \(diff(before, fingerprint(sentinel.path)))") }
        if let escaped = findEscapes(scratch) { figures.fail("a file named like a hostile name appeared outside the cache: \(escaped)") }
    }

    // MARK: - Helpers

    /// A folder outside every store with a few files and a subfolder, to check nothing touches it.
    static func makeSentinel(_ url: URL) -> URL {
        try? FileManager.default.createDirectory(at: url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try? Data("keep".utf8).write(to: url.appendingPathComponent("keep.png"))
        try? Data("keep".utf8).write(to: url.appendingPathComponent("sub/keep.jpg"))
        return url
    }

    static func diff(_ before: [String: String], _ after: [String: String]) -> String {
        Set(before.keys).union(after.keys).sorted().filter { before[$0] != after[$0] }.prefix(6)
            .map { "\($0): \(before[$0] ?? "absent") -> \(after[$0] ?? "absent")" }.joined(separator: "; ")
    }

    /// A file whose name starts with "escape" anywhere under `root` (at most 4 levels deep).
    static func findEscapes(_ root: URL, prefix: String = "escape") -> String? {
        func visit(_ url: URL, depth: Int) -> String? {
            guard depth < 5, let names = try? FileInspector.contents(of: url.path) else { return nil }
            for name in names {
                let child = url.appendingPathComponent(name)
                if name.hasPrefix(prefix) { return child.path }
                if FileInspector.kind(of: child.path) == .directory, let found = visit(child, depth: depth + 1) { return found }
            }
            return nil
        }
        return visit(root, depth: 0)
    }
}
