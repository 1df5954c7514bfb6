/// The length of the periods ``Diary/statistics(from:to:per:timeZone:)`` groups entries by.
public enum DiaryStatisticsPeriod: String, Sendable, Hashable, Codable, CaseIterable {
    /// ISO 8601 weeks: Monday 00:00 to the next Monday 00:00, labelled like `2026-W48`.
    case week
    /// Calendar months, labelled like `2026-11`.
    case month
}
