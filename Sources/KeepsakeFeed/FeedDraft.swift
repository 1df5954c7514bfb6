public import Foundation
public import KeepsakeStore

/// What the compose screen holds before a post is stored (seed 002's `userFeed`): a title, the
/// text, the date and the chosen photos in order.
///
/// Call ``validate(maxImages:)`` to show problems while the user types; ``Feed/create(_:)`` checks
/// again before storing anything.
public struct FeedDraft: Sendable {
    /// The most photos one post may carry unless the feed says otherwise (the seed's picker limit).
    public static let defaultMaxImages = 10
    /// The longest title, in characters, after trimming.
    public static let maxTitleLength = 200
    /// The longest text, in characters.
    public static let maxContentsLength = 10_000

    /// The title; leading and trailing white space is dropped when stored.
    public var title: String
    /// The text of the review; may be empty.
    public var contents: String
    /// The date the post is about.
    public var date: Date
    /// The photos in the order they will be shown.
    public var images: [ImageSource]
    /// A chosen id (the API's retried creates keep ids); a new UUID when `nil`.
    public var id: RecordID?
    /// The book to post it in (one of the feed's books the caller writes); the caller's own feed
    /// book when `nil`.
    public var book: BookID?

    /// Creates a draft; the date defaults to now.
    public init(title: String = "", contents: String = "", date: Date = Date(), images: [ImageSource] = [], id: RecordID? = nil,
                book: BookID? = nil) {
        self.title = title
        self.contents = contents
        self.date = date
        self.images = images
        self.id = id
        self.book = book
    }

    /// Checks the draft without storing anything.
    ///
    /// - Throws: ``KeepsakeStore/KeepsakeError`` `.invalidArgument` when the title is blank, too
    ///   long or holds control characters, when the text is too long or holds a NUL character, or the
    ///   date is not a real date; `.limitExceeded` when there are more than `maxImages` photos.
    public func validate(maxImages: Int = FeedDraft.defaultMaxImages) throws {
        _ = try Self.checkedTitle(title)
        try Self.checkContents(contents)
        try Self.checkDate(date)
        try Self.checkImageCount(images.count, maxImages: maxImages)
    }

    /// The title as stored: trimmed, non-empty, at most ``maxTitleLength`` characters, one line.
    static func checkedTitle(_ title: String) throws -> String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw KeepsakeError(.invalidArgument, "A post needs a title: type a few words about what you are reviewing.")
        }
        guard trimmed.count <= maxTitleLength else {
            throw KeepsakeError(.invalidArgument, "The title is \(trimmed.count) characters long; shorten it to at most \(maxTitleLength).")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw KeepsakeError(.invalidArgument, "The title must be one line without control characters (line breaks, tabs, NUL); remove them.")
        }
        return trimmed
    }

    /// Checks the text: at most ``maxContentsLength`` characters, no NUL.
    static func checkContents(_ contents: String) throws {
        guard contents.count <= maxContentsLength else {
            throw KeepsakeError(.invalidArgument, "The text is \(contents.count) characters long; shorten it to at most \(maxContentsLength).")
        }
        guard !contents.unicodeScalars.contains("\u{0}") else {
            throw KeepsakeError(.invalidArgument, "The text contains a NUL character; remove it.")
        }
    }

    /// Checks that the date is a finite point in time.
    static func checkDate(_ date: Date) throws {
        guard date.timeIntervalSince1970.isFinite else {
            throw KeepsakeError(.invalidArgument, "The post's date is not a real date; pick a day on the calendar.")
        }
    }

    /// Checks the number of photos against the feed's limit.
    static func checkImageCount(_ count: Int, maxImages: Int) throws {
        guard count <= maxImages else {
            throw KeepsakeError(.limitExceeded, "A post can carry at most \(maxImages) photos; \(count) were chosen. Remove \(count - maxImages) and try again.")
        }
    }
}
