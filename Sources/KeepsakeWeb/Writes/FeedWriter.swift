import Foundation
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore

/// Every write of feed posts, for the feed pages and the API alike: the upload limits
/// (``WritePath``), the photos counted once against the feed's limit, the feed's own rules
/// (``FeedDraft/validate(maxImages:)``, checked by ``Feed``), then the store operation. A refusal is
/// a ``WriteRefusal`` in the request's language.
struct FeedWriter: Sendable {
    /// The store and apps of the request's caller.
    let apps: CallerApps
    /// The feed written to, as the request's caller sees it.
    var feed: Feed { apps.feed }
    /// The upload limits and the failure's wording.
    let path: WritePath

    /// Saves a new post with its photos (`draft.images`, staged uploads among them), all or nothing.
    func create(_ draft: FeedDraft, files: [UploadedFile], language: Language) throws(WriteRefusal) -> FeedItem {
        try path.write(feed, photos: draft.images.count, files: files, language: language) { try feed.create(draft) }
    }

    /// Applies an edit of post `id`; with `images`, its whole photo set changes too, in the same
    /// atomic operation; with `expectedVersion`, only if the post is still at that version.
    func update(_ id: RecordID, _ edit: FeedEdit, images: [ImageSlot]? = nil, expectedVersion: Int64? = nil,
                files: [UploadedFile], language: Language) throws(WriteRefusal) -> FeedItem {
        try path.write(feed, photos: images?.count, files: files, language: language) {
            try feed.update(id, title: edit.title, contents: edit.contents, date: edit.date, images: images, expectedVersion: expectedVersion)
        }
    }

    /// Moves post `id` to the trash (`restore`: takes it out), with `expectedVersion` only if it is
    /// still at that version.
    func trash(_ id: RecordID, restore: Bool = false, expectedVersion: Int64? = nil, language: Language) throws(WriteRefusal) -> FeedItem {
        try path.trash(feed, id, restore: restore, expectedVersion: expectedVersion, language: language)
    }
}
