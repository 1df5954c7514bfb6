public import Foundation
public import KeepsakeStore

/// The changes to make to a post's words and date; `nil` leaves a field as it is. Photos change
/// with the photo operations (or ``Feed/update(_:title:contents:date:images:expectedVersion:)``).
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

    /// Changes a post's words and date.
    @discardableResult
    public func update(_ id: RecordID, _ edit: FeedEdit, expectedVersion: Int64?) throws -> FeedItem {
        try update(id, title: edit.title, contents: edit.contents, date: edit.date, images: nil, expectedVersion: expectedVersion)
    }

    /// Moves a post to the trash, only if it is still at `expectedVersion` (when given); its photos
    /// stay until the trash is purged.
    ///
    /// - Throws: `.notFound`; `.conflict` if it is already in the trash.
    @discardableResult
    public func delete(_ id: RecordID, expectedVersion: Int64? = nil) throws -> FeedItem {
        _ = try read(id)
        return try FeedItem(record: try store.trash(id, expectedVersion: expectedVersion))
    }

    /// Takes a post out of the trash, only if it is still at `expectedVersion` (when given).
    ///
    /// - Throws: `.notFound`; `.conflict` if it is not in the trash.
    @discardableResult
    public func restore(_ id: RecordID, expectedVersion: Int64? = nil) throws -> FeedItem {
        _ = try read(id)
        return try FeedItem(record: try store.restore(id, expectedVersion: expectedVersion))
    }

    /// Removes a post in the trash for good, with its photos; `conflict` if it is not in the trash.
    public func purge(_ id: RecordID) throws {
        _ = try read(id)
        guard try store.purgeIfTrashed(id) else {
            throw KeepsakeError(.conflict, "Post \(id) is not in the trash; delete it first, then purge it.")
        }
    }

    /// The feed post record `id` (checked to be one, as ``read(_:)`` does).
    public func appRecord(_ id: RecordID) throws -> Record {
        let record = try store.record(id)
        _ = try FeedItem(record: record)
        return record
    }

    /// The post stored in `record`.
    public func item(from record: Record) throws -> FeedItem {
        try FeedItem(record: record)
    }

    /// Throws `limitExceeded` if a post would carry more than ``maxImages`` photos.
    public func checkImageCount(_ total: Int, adding: Int?) throws {
        try FeedDraft.checkImageCount(total, maxImages: maxImages)
    }

    /// Live posts whose title or text contain every word of `text` (each also as a prefix), newest first.
    public func search(_ text: String, limit: Int = 50) throws -> [FeedItem] {
        try store.search(text, in: Self.collection, limit: limit, books: books).map(FeedItem.init(record:))
    }
}
