import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// The folder store's listing: every entry once, in byte order of its place (a folder's place is
/// its key with `/` appended), page by page from any `after`, whatever the names.
@Suite struct FolderBlobStoreListingTests {
    /// What the listing must say of a tree, found by walking it independently: files are objects,
    /// empty folders and folders below the record level are reported at `key/`, links are unexpected.
    static func expected(in root: URL, area: String) throws -> [(order: String, entry: BlobEntry)] {
        var found: [(String, BlobEntry)] = []
        func walk(_ key: String, depth: Int) throws {
            let url = root.appendingPathComponent(key)
            let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            if names.isEmpty { found.append((key + "/", BlobEntry(key: key, kind: .emptyFolder))) }
            for name in names {
                let child = key + "/" + name
                let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(child).path)
                switch attributes[.type] as? FileAttributeType {
                case .typeDirectory? where depth < 3: try walk(child, depth: depth + 1)
                case .typeDirectory?: found.append((child + "/", BlobEntry(key: child, kind: .unexpected)))
                case .typeRegular?: found.append((child, BlobEntry(key: child, kind: .object(size: (attributes[.size] as? NSNumber)?.int64Value ?? -1))))
                default: found.append((child, BlobEntry(key: child, kind: .unexpected)))
                }
            }
        }
        try walk(area, depth: 1)
        return found.sorted { $0.0 < $1.0 }
    }

    /// Every page of `prefix`, `limit` entries at a time.
    static func pages(_ store: FolderBlobStore, prefix: String, limit: Int) throws -> [BlobEntry] {
        var entries: [BlobEntry] = []
        var after: String?
        repeat {
            let page = try store.list(prefix: prefix, after: after, limit: limit)
            #expect(page.entries.count <= limit)
            entries += page.entries
            after = page.nextAfter
        } while after != nil
        return entries
    }

    static func write(_ text: String, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func namesThatSortBeforeAFolderOfTheirStemComeFirstOnEveryPageSize() throws {
        let directory = TemporaryDirectory("listing-order")
        let location = StoreLocation(root: directory.url)
        let store = try FolderBlobStore(location: location)
        let attachments = location.dataDirectory.appendingPathComponent("attachments")
        // `a-b`, `a b`, `a!` and `a.b` sort before `a/`: the folder `a` is placed after them.
        for (path, text) in [("c/a/image_1.jpg", "1"), ("c/a/image_2.jpg", "22"), ("c/a-b", "misplaced"),
                             ("c/a b/image_1.jpg", "3"), ("c/a!/image_1.jpg", "4"), ("c/a.b/image_1.jpg", "5"),
                             ("c/a/deep/image_1.jpg", "below the record level"), ("c/é/image_1.jpg", "6"),
                             ("d/0/image_1.jpg", "7"), ("c-/x/image_1.jpg", "8"), ("c!", "a file beside the collections")] {
            try Self.write(text, at: attachments.appendingPathComponent(path))
        }
        try FileManager.default.createDirectory(at: attachments.appendingPathComponent("c/b"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: attachments.appendingPathComponent("c/l").path, withDestinationPath: "/etc")

        let expected = try Self.expected(in: location.dataDirectory, area: "attachments")
        #expect(expected.map(\.entry.key).contains("attachments/c/a-b"))
        for limit in [1, 2, 3, 5, 1000] {
            let listed = try Self.pages(store, prefix: "attachments/", limit: limit)
            #expect(listed == expected.map(\.entry), "pages of \(limit): \(listed.map(\.key))")
        }
        let underC = expected.filter { $0.order.hasPrefix("attachments/c/") }.map(\.entry)
        for limit in [1, 2, 1000] {
            #expect(try Self.pages(store, prefix: "attachments/c/", limit: limit) == underC, "prefix c/, pages of \(limit)")
        }
    }

    @Test func randomTreesOfNearlyEqualNamesListExactlyAsAWalkSeesThem() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ["a", "b", "-", "!", ".", " "]
        for round in 0..<20 {
            let directory = TemporaryDirectory("listing-random-\(round)")
            let location = StoreLocation(root: directory.url)
            let store = try FolderBlobStore(location: location)
            let attachments = location.dataDirectory.appendingPathComponent("attachments")
            func name() -> String {
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
                    .replacingOccurrences(of: ".", with: "a.", options: .anchored)  // never "." or ".."
            }
            for _ in 0..<30 {
                let depth = Int.random(in: 1...4, using: &generator)
                let path = (0..<depth).map { _ in name() }.joined(separator: "/")
                let url = attachments.appendingPathComponent(path)
                if FileManager.default.fileExists(atPath: url.path) { continue }
                if Bool.random(using: &generator) {
                    try? Self.write(path, at: url)  // fails where a file is in the way: that tree is kept as it is
                } else {
                    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                }
            }
            let expected = try Self.expected(in: location.dataDirectory, area: "attachments").map(\.entry)
            for limit in [1, 3, 1000] {
                let listed = try Self.pages(store, prefix: "attachments/", limit: limit)
                #expect(listed == expected, "round \(round), pages of \(limit): \(listed.map(\.key)) against \(expected.map(\.key))")
            }
        }
    }
}
