public import Foundation
public import KeepsakeStore

/// What a new diary entry is made of: the compose screen's state.
///
/// Call ``validate(maxImages:)`` to check it before saving (``Diary/create(_:)`` does so too). Titles
/// are trimmed and an empty title counts as none; tags are normalised as ``normalizedTags(_:)``
/// describes; the text is kept exactly as written.
public struct DiaryDraft: Sendable, DiaryContentHolder {
    /// When it happened (defaults to now), in which time zone, the emotion, its intensity, the
    /// optional title, the text and the tags (normalised on save); read as `draft.title` and so
    /// on (``DiaryContentHolder``).
    public var content: DiaryContent
    /// Photos in order.
    public var images: [ImageSource]
    /// A chosen id (imports and the API's retried creates keep ids); a new UUID when `nil`.
    public var id: RecordID?
    /// The book to write it in (one of the diary's books the caller writes); the caller's own diary
    /// book when `nil`.
    public var book: BookID?

    /// Creates a draft.
    public init(moment: Date = Date(), timeZone: TimeZone = .current, emotion: Emotion, intensity: Int = 3,
                title: String? = nil, text: String = "", tags: [String] = [], images: [ImageSource] = [], id: RecordID? = nil,
                book: BookID? = nil) {
        content = DiaryContent(moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity, title: title, text: text, tags: tags)
        (self.images, self.id, self.book) = (images, id, book)
    }

    /// Checks every rule and throws the first broken one as a ``KeepsakeError``:
    /// ``KeepsakeError/Code/invalidArgument`` for an intensity outside 1...5, neither title nor text,
    /// a title or text or tag that is too long, too many tags, a title or tag with control characters,
    /// a time zone that cannot be stored by name, or a moment outside years 1...9999;
    /// ``KeepsakeError/Code/limitExceeded`` for more than `maxImages` images.
    public func validate(maxImages: Int = DiaryLimits.defaultMaxImages) throws {
        _ = try normalized(maxImages: maxImages)
    }

    /// The draft with its title trimmed (`nil` when empty) and its tags normalised, after ``validate(maxImages:)``.
    public func normalized(maxImages: Int = DiaryLimits.defaultMaxImages) throws -> DiaryDraft {
        var result = self
        try Self.checkMoment(content.moment, timeZone: content.timeZone)
        try Self.checkIntensity(content.intensity)
        result.title = try Self.normalizedTitle(content.title)
        try Self.checkText(content.text)
        if result.title == nil, content.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw KeepsakeError(.invalidArgument, "An entry needs a title or some text; both are empty.")
        }
        result.tags = try Self.normalizedTags(content.tags)
        guard images.count <= maxImages else {
            throw KeepsakeError(.limitExceeded, "An entry can hold at most \(maxImages) images; \(images.count) were given. Remove \(images.count - maxImages) and try again.")
        }
        return result
    }
}
