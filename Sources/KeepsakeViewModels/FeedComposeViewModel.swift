public import Foundation
public import KeepsakeFeed
public import KeepsakeStore
public import Observation

/// The post / edit screen (seed 002's compose view and its `userFeed`): title, contents and up to 10
/// ordered photos; validated before saving; an edit changes text and photos in one atomic operation,
/// and photos that did not change are not rewritten.
@MainActor @Observable
public final class FeedComposeViewModel: PhotoComposing {
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
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// The last failure as a sentence, derived from ``error``; setting it records a refused input
    /// (``KeepsakeError/Code/invalidArgument``) found before the store was asked.
    public var errorMessage: String? {
        get { error?.message }
        set { error = newValue.map { KeepsakeError(.invalidArgument, $0) } }
    }
    /// True while saving.
    public private(set) var isSaving = false
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
    public var draft: FeedDraft { FeedDraft(title: title, contents: contents, date: date, images: images.sources) }

    /// Checks the draft; sets ``errorMessage`` and returns `false` if a rule is broken.
    @discardableResult
    public func validate() -> Bool {
        do {
            var check = draft
            check.images = []
            try check.validate(maxImages: feed.maxImages)
            guard images.items.count <= feed.maxImages else {
                throw KeepsakeError(.limitExceeded, "A post can hold at most \(feed.maxImages) photos.")
            }
            error = nil
            return true
        } catch {
            self.error = failure(error)
            return false
        }
    }

    /// Validates and saves (the "done" button). Returns the post, or `nil` with ``errorMessage`` set.
    public func save() async -> FeedItem? {
        guard validate() else { return nil }
        isSaving = true
        defer { isSaving = false }
        let feed = feed, draft = draft, slots = images.slots
        do {
            let saved: FeedItem
            if let id = editingID {
                saved = try await background { try feed.update(id, title: draft.title, contents: draft.contents, date: draft.date, images: slots) }
            } else {
                saved = try await background { try feed.create(draft) }
            }
            error = nil
            return saved
        } catch {
            self.error = failure(error)
            return nil
        }
    }
}
