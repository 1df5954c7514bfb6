public import Foundation

/// What the store says of every record an app hands out, whatever the record holds: when it was
/// made and last changed, when it went to the trash, its version, its book and its author.
///
/// A ``Record`` holds one, and so do the values the apps make of it (a diary entry, a feed post, a
/// ledger transaction): each reads its fields as its own (`record.createdAt`, ``RecordStamped``),
/// and its `Codable` writes these fields flat beside its own (`RecordStamp`'s coding given the
/// same coder).
public struct RecordStamp: Sendable, Hashable, Codable {
    /// When the record was first stored.
    public var createdAt: Date
    /// When the record or its images last changed.
    public var updatedAt: Date
    /// When it was moved to the trash; `nil` for a live record.
    public var trashedAt: Date?
    /// The record's version, incremented by every change (the API's ETag).
    public var version: Int64
    /// The book the record is in (``Record/book``); `nil` only for a record made before accounts
    /// and not yet upgraded.
    public var book: BookID?
    /// The account that made the record (``Record/author``); `nil` when the local operator made it
    /// without an account.
    public var author: AccountID?

    /// Creates a stamp from its parts (previews and tests; the apps read it from a record).
    public init(createdAt: Date, updatedAt: Date, trashedAt: Date? = nil, version: Int64 = 1, book: BookID? = nil, author: AccountID? = nil) {
        (self.createdAt, self.updatedAt, self.trashedAt) = (createdAt, updatedAt, trashedAt)
        (self.version, self.book, self.author) = (version, book, author)
    }

    enum CodingKeys: String, CodingKey {
        case createdAt, updatedAt, trashedAt, version, book, author
    }

    /// Decodes a stamp; JSON written before records carried a version reads as version 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(createdAt: try container.decode(Date.self, forKey: .createdAt), updatedAt: try container.decode(Date.self, forKey: .updatedAt),
                  trashedAt: try container.decodeIfPresent(Date.self, forKey: .trashedAt),
                  version: try container.decodeIfPresent(Int64.self, forKey: .version) ?? 1,
                  book: try container.decodeIfPresent(BookID.self, forKey: .book),
                  author: try container.decodeIfPresent(AccountID.self, forKey: .author))
    }
}
