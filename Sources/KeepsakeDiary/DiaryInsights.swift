public import KeepsakeStore

/// Statistics that answer questions about a range of diary days (``Diary/insights(from:until:today:)``):
/// which emotions come with which tags, the streaks of days written, and the emotions by weekday.
///
/// Every figure counts the live entries whose own day (``DiaryContent/day``: the date of the moment in
/// the time zone the entry was written in) is in the range.
public struct DiaryInsights: Sendable, Hashable, Codable {
    /// The range's first day; `nil` when it is open at the start.
    public var from: DiaryDay?
    /// The first day after the range (not included); `nil` when it is open at the end.
    public var until: DiaryDay?
    /// The day the current streak is measured against.
    public var today: DiaryDay
    /// How many entries count.
    public var entryCount: Int
    /// On how many different days they were written.
    public var dayCount: Int
    /// Entries per emotion over the whole range (emotions without entries are absent).
    public var emotionCounts: [Emotion: Int]
    /// Each tag's entries by emotion, the most used tag first (ties in tag order); entries without
    /// tags are in no tag.
    public var tags: [DiaryTagEmotions]
    /// The longest run of consecutive days written (of equally long runs, the latest); `nil` when
    /// no entry counts.
    public var longestStreak: DiaryStreak?
    /// The run that ends today, or yesterday when today has no entry yet (a streak stays current
    /// through a day not yet written); `nil` when neither day has an entry in the range.
    public var currentStreak: DiaryStreak?
    /// Monday to Sunday, always seven, empty weekdays too.
    public var weekdays: [DiaryWeekdayEmotions]

    /// Creates the insights (``Diary`` computes them; this is for previews and tests).
    public init(from: DiaryDay?, until: DiaryDay?, today: DiaryDay, entryCount: Int, dayCount: Int, emotionCounts: [Emotion: Int],
                tags: [DiaryTagEmotions], longestStreak: DiaryStreak?, currentStreak: DiaryStreak?, weekdays: [DiaryWeekdayEmotions]) {
        self.from = from
        self.until = until
        self.today = today
        self.entryCount = entryCount
        self.dayCount = dayCount
        self.emotionCounts = emotionCounts
        self.tags = tags
        self.longestStreak = longestStreak
        self.currentStreak = currentStreak
        self.weekdays = weekdays
    }

    /// The tally of `weekday` (1 is Monday, 7 is Sunday).
    public func weekday(_ weekday: Int) -> DiaryWeekdayEmotions? {
        weekdays.first { $0.weekday == weekday }
    }

    /// The tally of `tag`, if any counted entry carries it.
    public func tag(_ tag: String) -> DiaryTagEmotions? {
        tags.first { $0.tag == tag }
    }
}
