public import KeepsakeStore

/// A run of consecutive days that each have at least one live diary entry (each entry on its own
/// day in its own time zone).
public struct DiaryStreak: Sendable, Hashable, Codable {
    /// The run's first day.
    public var firstDay: DiaryDay
    /// The run's last day.
    public var lastDay: DiaryDay
    /// How many days the run has (`lastDay` − `firstDay` + 1).
    public var length: Int

    /// A streak from `firstDay` to `lastDay`, both included.
    public init(firstDay: DiaryDay, lastDay: DiaryDay) {
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.length = lastDay.daysSince1970 - firstDay.daysSince1970 + 1
    }
}
