public import Foundation
public import KeepsakeDiary

/// Choices for the diary importers.
public struct DiaryImportOptions: Sendable {
    /// The emotion of entries whose source has no mood (Day One; Journey entries without a
    /// sentiment). Default: calm.
    public var emotion: Emotion = .calm
    /// Its intensity. Default: 3.
    public var intensity: Int = 3
    /// Keep the place and the weather as fields of each entry (`location`, `latitude`, `longitude`,
    /// `weather`). Off by default: location is what Keepsake strips from photos.
    public var keepLocation = false
    /// The zone of entries whose source gives none (Daylio's CSV, a Journey entry without one), and
    /// the preferred name for a bare offset (a Daylio backup). Default: the user's.
    public var timeZone: TimeZone = .current
    /// How Daylio moods become emotions.
    public var moods: MoodTable = .default
    /// The most bytes unpacked from a zip export (a server taking uploads sets less).
    public var maxUnpackedBytes: Int64 = ExportFolder.defaultMaxUnpackedBytes

    /// The defaults.
    public init() {}
}
