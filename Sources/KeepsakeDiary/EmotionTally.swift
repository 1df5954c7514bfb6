/// Entries summed up by emotion and intensity: what a chart of a period (``DiaryStatistics``) or of a
/// weekday (``DiaryWeekdayEmotions``) shows. `Codable` writes its three figures and the derived
/// ``averageIntensity`` (`null` without entries) for readers of the JSON; decoding ignores the average.
public struct EmotionTally: Sendable, Hashable, Codable {
    /// How many entries count in it.
    public var entryCount: Int
    /// Entries per emotion (emotions without entries are absent).
    public var emotionCounts: [Emotion: Int]
    /// The sum of the entries' intensities.
    public var totalIntensity: Int

    /// Creates a tally (empty by default).
    public init(entryCount: Int = 0, emotionCounts: [Emotion: Int] = [:], totalIntensity: Int = 0) {
        self.entryCount = entryCount
        self.emotionCounts = emotionCounts
        self.totalIntensity = totalIntensity
    }

    /// Counts one more entry.
    public mutating func add(_ entry: DiaryEntry) {
        entryCount += 1
        emotionCounts[entry.emotion, default: 0] += 1
        totalIntensity += entry.intensity
    }

    /// The average intensity, `nil` without entries.
    public var averageIntensity: Double? {
        entryCount == 0 ? nil : Double(totalIntensity) / Double(entryCount)
    }

    /// The number of entries that feel `emotion`.
    public func count(of emotion: Emotion) -> Int { emotionCounts[emotion] ?? 0 }

    enum CodingKeys: String, CodingKey {
        case entryCount, emotionCounts, totalIntensity, averageIntensity
    }

    /// Decodes the three figures (the average is derived, not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entryCount: try container.decode(Int.self, forKey: .entryCount),
                  emotionCounts: try container.decode([Emotion: Int].self, forKey: .emotionCounts),
                  totalIntensity: try container.decode(Int.self, forKey: .totalIntensity))
    }

    /// Encodes the three figures and the average intensity.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entryCount, forKey: .entryCount)
        try container.encode(emotionCounts, forKey: .emotionCounts)
        try container.encode(totalIntensity, forKey: .totalIntensity)
        try container.encode(averageIntensity, forKey: .averageIntensity)
    }
}

/// A value whose figures are an ``EmotionTally``: its figures read (and change) through ``tally``.
public protocol EmotionTallied {
    /// The entries' figures.
    var tally: EmotionTally { get set }
}

extension EmotionTallied {
    /// How many entries count in it.
    public var entryCount: Int {
        get { tally.entryCount }
        set { tally.entryCount = newValue }
    }

    /// Entries per emotion (emotions without entries are absent).
    public var emotionCounts: [Emotion: Int] {
        get { tally.emotionCounts }
        set { tally.emotionCounts = newValue }
    }

    /// The sum of the entries' intensities.
    public var totalIntensity: Int {
        get { tally.totalIntensity }
        set { tally.totalIntensity = newValue }
    }

    /// The average intensity, `nil` without entries.
    public var averageIntensity: Double? { tally.averageIntensity }

    /// The number of entries that feel `emotion`.
    public func count(of emotion: Emotion) -> Int { tally.count(of: emotion) }
}
