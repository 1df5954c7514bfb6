/// Entries summed up by emotion and intensity: what a chart of a period (``DiaryStatistics``) or of a
/// weekday (``DiaryWeekdayEmotions``) shows. `Codable` as its three stored figures.
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
