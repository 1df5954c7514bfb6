import Foundation
import KeepsakeFeed
import KeepsakeStore
import KeepsakeViewModels

/// What the post / edit form of the feed shows: a new post's defaults, a post's values, or what
/// was submitted (when the form comes back refused).
struct FeedForm: Sendable {
    /// The post being edited; `nil` when writing a new one.
    var editingID: RecordID?
    /// The version of the post the edit form was made from (the outbox sends it as `If-Match`).
    var editingVersion: Int64?
    /// The title.
    var title = ""
    /// The text.
    var contents = ""
    /// The post's day (and time of day, kept when the day changes).
    var date: Date
    /// The photos in order.
    var images: [ComposeImage] = []
    /// The book a new post goes in (the form's select); `nil`: the switcher's choice or the
    /// caller's own feed.
    var book: BookID?

    /// A new post, now.
    init(now: Date = Date()) {
        date = now
    }

    /// The form of `item`.
    init(editing item: FeedItem) {
        editingID = item.id
        editingVersion = item.version
        title = item.title
        contents = item.contents
        date = item.date
        images = item.images.map(ComposeImage.stored)
    }

    /// A new post as the form would save it.
    var draft: FeedDraft { FeedDraft(title: title, contents: contents, date: date, images: images.compactMap(\.source), book: book) }

    /// The edit the form makes of its post (the photos are ``slots``).
    var edit: FeedEdit { FeedEdit(title: title, contents: contents, date: date) }

    /// The photo set as the store takes it.
    var slots: [ImageSlot] { images.map(\.slot) }
}
