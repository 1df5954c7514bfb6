public import Foundation
public import KeepsakeStore

/// One post of the review feed: a title, its text, the day it is about and its photos in order.
///
/// The value type an app shows and passes around (seed 003's `Feed` + `FeedManager`): ``id`` is the
/// record's UUID, so it stays the same across loads, encodes and decodes. Images are
/// ``KeepsakeStore/Attachment`` values: lists carry their thumbnail paths, never the pixels.
public struct FeedItem: Codable, Sendable, Hashable, Identifiable, RecordAppItem {
    /// The post's id: a UUID kept for the life of the post.
    public var id: RecordID
    /// The title (trimmed, never empty).
    public var title: String
    /// The text of the review (may be empty).
    public var contents: String
    /// The date the post is about; the feed is sorted by it, newest first.
    public var date: Date
    /// The photos, in the order the author chose.
    public var images: [Attachment]
    /// When the post was first stored.
    public var createdAt: Date
    /// When the post or its photos last changed.
    public var updatedAt: Date
    /// When the post was moved to the trash; `nil` for a live post.
    public var trashedAt: Date?
    /// The record's version, incremented by every change (the API's ETag).
    public var version: Int64
    /// The book the record is in (``KeepsakeStore/Record/book``); `nil` only for a record made
    /// before accounts and not yet upgraded.
    public var book: BookID? = nil
    /// The account that made the record (``KeepsakeStore/Record/author``); `nil` when the local
    /// operator made it without an account.
    public var author: AccountID? = nil

    /// Creates an item from its parts (the repository makes these from stored records).
    public init(id: RecordID, title: String, contents: String, date: Date, images: [Attachment],
                createdAt: Date, updatedAt: Date, trashedAt: Date? = nil, version: Int64 = 1) {
        self.id = id
        self.title = title
        self.contents = contents
        self.date = date
        self.images = images
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.trashedAt = trashedAt
        self.version = version
    }

    enum CodingKeys: String, CodingKey {
        case id, title, contents, date, images, createdAt, updatedAt, trashedAt, version, book, author
    }

    /// Decodes a post; JSON written before posts carried a version reads as version 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(RecordID.self, forKey: .id), title: try container.decode(String.self, forKey: .title),
                  contents: try container.decode(String.self, forKey: .contents), date: try container.decode(Date.self, forKey: .date),
                  images: try container.decode([Attachment].self, forKey: .images),
                  createdAt: try container.decode(Date.self, forKey: .createdAt), updatedAt: try container.decode(Date.self, forKey: .updatedAt),
                  trashedAt: try container.decodeIfPresent(Date.self, forKey: .trashedAt),
                  version: try container.decodeIfPresent(Int64.self, forKey: .version) ?? 1)
        book = try container.decodeIfPresent(BookID.self, forKey: .book)
        author = try container.decodeIfPresent(AccountID.self, forKey: .author)
    }

    /// Whether the post is in the trash.
    public var isTrashed: Bool { trashedAt != nil }

    /// The photos (``RecordAppItem``).
    public var attachments: [Attachment] { images }
}
