/// The entries written on one ISO weekday (by each entry's own day), summed up.
///
/// `Codable` also writes the derived ``averageIntensity`` (`null` without entries) for readers of
/// the JSON; decoding ignores it.
public struct DiaryWeekdayEmotions: Sendable, Hashable, Codable {
    /// The ISO 8601 weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int
    /// How many entries fall on this weekday.
    public var entryCount: Int
    /// Entries per emotion (emotions without entries are absent).
    public var emotionCounts: [Emotion: Int]
    /// The sum of the entries' intensities.
    public var totalIntensity: Int

    /// The average intensity, `nil` for a weekday without entries.
    public var averageIntensity: Double? {
        entryCount == 0 ? nil : Double(totalIntensity) / Double(entryCount)
    }

    /// The number of the weekday's entries that feel `emotion`.
    public func count(of emotion: Emotion) -> Int { emotionCounts[emotion] ?? 0 }

    /// Creates a weekday's tally.
    public init(weekday: Int, entryCount: Int, emotionCounts: [Emotion: Int], totalIntensity: Int) {
        self.weekday = weekday
        self.entryCount = entryCount
        self.emotionCounts = emotionCounts
        self.totalIntensity = totalIntensity
    }

    enum CodingKeys: String, CodingKey {
        case weekday, entryCount, emotionCounts, totalIntensity, averageIntensity
    }

    /// Decodes a weekday's tally (the average is derived, not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(weekday: try container.decode(Int.self, forKey: .weekday), entryCount: try container.decode(Int.self, forKey: .entryCount),
                  emotionCounts: try container.decode([Emotion: Int].self, forKey: .emotionCounts),
                  totalIntensity: try container.decode(Int.self, forKey: .totalIntensity))
    }

    /// Encodes the tally with its average intensity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weekday, forKey: .weekday)
        try container.encode(entryCount, forKey: .entryCount)
        try container.encode(emotionCounts, forKey: .emotionCounts)
        try container.encode(totalIntensity, forKey: .totalIntensity)
        try container.encode(averageIntensity, forKey: .averageIntensity)
    }
}
