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
                    if !path.hasPrefix("attachments/diary/\(record.id.string)/image_") { figures.fail("image name \(label) gave the stored path \(path)") }
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

    // MARK: - Links planted inside the store

    enum Plant: String, CaseIterable {
        case recordFolder = "record folder attachments/diary/<id>"
        case collectionFolder = "collection folder attachments/diary"
        case attachments = "attachments/"
        case originalFile = "an original file"
        case thumbnailRecordFolder = "thumbnail folder thumbnails/diary/<id>"
        case thumbnailCollectionFolder = "thumbnail folder thumbnails/diary"
        case thumbnails = "thumbnails/"
        case thumbnailFile = "a thumbnail file"
        case cacheFolder = "the cache folder"
        case staging = "staging/"
        case lostAndFound = "lost+found/"
    }

    /// Replaces a folder or file of the store with a link to a copy of it in the sentinel folder,
    /// then runs every operation: none may read, write or remove anything through the link.
    static func checkPlantedLink(_ plant: Plant, scratch: URL, images: [URL], figures: Figures) {
        let label = plant.rawValue
        let root = scratch.appendingPathComponent("plant-\(Plant.allCases.firstIndex(of: plant)!)")
        let sentinel = makeSentinel(scratch.appendingPathComponent("plant-sentinel-\(Plant.allCases.firstIndex(of: plant)!)"))
        do {
            let store = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor())
            let record = try store.create(RecordDraft(collection: "diary", fields: ["title": .string("r")], images: [.file(images[0]), .file(images[1])]))
            let other = try store.create(RecordDraft(collection: "diary", images: [.file(images[2])]))
            try store.trash(other.id)
            let id = record.id.string
            let target: URL
            switch plant {
            case .recordFolder: target = root.appendingPathComponent("attachments/diary/\(id)")
            case .collectionFolder: target = root.appendingPathComponent("attachments/diary")
            case .attachments: target = root.appendingPathComponent("attachments")
            case .originalFile: target = root.appendingPathComponent(record.images[0].path.string)
            case .thumbnailRecordFolder: target = store.location.thumbnailsDirectory.appendingPathComponent("diary/\(id)")
            case .thumbnailCollectionFolder: target = store.location.thumbnailsDirectory.appendingPathComponent("diary")
            case .thumbnails: target = store.location.thumbnailsDirectory
            case .thumbnailFile: target = store.location.cacheDirectory.appendingPathComponent(record.images[0].thumbnailPath(.small).string)
            case .cacheFolder: target = store.location.cacheDirectory
            case .staging: target = root.appendingPathComponent("staging")
            case .lostAndFound: target = root.appendingPathComponent("lost+found")
            }
            // The sentinel holds what the link points at: a copy with the same names.
            let copy = sentinel.appendingPathComponent("target")
            if FileManager.default.fileExists(atPath: target.path) {
                try FileManager.default.moveItem(at: target, to: copy)
            } else {
                try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
                try Data("sentinel".utf8).write(to: copy.appendingPathComponent("keep.txt"))
            }
            try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: copy.path)
            if plant == .lostAndFound {
                // An orphan for fsck --repair to move into lost+found.
                try Data("orphan".utf8).write(to: root.appendingPathComponent("attachments/diary/\(other.id.string)/image_9-orphan.jpg"))
            }
            let before = fingerprint(sentinel.path)

            var followed: [String] = []
            func attempt(_ what: String, mustRefuse: Bool = false, _ body: () throws -> Void) {
                figures.add("operations through a planted link")
                do {
                    try body()
                    if mustRefuse { followed.append(what) }
                } catch let error as KeepsakeError {
                    checkMessage(error, "\(label): \(what)", figures: figures)
                } catch {
                    figures.fail("\(label): \(what) threw an untyped error \(error)")
                }
            }
            let behindLink = [.recordFolder, .collectionFolder, .attachments, .originalFile].contains(plant)
            let folderBehindLink = behindLink && plant != .originalFile
            let thumbnailBehindLink = [.thumbnailRecordFolder, .thumbnailCollectionFolder, .thumbnails, .thumbnailFile, .cacheFolder].contains(plant)
            let thumbnailFolderBehindLink = thumbnailBehindLink && plant != .thumbnailFile
            let collectionBehindLink = [.collectionFolder, .attachments, .thumbnailCollectionFolder, .thumbnails, .cacheFolder, .staging].contains(plant)
            attempt("reading an original", mustRefuse: behindLink) { _ = try store.originalData(of: record.images[0]) }
            attempt("serving an original", mustRefuse: behindLink) { _ = try store.imageBody(of: record.images[0], variant: .original) }
            attempt("serving a thumbnail", mustRefuse: thumbnailBehindLink) { _ = try store.imageBody(of: record.images[0], variant: .thumbnail(.small)) }
            attempt("remaking thumbnails", mustRefuse: behindLink || thumbnailFolderBehindLink) { try store.remakeThumbnails(of: record.images[0]) }
            attempt("adding an image", mustRefuse: folderBehindLink || thumbnailFolderBehindLink || plant == .staging) { try store.addImages([.file(images[2])], to: record.id) }
            attempt("replacing an image") { try store.replaceImage(of: record.id, at: 0, with: .file(images[2])) }
            attempt("removing an image") { try store.removeImage(of: record.id, at: 1) }
            attempt("reordering") { try store.reorderImages(of: record.id, order: Array((0..<(try store.record(record.id).images.count)).reversed())) }
            attempt("setting the image set") { try store.setImages(of: record.id, to: [.new(.file(images[1]))]) }
            attempt("updating fields") { try store.update(record.id, set: ["title": .string("u")]) }
            attempt("creating a record", mustRefuse: collectionBehindLink) { try store.create(RecordDraft(collection: "diary", images: [.file(images[1])])) }
            attempt("trashing") { try store.trash(record.id) }
            attempt("restoring") { try store.restore(record.id) }
            attempt("purging the trash") { try store.purgeTrash() }
            attempt("purging a record") { try store.purge(record.id) }
            attempt("opening a second instance") { _ = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor()) }
            attempt("fsck") { _ = try store.fsck() }
            attempt("exporting") { try StoreArchive(store: store).export(to: scratch.appendingPathComponent("plant-export-\(Plant.allCases.firstIndex(of: plant)!).tar.gz")) }
            attempt("the named image cache") { try NamedImageCache(store: store).save(.file(images[0]), named: "avatar") }
            attempt("fsck --repair") { _ = try store.fsck(repair: true) }
            for what in followed { figures.fail("\(label): \(what) went through the planted link instead of refusing") }
            let after = fingerprint(sentinel.path)
            if after != before { figures.fail("\(label): the sentinel outside the store changed: \(diff(before, after))") }
            figures.add("links planted")
            // After repair the store is consistent again and the link's target still untouched (a
            // link in place of lost+found stops the repair with a typed error, so it stays unclean).
            if plant != .lostAndFound, let report = try? store.fsck(), !report.isClean {
                figures.fail("\(label): fsck after fsck --repair: \(report.summaryLine)")
            }
        } catch {
            figures.fail("\(label): setting up failed: \(describe(error))")
        }
    }

    // MARK: - A tampered database

    static func checkTamperedDatabase(scratch: URL, images: [URL], figures: Figures) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            figures.skip("tampered database paths: /usr/bin/sqlite3 is not installed")
            return
        }
        let tampers: [(String, String)] = [
            ("an attachment path with ..", "UPDATE attachment SET path = 'attachments/diary/../../SREL/keep.png' WHERE position = 0"),
            ("an absolute attachment path", "UPDATE attachment SET path = 'SABS/keep.png' WHERE position = 0"),
            ("an attachment path starting with ..", "UPDATE attachment SET path = 'SREL/keep.png' WHERE position = 0"),
            ("a record id with ..", "UPDATE record SET id = 'SREL' WHERE collection = 'diary'"),
            ("a collection name with ..", "UPDATE record SET collection = 'SREL' WHERE collection = 'diary'"),
            ("a journal entry of a dead process naming a file outside",
             "INSERT INTO intent (id, owner, kind, record_id, state, created_at) VALUES ('evil', 'dead-owner', 'purge', NULL, 'committed', 0); "
                + "INSERT INTO intent_file (intent_id, path, role, thumbnail_format) VALUES ('evil', 'SREL/keep.png', 'obsolete', 'jpeg')"),
            ("a journal entry of a dead process naming an absolute path",
             "INSERT INTO intent (id, owner, kind, record_id, state, created_at) VALUES ('evil', 'dead-owner', 'create', NULL, 'pending', 0); "
                + "INSERT INTO intent_file (intent_id, path, role, thumbnail_format) VALUES ('evil', 'SABS/keep.png', 'new', 'jpeg')"),
        ]
        for (index, tamper) in tampers.enumerated() {
            let root = scratch.appendingPathComponent("tamper-\(index)")
            let sentinel = makeSentinel(scratch.appendingPathComponent("tamper-sentinel-\(index)"))
            let before = fingerprint(sentinel.path)
            do {
                var record: Record
                do {
                    let store = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor())
                    record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0]), .file(images[1])]))
                }
                // SREL: the sentinel relative to the store folder; SABS: its absolute path.
                let sql = tamper.1.replacingOccurrences(of: "SREL", with: "../" + sentinel.lastPathComponent)
                    .replacingOccurrences(of: "SABS", with: sentinel.path)
                let (status, output) = try run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [root.appendingPathComponent("keepsake.sqlite").path, sql])
                guard status == .exited(0) else {
                    figures.fail("tampering (\(tamper.0)) with sqlite3 failed: \(output)")
                    continue
                }
                var opened: Store?
                func attempt(_ what: String, _ body: () throws -> Void) {
                    figures.add("operations on a tampered database")
                    do { try body() } catch let error as KeepsakeError {
                        checkMessage(error, "\(tamper.0): \(what)", figures: figures)
                    } catch {
                        figures.fail("\(tamper.0): \(what) threw an untyped error \(error)")
                    }
                }
                attempt("opening") { opened = try Store(location: StoreLocation(root: root), imageProcessor: VipsImageProcessor()) }
                if let store = opened {
                    attempt("reading the record") { record = try store.record(record.id) }
                    attempt("listing") { _ = try store.list(RecordQuery(collection: "diary")) }
                    attempt("reading an original") { _ = try store.originalData(of: record.images[0]) }
                    attempt("removing an image") { try store.removeImage(of: record.id, at: 0) }
                    attempt("purging") { try store.purge(record.id) }
                    attempt("fsck") { _ = try store.fsck() }
                    attempt("fsck --repair") { _ = try store.fsck(repair: true) }
                    attempt("status") { _ = try store.status() }
                }
                figures.add("database tampers")
            } catch {
                figures.fail("\(tamper.0): \(describe(error))")
            }
            let after = fingerprint(sentinel.path)
            if after != before { figures.fail("\(tamper.0): the sentinel outside the store changed: \(diff(before, after))") }
        }
    }

    // MARK: - Hostile archives

    static func checkArchives(scratch: URL, images: [URL], figures: Figures) {
        let sentinel = makeSentinel(scratch.appendingPathComponent("archive-sentinel"))
        let before = fingerprint(sentinel.path)
        let folder = scratch.appendingPathComponent("archives")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Two real records to put in the archives.
        let records: [(Record, [Data])]
        do {
            let source = try Store(location: StoreLocation(root: scratch.appendingPathComponent("archive-source")), imageProcessor: VipsImageProcessor())
            let a = try source.create(RecordDraft(collection: "diary", fields: ["title": .string("a")], images: [.file(images[0]), .file(images[1])]))
            let b = try source.create(RecordDraft(collection: "feed", fields: ["title": .string("b")], images: [.file(images[2])]))
            records = try [a, b].map { ($0, try $0.images.map { try source.originalData(of: $0) }) }
        } catch {
            figures.fail("hostile archives: could not make the source records: \(describe(error))")
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        let manifest = Data(#"{"exportedAt":1750000000,"format":"keepsake-export","images":3,"records":2,"version":1}"#.utf8)
        let (a, aBytes) = records[0], (b, bBytes) = records[1]
        let aJSON = try! encoder.encode(a), bJSON = try! encoder.encode(b)
        func valid(_ tar: inout TarWriter, skip: String? = nil) {
            tar.add("keepsake-export.json", data: manifest)
            tar.add("records/diary/\(a.id).json", data: aJSON)
            for (image, bytes) in zip(a.images, aBytes) where "images/diary/\(a.id)/\(image.path.lastComponent)" != skip {
                tar.add("images/diary/\(a.id)/\(image.path.lastComponent)", data: bytes)
            }
            tar.add("records/feed/\(b.id).json", data: bJSON)
            tar.add("images/feed/\(b.id)/\(b.images[0].path.lastComponent)", data: bBytes[0])
        }
        let firstImage = "images/diary/\(a.id)/\(a.images[0].path.lastComponent)"
        let escape = "escape-\(UUID().uuidString.prefix(6))"
        let sentinelFile = sentinel.appendingPathComponent("keep.png").path
        func replaced(_ json: Data, _ from: String, _ to: String) -> Data {
            Data(String(decoding: json, as: UTF8.self).replacingOccurrences(of: from, with: to).utf8)
        }
        let variants: [(String, (inout TarWriter) -> Void)] = [
            ("an entry ../\(escape)", { valid(&$0); $0.add("../\(escape)", data: Data("x".utf8)) }),
            ("an absolute entry", { valid(&$0); $0.add(scratch.appendingPathComponent(escape).path, data: Data("x".utf8)) }),
            ("images/diary/../../\(escape)", { valid(&$0); $0.add("images/diary/../../\(escape)", data: Data("x".utf8)) }),
            ("records/../../\(escape).json", { valid(&$0); $0.add("records/../../\(escape).json", data: aJSON) }),
            ("./keepsake-export.json", { valid(&$0); $0.add("./keepsake-export.json", data: manifest) }),
            ("a symbolic link entry to the sentinel", { valid(&$0); $0.add("images/diary/\(a.id)/link.jpg", type: .symbolicLink, link: sentinelFile) }),
            ("a symbolic link in place of an image", { valid(&$0, skip: firstImage); $0.add(firstImage, type: .symbolicLink, link: sentinelFile) }),
            ("a hard link to the sentinel", { valid(&$0); $0.add("images/diary/\(a.id)/hard.jpg", type: .hardLink, link: sentinelFile) }),
            ("a hard link in place of an image", { valid(&$0, skip: firstImage); $0.add(firstImage, type: .hardLink, link: "keepsake-export.json") }),
            ("a character device", { valid(&$0); $0.add("images/diary/\(a.id)/dev", type: .characterDevice) }),
            ("a fifo", { valid(&$0); $0.add("images/diary/\(a.id)/fifo", type: .fifo) }),
            ("a directory ../\(escape)/", { valid(&$0); $0.add("../\(escape)/", type: .directory, mode: 0o755) }),
            ("a 5000-character name", { valid(&$0); $0.add(String(repeating: "records/", count: 625), data: aJSON) }),
            ("a 300-character file name", { valid(&$0); $0.add("images/diary/\(a.id)/" + String(repeating: "i", count: 300), data: aBytes[0]) }),
            ("a NUL in a name", { valid(&$0); $0.add("images/diary/\(a.id)/a\u{0}/../../../\(escape)", data: aBytes[0]) }),
            ("backslashes", { valid(&$0); $0.add("..\\..\\\(escape)", data: aBytes[0]) }),
            ("a non-ASCII dot-dot", { valid(&$0); $0.add("images/diary/\u{2025}/\(escape)", data: aBytes[0]) }),
            ("a name through an image", { valid(&$0); $0.add("\(firstImage)/../../../../\(escape)", data: aBytes[0]) }),
            ("a record whose image path has ..", { tar in
                tar.add("keepsake-export.json", data: manifest)
                tar.add("records/diary/\(a.id).json", data: replaced(aJSON, "attachments/diary/\(a.id)/", "attachments/diary/../../../"))
                for (image, bytes) in zip(a.images, aBytes) { tar.add("images/diary/\(a.id)/\(image.path.lastComponent)", data: bytes) }
                tar.add("records/feed/\(b.id).json", data: bJSON)
                tar.add("images/feed/\(b.id)/\(b.images[0].path.lastComponent)", data: bBytes[0])
            }),
            ("a record whose collection is ../..", { tar in
                tar.add("keepsake-export.json", data: manifest)
                tar.add("records/diary/\(a.id).json", data: replaced(aJSON, "\"collection\":\"diary\"", "\"collection\":\"../..\""))
                for (image, bytes) in zip(a.images, aBytes) { tar.add("images/diary/\(a.id)/\(image.path.lastComponent)", data: bytes) }
                tar.add("records/feed/\(b.id).json", data: bJSON)
                tar.add("images/feed/\(b.id)/\(b.images[0].path.lastComponent)", data: bBytes[0])
            }),
            ("a record whose id is ../..", { tar in
                tar.add("keepsake-export.json", data: manifest)
                tar.add("records/diary/\(a.id).json", data: replaced(aJSON, "\"id\":\"\(a.id)\"", "\"id\":\"../../\(escape)\""))
                for (image, bytes) in zip(a.images, aBytes) { tar.add("images/diary/\(a.id)/\(image.path.lastComponent)", data: bytes) }
                tar.add("records/feed/\(b.id).json", data: bJSON)
                tar.add("images/feed/\(b.id)/\(b.images[0].path.lastComponent)", data: bBytes[0])
            }),
            ("an image entry named with .. in the file name", { valid(&$0); $0.add("images/diary/\(a.id)/..", data: aBytes[0]) }),
            ("the same image twice", { valid(&$0); $0.add(firstImage, data: aBytes[0]) }),
        ]
        // The control: the valid archive imports.
        do {
            var tar = TarWriter()
            valid(&tar)
            let url = folder.appendingPathComponent("valid.tar")
            try tar.finished().write(to: url)
            let target = try Store(location: StoreLocation(root: scratch.appendingPathComponent("archive-control")), imageProcessor: VipsImageProcessor())
            let summary = try StoreArchive(store: target).import(from: url)
            if summary.imported != 2 { figures.fail("the valid hand-made archive imported \(summary.imported) records, not 2") }
        } catch {
            figures.fail("the valid hand-made archive was refused: \(describe(error)); the hostile variants prove nothing")
        }
        for (index, variant) in variants.enumerated() {
            var tar = TarWriter()
            variant.1(&tar)
            let url = folder.appendingPathComponent("hostile-\(index).tar")
            do {
                try tar.finished().write(to: url)
                let target = try Store(location: StoreLocation(root: scratch.appendingPathComponent("archive-target-\(index)")), imageProcessor: VipsImageProcessor())
                let snapshot = try Snapshot(target)
                expectRefusal("an archive with \(variant.0)", [.unsafePath, .invalidArgument, .corruptImage], figures: figures) {
                    try StoreArchive(store: target).import(from: url)
                }
                if try Snapshot(target) != snapshot { figures.fail("an archive with \(variant.0) changed the store although it was refused") }
                figures.add("hostile archives")
            } catch {
                figures.fail("an archive with \(variant.0): \(describe(error))")
            }
        }
        let after = fingerprint(sentinel.path)
        if after != before { figures.fail("hostile archives changed the sentinel: \(diff(before, after))") }
        if let escaped = findEscapes(scratch.deletingLastPathComponent(), prefix: escape) { figures.fail("an archive entry escaped: \(escaped)") }
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
