/// The entries written on one ISO weekday (by each entry's own day), summed up.
///
/// Its figures are its ``tally``'s (``EmotionTallied``). `Codable` writes them beside the weekday,
/// with the derived ``EmotionTallied/averageIntensity`` (`null` without entries) for readers of the
/// JSON; decoding ignores the average.
public struct DiaryWeekdayEmotions: Sendable, Hashable, Codable, EmotionTallied {
    /// The ISO 8601 weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int
    /// The weekday's entries, summed up.
    public var tally: EmotionTally

    /// Creates a weekday's tally.
    public init(weekday: Int, entryCount: Int, emotionCounts: [Emotion: Int], totalIntensity: Int) {
        self.init(weekday: weekday, tally: EmotionTally(entryCount: entryCount, emotionCounts: emotionCounts, totalIntensity: totalIntensity))
    }

    /// Creates a weekday's summary from its tally.
    public init(weekday: Int, tally: EmotionTally) {
        self.weekday = weekday
        self.tally = tally
    }

    enum CodingKeys: String, CodingKey {
        case weekday, averageIntensity
    }

    /// Decodes a weekday's tally (the average is derived, not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(weekday: try container.decode(Int.self, forKey: .weekday), tally: try EmotionTally(from: decoder))
    }

    /// Encodes the weekday and its tally, with the average intensity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weekday, forKey: .weekday)
        try container.encode(averageIntensity, forKey: .averageIntensity)
        try tally.encode(to: encoder)
    }
}
