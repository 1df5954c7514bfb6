public import Foundation
public import KeepsakeStore

/// Everything observable about a store, for "exactly the before- or the after-state" checks:
/// each record with its fields and image hashes in order, and every file under `attachments/`
/// and the thumbnail cache with its hash.
public struct StoreSnapshot: Equatable, CustomStringConvertible {
    /// Record id → canonical description.
    public var records: [String: String]
    /// Store-relative file path → SHA-256, for originals.
    public var originals: [String: String]
    /// Cache-relative thumbnail paths.
    public var thumbnails: Set<String>

    /// Reads a snapshot of `store` in the given collections.
    public init(_ store: Store, collections: [CollectionName] = ["diary", "ledger", "feed", "test"]) throws {
        records = [:]
        for collection in collections {
            var query = RecordQuery(collection: collection)
            query.trash = .all
            query.limit = 1000
            var page = try store.list(query)
            while true {
                for record in page.records {
                    let images = record.images.map { "\($0.position):\($0.sha256):\($0.path)" }.joined(separator: " ")
                    let fields = record.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
                    records[record.id.string] = "\(collection) trashed=\(record.isTrashed) date=\(record.date.timeIntervalSince1970) fields=[\(fields)] images=[\(images)]"
                }
                guard let next = page.nextCursor else { break }
                query.after = next
                page = try store.list(query)
            }
        }
        originals = Self.files(under: store.location.dataDirectory.appendingPathComponent("attachments"), hashing: true)
        thumbnails = Set(Self.files(under: store.location.thumbnailsDirectory, hashing: false).keys)
    }

    static func files(under root: URL, hashing: Bool) -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        while let relative = enumerator.nextObject() as? String {
            let full = root.appendingPathComponent(relative).path
            if case .file = FileInspector.kind(of: full) {
                result[relative] = hashing ? ((try? FileInspector.read(full)).map(SHA256.hex) ?? "unreadable") : ""
            }
        }
        return result
    }

    public var description: String {
        "records:\n" + records.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
            + "\noriginals:\n" + originals.keys.sorted().map { "  \($0)" }.joined(separator: "\n")
            + "\nthumbnails: \(thumbnails.count)"
    }
}
