import Foundation
import KeepsakeImageCache
import KeepsakeImaging
import KeepsakeStore
import KeepsakeStoreTransfer

extension HostileNamesTorture {
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
        /// The valid archive, without the entry `skip`, with `diaryJSON` as the diary record's JSON.
        func valid(_ tar: inout TarWriter, skip: String? = nil, diaryJSON: Data? = nil) {
            tar.add("keepsake-export.json", data: manifest)
            tar.add("records/diary/\(a.id).json", data: diaryJSON ?? aJSON)
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
            ("a record whose image path has ..", { valid(&$0, diaryJSON: replaced(aJSON, a.images[0].path.parentComponents.joined(separator: "/") + "/", "attachments/diary/../../../")) }),
            ("a record whose collection is ../..", { valid(&$0, diaryJSON: replaced(aJSON, "\"collection\":\"diary\"", "\"collection\":\"../..\"")) }),
            ("a record whose id is ../..", { valid(&$0, diaryJSON: replaced(aJSON, "\"id\":\"\(a.id)\"", "\"id\":\"../../\(escape)\"")) }),
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
}
