public import Foundation

/// The entries of one period (a week or a month) summed up for a chart.
///
/// Its figures (``EmotionTallied/entryCount``, ``EmotionTallied/emotionCounts``,
/// ``EmotionTallied/totalIntensity``, ``EmotionTallied/averageIntensity``) are its ``tally``'s;
/// `Codable` writes them beside the period's fields, in one object, with the average intensity as
/// ``EmotionTally`` writes it (`null` for an empty period).
public struct DiaryStatistics: Sendable, Hashable, Codable, EmotionTallied {
    /// The period's label: `2026-W48` for an ISO week, `2026-11` for a month.
    public var label: String
    /// The period's first day (a Monday for weeks, the 1st for months).
    public var firstDay: DiaryDay
    /// The first instant of the period in the time zone asked for.
    public var start: Date
    /// The first instant after the period.
    public var end: Date
    /// The period's entries, summed up.
    public var tally: EmotionTally

    /// Creates a period summary.
    public init(label: String, firstDay: DiaryDay, start: Date, end: Date, entryCount: Int, emotionCounts: [Emotion: Int], totalIntensity: Int) {
        self.init(label: label, firstDay: firstDay, start: start, end: end,
                  tally: EmotionTally(entryCount: entryCount, emotionCounts: emotionCounts, totalIntensity: totalIntensity))
    }

    /// Creates a period summary from its tally.
    public init(label: String, firstDay: DiaryDay, start: Date, end: Date, tally: EmotionTally) {
        self.label = label
        self.firstDay = firstDay
        self.start = start
        self.end = end
        self.tally = tally
    }

    enum CodingKeys: String, CodingKey {
        case label, firstDay, start, end
    }

    /// Decodes a period summary: its fields and its tally's, from one object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(label: try container.decode(String.self, forKey: .label), firstDay: try container.decode(DiaryDay.self, forKey: .firstDay),
                  start: try container.decode(Date.self, forKey: .start), end: try container.decode(Date.self, forKey: .end),
                  tally: try EmotionTally(from: decoder))
    }

    /// Encodes the period's fields and its tally's into one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encode(firstDay, forKey: .firstDay)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try tally.encode(to: encoder)
    }
}
