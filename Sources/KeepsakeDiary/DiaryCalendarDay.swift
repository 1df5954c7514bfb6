/// One day of a month calendar that has entries: how many, and which emotion dominated.
public struct DiaryCalendarDay: Sendable, Hashable, Codable {
    /// The day.
    public var day: DiaryDay
    /// How many live entries it has (at least 1).
    public var count: Int
    /// The most frequent emotion of the day; ties go to the higher total intensity, then to the
    /// emotion listed first in ``Emotion/allCases``.
    public var dominantEmotion: Emotion
    /// Entries per emotion (emotions without entries are absent).
    public var emotionCounts: [Emotion: Int]

    /// Creates a calendar day.
    public init(day: DiaryDay, count: Int, dominantEmotion: Emotion, emotionCounts: [Emotion: Int]) {
        self.day = day
        self.count = count
        self.dominantEmotion = dominantEmotion
        self.emotionCounts = emotionCounts
    }
}
