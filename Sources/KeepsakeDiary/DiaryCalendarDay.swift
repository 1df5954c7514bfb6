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
    /// The sum of the day's intensities (1 to 5 each).
    public var totalIntensity: Int

    /// The mean intensity of the day's entries, 1.0 to 5.0.
    public var averageIntensity: Double { Double(totalIntensity) / Double(max(count, 1)) }

    /// Creates a calendar day.
    public init(day: DiaryDay, count: Int, dominantEmotion: Emotion, emotionCounts: [Emotion: Int], totalIntensity: Int) {
        self.day = day
        self.count = count
        self.dominantEmotion = dominantEmotion
        self.emotionCounts = emotionCounts
        self.totalIntensity = totalIntensity
    }
}
