public import Foundation
public import KeepsakeStore

/// One post of the review feed: a title, its text, the day it is about and its photos in order.
///
/// The value type an app shows and passes around (seed 003's `Feed` + `FeedManager`): ``id`` is the
/// record's UUID, so it stays the same across loads, encodes and decodes. Images are
/// ``KeepsakeStore/Attachment`` values: lists carry their thumbnail paths, never the pixels.
public struct FeedItem: Codable, Sendable, Hashable, Identifiable {
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

    /// Creates an item from its parts (the repository makes these from stored records).
    public init(id: RecordID, title: String, contents: String, date: Date, images: [Attachment],
                createdAt: Date, updatedAt: Date, trashedAt: Date? = nil) {
        self.id = id
        self.title = title
        self.contents = contents
        self.date = date
        self.images = images
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.trashedAt = trashedAt
    }

    /// Whether the post is in the trash.
    public var isTrashed: Bool { trashedAt != nil }
}
