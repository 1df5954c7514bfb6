public import Foundation

/// The entries of one period (a week or a month) summed up for a chart.
public struct DiaryStatistics: Sendable, Hashable, Codable {
    /// The period's label: `2026-W48` for an ISO week, `2026-11` for a month.
    public var label: String
    /// The period's first day (a Monday for weeks, the 1st for months).
    public var firstDay: DiaryDay
    /// The first instant of the period in the time zone asked for.
    public var start: Date
    /// The first instant after the period.
    public var end: Date
    /// How many entries count in it.
    public var entryCount: Int
    /// Entries per emotion (emotions without entries are absent).
    public var emotionCounts: [Emotion: Int]
    /// The sum of the entries' intensities.
    public var totalIntensity: Int

    /// The average intensity, `nil` for a period without entries.
    public var averageIntensity: Double? {
        entryCount == 0 ? nil : Double(totalIntensity) / Double(entryCount)
    }

    /// The number of entries that feel `emotion`.
    public func count(of emotion: Emotion) -> Int { emotionCounts[emotion] ?? 0 }

    /// Creates a period summary.
    public init(label: String, firstDay: DiaryDay, start: Date, end: Date, entryCount: Int, emotionCounts: [Emotion: Int], totalIntensity: Int) {
        self.label = label
        self.firstDay = firstDay
        self.start = start
        self.end = end
        self.entryCount = entryCount
        self.emotionCounts = emotionCounts
        self.totalIntensity = totalIntensity
    }
}
