/// The limits a diary entry is checked against (see docs/DIARY.md).
public enum DiaryLimits {
    /// Allowed intensities of an emotion: 1 (faint) to 5 (overwhelming).
    public static let intensity: ClosedRange<Int> = 1...5
    /// Longest title, in characters (after trimming).
    public static let maxTitleLength = 100
    /// Longest text, in characters.
    public static let maxTextLength = 50_000
    /// Longest tag, in characters (after normalising).
    public static let maxTagLength = 30
    /// Most tags on one entry (after removing duplicates).
    public static let maxTags = 20
    /// Default for the most images on one entry; ``Diary/init(store:maxImages:)`` can change it.
    public static let defaultMaxImages = 10
    /// Years an entry's day may fall in.
    public static let years: ClosedRange<Int> = 1...9999
}
