/// One tag's entries by emotion ("often together"): how many entries carry the tag, and how many of
/// them feel each emotion, so that a reader sees "7 of the 10 'work' entries were tiredness".
public struct DiaryTagEmotions: Sendable, Hashable, Codable {
    /// The (normalised) tag.
    public var tag: String
    /// How many entries carry the tag.
    public var entryCount: Int
    /// Of those, the entries per emotion (emotions without entries are absent); the counts add up
    /// to ``entryCount``.
    public var emotionCounts: [Emotion: Int]

    /// The number of the tag's entries that feel `emotion`.
    public func count(of emotion: Emotion) -> Int { emotionCounts[emotion] ?? 0 }

    /// The share (0...1) of the tag's entries that feel `emotion`; 0 for a tag without entries.
    public func share(of emotion: Emotion) -> Double {
        entryCount == 0 ? 0 : Double(count(of: emotion)) / Double(entryCount)
    }

    /// Creates a tag's tally.
    public init(tag: String, entryCount: Int, emotionCounts: [Emotion: Int]) {
        self.tag = tag
        self.entryCount = entryCount
        self.emotionCounts = emotionCounts
    }
}
