public import Foundation
public import KeepsakeStore

/// The review feed (seeds 002 and 003): posts with a title, text, a date and up to ``maxImages``
/// ordered photos, kept in the store's `feed` collection.
///
/// Every call validates its input before anything is written, maps a post to a store record and
/// back, and is one atomic store operation. Deleting moves a post to the trash; ``purgeTrash(olderThan:)``
/// removes it and its photos for good.
///
/// A `Feed` is a small value holding the store; it is safe to use from any thread.
public struct Feed: Sendable {
    /// The store the posts live in.
    public let store: Store
    /// The most photos one post may carry.
    public let maxImages: Int
    /// Only the records of these books are listed, counted, searched and summed up (the switcher of
    /// the web pages, `--book` of the command line); `nil`: every book the caller reads. The engine
    /// narrows it to what the caller reads: a book it cannot read shows nothing.
    public var books: Set<BookID>?

    /// Opens the feed of `store`.
    ///
    /// - Parameters:
    ///   - maxImages: the photo limit per post (default 10, the seed's picker limit); negative
    ///     values count as 0. The store's own limit (`StoreOptions.maxImagesPerRecord`) still applies.
    public init(store: Store, maxImages: Int = FeedDraft.defaultMaxImages) {
        self.store = store
        self.maxImages = max(0, maxImages)
    }

    // MARK: - Create and read

    /// Validates `draft` and stores it as a new post with its photos, in order, all or nothing.
    ///
    /// - Throws: the errors of ``FeedDraft/validate(maxImages:)``; `.corruptImage`,
    ///   `.unsupportedImage` or `.imageTooLarge` for a photo that cannot be used (nothing is stored).
    @discardableResult
    public func create(_ draft: FeedDraft) throws -> FeedItem {
        try draft.validate(maxImages: maxImages)
        let title = try FeedDraft.checkedTitle(draft.title)
        let record = try store.create(RecordDraft(collection: FeedItem.collection, date: draft.date,
                                                  fields: FeedItem.fields(title: title, contents: draft.contents),
                                                  images: draft.images, id: draft.id, book: draft.book))
        return try FeedItem(record: record)
    }

    /// The post with `id`, live or in the trash.
    ///
    /// - Throws: `.notFound` if there is no such post (or the id belongs to another app's record).
    public func read(_ id: RecordID) throws -> FeedItem {
        try FeedItem(record: try store.record(id))
    }

    /// One page of live posts, newest date first (ties broken by id, so paging never skips or
    /// repeats a post). Pass the previous page's ``FeedPage/nextCursor`` as `after` to continue.
    ///
    /// - Parameter limit: posts per page, 1 to 1000.
    public func newest(limit: Int = 20, after: RecordCursor? = nil) throws -> FeedPage {
        var query = RecordQuery(collection: FeedItem.collection)
        query.sort = .date
        query.descending = true
        query.limit = limit
        query.after = after
        return try page(query)
    }

    // MARK: - Change

    /// Changes a post's text, date and/or photos; `nil` leaves that part as it is.
    ///
    /// `images` is the whole new ordered set: `.existing(attachment.id)` keeps a stored photo
    /// (its file is not rewritten), `.new(source)` adds one; photos left out are removed after the
    /// commit. Text, date and photos change in one atomic operation: all of it or none of it.
    ///
    /// With `expectedVersion`, only if the post is still at that version. Either way the change is
    /// written only if nobody changed the post since it was read for this edit
    /// (``KeepsakeError/Code/conflict`` otherwise).
    ///
    /// - Throws: the validation errors of ``FeedDraft/validate(maxImages:)``; `.notFound`;
    ///   `.conflict` if the post is in the trash or a kept photo no longer belongs to it.
    @discardableResult
    public func update(_ id: RecordID, title: String? = nil, contents: String? = nil, date: Date? = nil,
                       images: [ImageSlot]? = nil, expectedVersion: Int64? = nil) throws -> FeedItem {
        let current = try read(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        guard !current.isTrashed else {
            throw KeepsakeError(.conflict, "Post \(id) is in the trash; restore it before editing it.")
        }
        var fields: [String: FieldValue] = [:]
        if let title {
            let checked = try FeedDraft.checkedTitle(title)
            if checked != current.title { fields[FeedField.title] = .string(checked) }
        }
        if let contents {
            try FeedDraft.checkContents(contents)
            if contents != current.contents { fields[FeedField.contents] = .string(contents) }
        }
        if let date { try FeedDraft.checkDate(date) }
        if let images { try FeedDraft.checkImageCount(images.count, maxImages: maxImages) }

        let newDate = date.flatMap { $0 == current.date ? nil : $0 }
        guard images != nil || !fields.isEmpty || newDate != nil else { return current }
        return try FeedItem(record: try store.edit(id, date: newDate, set: fields, images: images, expectedVersion: current.version))
    }

    // MARK: - Trash

    /// One page of the posts in the trash, most recently deleted first.
    ///
    /// - Parameter limit: posts per page, 1 to 1000.
    public func trash(limit: Int = 50, after: RecordCursor? = nil) throws -> FeedPage {
        var query = RecordQuery(collection: FeedItem.collection)
        query.trash = .trashed
        query.sort = .updated  // a trashed post cannot be edited, so its last change is its deletion
        query.descending = true
        query.limit = limit
        query.after = after
        return try page(query)
    }

    /// Removes for good, with their photos, the feed posts that have been in the trash for longer
    /// than `age` seconds (all of them when `age` is `nil`). Other apps' records are never touched.
    /// Each post is one atomic purge. Returns the ids purged.
    ///
    /// - Throws: `.invalidArgument` for a negative or non-finite age.
    @discardableResult
    public func purgeTrash(olderThan age: TimeInterval? = nil) throws -> [RecordID] {
        // The engine re-checks each post inside its purge: one restored meanwhile survives.
        try store.purgeTrash(olderThan: age, in: FeedItem.collection)
    }

    // MARK: - Helpers

    private func page(_ query: RecordQuery) throws -> FeedPage {
        var query = query
        query.books = books
        let page = try store.list(query)
        return FeedPage(items: try page.records.map(FeedItem.init(record:)), nextCursor: page.nextCursor)
    }
}
