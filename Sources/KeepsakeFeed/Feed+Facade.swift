public import Foundation
public import KeepsakeStore

/// The changes to make to a post's words and date; `nil` leaves a field as it is. Photos change
/// with the photo operations (or ``Feed/update(_:title:contents:date:images:)``).
public struct FeedEdit: Sendable, Hashable {
    /// A new title.
    public var title: String?
    /// A new text.
    public var contents: String?
    /// A new date.
    public var date: Date?

    /// Creates an edit; pass only what changes.
    public init(title: String? = nil, contents: String? = nil, date: Date? = nil) {
        self.title = title
        self.contents = contents
        self.date = date
    }
}

extension Feed: RecordImagesApp {
    /// The collection posts live in (``FeedItem/collection``).
    public static var collection: CollectionName { FeedItem.collection }

    /// Stores a new post (``post(_:)``).
    @discardableResult
    public func create(_ draft: FeedDraft) throws -> FeedItem {
        try post(draft)
    }

    /// The post with `id` (``item(_:)``).
    public func read(_ id: RecordID) throws -> FeedItem {
        try item(id)
    }

    /// Changes a post's words and date.
    @discardableResult
    public func update(_ id: RecordID, _ edit: FeedEdit, expectedVersion: Int64?) throws -> FeedItem {
        try update(id, title: edit.title, contents: edit.contents, date: edit.date, images: nil, expectedVersion: expectedVersion)
    }

    /// Moves a post to the trash, only if it is still at `expectedVersion` (when given).
    @discardableResult
    public func delete(_ id: RecordID, expectedVersion: Int64?) throws -> FeedItem {
        _ = try item(id)
        return try FeedItem(record: try store.trash(id, expectedVersion: expectedVersion))
    }

    /// Takes a post out of the trash, only if it is still at `expectedVersion` (when given).
    @discardableResult
    public func restore(_ id: RecordID, expectedVersion: Int64?) throws -> FeedItem {
        _ = try item(id)
        return try FeedItem(record: try store.restore(id, expectedVersion: expectedVersion))
    }

    /// Removes a post in the trash for good, with its photos; `conflict` if it is not in the trash.
    public func purge(_ id: RecordID) throws {
        _ = try item(id)
        guard try store.purgeIfTrashed(id) else {
            throw KeepsakeError(.conflict, "Post \(id) is not in the trash; delete it first, then purge it.")
        }
    }

    /// Adds photos at the end or before `index`, all or none, only if the post is still at
    /// `expectedVersion` (when given); `limitExceeded` past ``maxImages``.
    @discardableResult
    public func addImages(_ sources: [ImageSource], to id: RecordID, at index: Int?, expectedVersion: Int64?) throws -> FeedItem {
        let current = try item(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        try FeedDraft.checkImageCount(current.images.count + sources.count, maxImages: maxImages)
        return try FeedItem(record: try store.addImages(sources, to: id, at: index, expectedVersion: current.version))
    }

    /// Replaces the photo at `index`; the old file is removed after the commit.
    @discardableResult
    public func replaceImage(of id: RecordID, at index: Int, with source: ImageSource, expectedVersion: Int64?) throws -> FeedItem {
        _ = try item(id)
        return try FeedItem(record: try store.replaceImage(of: id, at: index, with: source, expectedVersion: expectedVersion))
    }

    /// Removes the photo at `index`; the photos after it move up.
    @discardableResult
    public func removeImage(of id: RecordID, at index: Int, expectedVersion: Int64?) throws -> FeedItem {
        _ = try item(id)
        return try FeedItem(record: try store.removeImage(of: id, at: index, expectedVersion: expectedVersion))
    }

    /// Puts the photos in a new order (``reorderImages(_:order:)``), only if the post is still at `expectedVersion`.
    @discardableResult
    public func reorderImages(of id: RecordID, order: [Int], expectedVersion: Int64?) throws -> FeedItem {
        _ = try item(id)
        return try FeedItem(record: try store.reorderImages(of: id, order: order, expectedVersion: expectedVersion))
    }

    /// Live posts whose title or text contain every word of `text` (each also as a prefix), newest first.
    public func search(_ text: String, limit: Int = 50) throws -> [FeedItem] {
        try store.search(text, in: Self.collection, limit: limit).map(FeedItem.init(record:))
    }
}
