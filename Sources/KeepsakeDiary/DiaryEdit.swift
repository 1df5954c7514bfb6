public import Foundation

/// The changes to make to an entry's words and feelings; `nil` leaves a field as it is.
///
/// Photos are changed with the per-image operations of ``Diary`` instead.
public struct DiaryEdit: Sendable, Hashable {
    /// A new moment (the day and month follow it).
    public var moment: Date?
    /// A new time zone (the day and month follow it).
    public var timeZone: TimeZone?
    /// A new emotion.
    public var emotion: Emotion?
    /// A new intensity, 1...5.
    public var intensity: Int?
    /// A new title; an empty (or all-space) title removes it.
    public var title: String?
    /// A new text.
    public var text: String?
    /// New tags, replacing the old ones (normalised as ``DiaryDraft/normalizedTags(_:)`` says).
    public var tags: [String]?

    /// Creates an edit; pass only what changes.
    public init(moment: Date? = nil, timeZone: TimeZone? = nil, emotion: Emotion? = nil, intensity: Int? = nil,
                title: String? = nil, text: String? = nil, tags: [String]? = nil) {
        (self.moment, self.timeZone, self.emotion, self.intensity) = (moment, timeZone, emotion, intensity)
        (self.title, self.text, self.tags) = (title, text, tags)
    }

    /// Whether the edit changes nothing.
    public var isEmpty: Bool {
        moment == nil && timeZone == nil && emotion == nil && intensity == nil && title == nil && text == nil && tags == nil
    }
}
