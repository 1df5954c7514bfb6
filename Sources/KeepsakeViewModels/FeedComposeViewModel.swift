public import Foundation
public import KeepsakeFeed
public import KeepsakeStore
public import Observation

/// The post / edit screen (seed 002's compose view and its `userFeed`): title, contents and up to 10
/// ordered photos; validated before saving; an edit changes text and photos in one atomic operation,
/// and photos that did not change are not rewritten.
@MainActor @Observable
public final class FeedComposeViewModel: PhotoComposing, RecordComposing, FailureReporting {
    /// The post being edited; `nil` for a new post.
    public let editingID: RecordID?
    /// Title (required).
    public var title: String
    /// Contents.
    public var contents: String
    /// The post's date.
    public var date: Date
    /// The photos in order.
    public var images: ComposeImages
    /// The book a new post goes in; the caller's own feed book when `nil` (an edit keeps the post's
    /// book: moving it is another operation).
    public var book: BookID?
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// True while saving (``save()`` sets it).
    public var isSaving = false
    /// The feed.
    public let feed: Feed

    /// A new post dated `now`.
    public init(feed: Feed, now: Date = Date()) {
        self.feed = feed
        editingID = nil
        title = ""
        contents = ""
        date = now
        images = ComposeImages(limit: feed.maxImages)
    }

    /// Edits `item`.
    public init(feed: Feed, editing item: FeedItem) {
        self.feed = feed
        editingID = item.id
        title = item.title
        contents = item.contents
        date = item.date
        images = ComposeImages(item.images.map(ComposeImage.stored), limit: feed.maxImages)
    }

    /// The draft as it would be posted.
    public var draft: FeedDraft { FeedDraft(title: title, contents: contents, date: date, images: images.sources, book: book) }

    /// Throws the first rule the draft breaks (its photos counted, not read).
    public func checkForm() throws {
        try checkPhotoForm(draft, maxImages: feed.maxImages, holder: "A post")
    }

    /// Creates the post, or applies the edit (text and photos together; unchanged photos are kept).
    public func saveOperation() -> @Sendable () throws -> FeedItem {
        let feed = feed, draft = draft, slots = images.slots
        guard let id = editingID else { return { try feed.create(draft) } }
        return { try feed.update(id, title: draft.title, contents: draft.contents, date: draft.date, images: slots) }
    }
}

extension FeedDraft: PhotoDraft {}
