import Foundation
import KeepsakeStore
import Synchronization
import KeepsakeSupport

/// Everything observable about a store, for "exactly the before- or the after-state" checks.
struct Snapshot: Equatable, CustomStringConvertible {
    var records: [String: String]
    var originals: [String: String]
    var thumbnails: Set<String>

    /// Reads it. Books are named by their stable labels (``Book/stableLabels(_:)``), not their
    /// random ids, so two stores that did the same things compare equal.
    init(_ store: Store) throws {
        let labels = Book.stableLabels(try store.acting(as: .localOperator).books())
        func named(_ text: String) -> String { Book.replacingIDs(in: text, with: labels) }
        var records: [String: String] = [:]
        try store.forEachRecord(trash: .all, pageSize: 1000) { record in
            records[record.id.string] = named(describeFully(record)) + " book=" + (record.book.map { labels[$0] ?? $0.string } ?? "none")
        }
        self.records = records
        originals = Dictionary(uniqueKeysWithValues: walkFiles(store.location.attachmentsDirectory.path, hashing: true).map { (named($0.key), $0.value) })
        thumbnails = Set(walkFiles(store.location.thumbnailsDirectory.path, hashing: false).keys.map(named))
    }

    var description: String {
        "records:\n" + records.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
            + "\noriginals:\n" + originals.keys.sorted().map { "  \($0)" }.joined(separator: "\n")
            + "\nthumbnails: \(thumbnails.count)"
    }

    /// The differences from `other`, in a few lines.
    func difference(from other: Snapshot) -> String {
        var lines: [String] = []
        for id in Set(records.keys).union(other.records.keys).sorted() where records[id] != other.records[id] {
            lines.append("record \(id): \(other.records[id] ?? "absent") -> \(records[id] ?? "absent")")
        }
        for path in Set(originals.keys).symmetricDifference(other.originals.keys).sorted() {
            lines.append("original \(path) \(originals[path] == nil ? "missing" : "extra")")
        }
        for path in thumbnails.symmetricDifference(other.thumbnails).sorted() {
            lines.append("thumbnail \(path) \(thumbnails.contains(path) ? "extra" : "missing")")
        }
        return lines.prefix(12).joined(separator: "; ")
    }
}

/// A record as fields, trash state and images (position, stored hash, path), for exact comparisons.
func describeFully(_ record: Record) -> String {
    let images = record.images.map { "\($0.position):\($0.sha256):\($0.path)" }.joined(separator: " ")
    let fields = record.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
    return "\(record.collection) trashed=\(record.isTrashed) date=\(record.date.timeIntervalSince1970) fields=[\(fields)] images=[\(images)]"
}

/// Every entry under `root`, depth first, never following a link: `describe` gives the value
/// recorded for each (by its path relative to `root`) from that path, its full path and its kind, or
/// nil to record none; folders are entered either way.
func walkTree(_ root: String, _ describe: (_ relative: String, _ path: String, _ kind: FileKind) -> String?) -> [String: String] {
    var result: [String: String] = [:]
    func visit(_ relative: String) {
        let full = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileInspector.contents(of: full) else { return }
        for name in names {
            let child = relative.isEmpty ? name : relative + "/" + name
            let path = root + "/" + child
            let kind = FileInspector.kind(of: path)
            result[child] = describe(child, path, kind)
            if kind == .directory { visit(child) }
        }
    }
    visit("")
    return result
}

/// Regular files under `root` (relative paths), with their SHA-256 when `hashing`; symbolic links
/// and other entries are listed with the value "link"/"other", never followed.
func walkFiles(_ root: String, hashing: Bool) -> [String: String] {
    walkTree(root) { _, path, kind in
        switch kind {
        case .directory, .missing: nil
        case .file: hashing ? ((try? FileInspector.read(path)).map(SHA256.hex) ?? "unreadable") : ""
        case .symlink: "link"
        case .other: "other"
        }
    }
}

/// Every entry under `root` (files with hash, folders, links with their target), for
/// "byte-identical after" checks of a sentinel folder.
func fingerprint(_ root: String) -> [String: String] {
    walkTree(root) { _, path, kind in
        var info = stat()
        lstat(path, &info)
        let mode = String(info.st_mode, radix: 8)
        switch kind {
        case .directory:
            return "dir \(mode) modified \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        case .file(let size, let modified):
            return "file \(mode) \(size) \(modified.timeIntervalSince1970) \((try? FileInspector.read(path)).map(SHA256.hex) ?? "?")"
        case .symlink:
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink(path, &buffer, buffer.count - 1)
            return "link -> \(count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?")"
        default:
            return "other \(mode)"
        }
    }
}
