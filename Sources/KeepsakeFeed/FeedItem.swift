public import Foundation
public import KeepsakeStore

/// One post of the review feed: a title, its text, the day it is about and its photos in order.
///
/// The value type an app shows and passes around (seed 003's `Feed` + `FeedManager`): ``id`` is the
/// record's UUID, so it stays the same across loads, encodes and decodes. Images are
/// ``KeepsakeStore/Attachment`` values: lists carry their thumbnail paths, never the pixels.
public struct FeedItem: Codable, Sendable, Hashable, Identifiable, RecordAppItem, RecordStamped {
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
    /// When the post was made and last changed, its trash date, version, book and author (read
    /// as `item.createdAt` and so on, ``KeepsakeStore/RecordStamped``).
    public var stamp: RecordStamp

    /// Creates an item from its parts (previews and tests).
    public init(id: RecordID, title: String, contents: String, date: Date, images: [Attachment],
                createdAt: Date, updatedAt: Date, trashedAt: Date? = nil, version: Int64 = 1) {
        self.init(id: id, title: title, contents: contents, date: date, images: images,
                  stamp: RecordStamp(createdAt: createdAt, updatedAt: updatedAt, trashedAt: trashedAt, version: version))
    }

    /// Creates an item with its record's stamp (the repository makes these from stored records).
    public init(id: RecordID, title: String, contents: String, date: Date, images: [Attachment], stamp: RecordStamp) {
        (self.id, self.title, self.contents, self.date, self.images, self.stamp) = (id, title, contents, date, images, stamp)
    }

    enum CodingKeys: String, CodingKey {
        case id, title, contents, date, images
    }

    /// Decodes a post, its stamp's fields from beside its own; JSON written before posts carried a
    /// version reads as version 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(RecordID.self, forKey: .id), title: try container.decode(String.self, forKey: .title),
                  contents: try container.decode(String.self, forKey: .contents), date: try container.decode(Date.self, forKey: .date),
                  images: try container.decode([Attachment].self, forKey: .images), stamp: try RecordStamp(from: decoder))
    }

    /// Encodes a post, its stamp's fields beside its own.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(contents, forKey: .contents)
        try container.encode(date, forKey: .date)
        try container.encode(images, forKey: .images)
        try stamp.encode(to: encoder)
    }

    /// The photos (``RecordAppItem``).
    public var attachments: [Attachment] { images }
}
