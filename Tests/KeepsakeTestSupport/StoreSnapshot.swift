import Foundation
public import KeepsakeStore
import KeepsakeSupport

/// Everything observable about a store, for "exactly the before- or the after-state" checks:
/// each record with its fields and image hashes in order, every original object with its hash and
/// every thumbnail key, as the store's own blob store lists them (so it works on any backend pair).
public struct StoreSnapshot: Equatable, CustomStringConvertible {
    /// Record id → canonical description.
    public var records: [String: String]
    /// Original key → SHA-256.
    public var originals: [String: String]
    /// Thumbnail keys.
    public var thumbnails: Set<String>

    /// Reads a snapshot of `store` in the given collections. Keys name a book by its collection,
    /// name and rank among the books of that name (`diary/Diary#0`), not by its random id, so two
    /// stores that did the same things compare equal.
    public init(_ store: Store, collections: [CollectionName] = ["diary", "ledger", "feed", "test"]) throws {
        let labels = Book.stableLabels(try store.acting(as: .localOperator).books())
        func named(_ key: String) -> String { Book.replacingIDs(in: key, with: labels) }
        var records: [String: String] = [:]
        for collection in collections {
            var query = RecordQuery(collection: collection)
            query.trash = .all
            query.limit = 1000
            try store.forEachPage(of: query) { page in
                for record in page.records {
                    let images = record.images.map { "\($0.position):\($0.sha256):\(named($0.path.string))" }.joined(separator: " ")
                    let fields = record.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
                    let book = record.book.map { labels[$0] ?? $0.string } ?? "none"
                    records[record.id.string] = "\(collection) book=\(book) trashed=\(record.isTrashed) date=\(record.date.timeIntervalSince1970) fields=[\(fields)] images=[\(images)]"
                }
            }
        }
        self.records = records
        originals = [:]
        for key in try Self.objects(in: store, under: "attachments/") {
            originals[named(key)] = (try? RelativePath(key)).flatMap { try? SHA256.hex(store.blobs.read($0)) } ?? "unreadable"
        }
        thumbnails = Set(try Self.objects(in: store, under: "thumbnails/").map(named))
    }

    /// Keys of the objects under `prefix`, as the blob store lists them (odd entries included).
    static func objects(in store: Store, under prefix: String) throws -> [String] {
        var keys: [String] = []
        var after: String?
        repeat {
            let page = try store.blobs.list(prefix: prefix, after: after, limit: 1000)
            keys += page.entries.compactMap { entry in
                if case .emptyFolder = entry.kind { return nil }
                return entry.key
            }
            after = page.nextAfter
        } while after != nil
        return keys
    }

    public var description: String {
        "records:\n" + records.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
            + "\noriginals:\n" + originals.keys.sorted().map { "  \($0)" }.joined(separator: "\n")
            + "\nthumbnails: \(thumbnails.count)"
    }
}
