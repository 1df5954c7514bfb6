/// The entries written on one ISO weekday (by each entry's own day), summed up.
///
/// Its figures are its ``tally``'s (``EmotionTallied``); `Codable` writes them beside the weekday, in
/// one object, with the average intensity as ``EmotionTally`` writes it.
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
        case weekday
    }

    /// Decodes the weekday and its tally, from one object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(weekday: try container.decode(Int.self, forKey: .weekday), tally: try EmotionTally(from: decoder))
    }

    /// Encodes the weekday and its tally (with the average intensity) into one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weekday, forKey: .weekday)
        try tally.encode(to: encoder)
    }
}
