/// The entries of one earlier year on the calendar day asked for ("on this day").
public struct DiaryOnThisDay: Sendable, Hashable, Codable {
    /// The earlier day whose entries these are: the same month and day as the day asked for (asked
    /// on 28 February of a common year: 28 February if it has entries, else 29 February; the
    /// entries of both are in ``entries`` — see ``Diary/onThisDay(_:)``).
    public var day: DiaryDay
    /// How many years before the asked day's year (1 for last year).
    public var yearsAgo: Int
    /// The live entries of ``day``, oldest first (at least one).
    public var entries: [DiaryEntry]

    /// Creates one year's group.
    public init(day: DiaryDay, yearsAgo: Int, entries: [DiaryEntry]) {
        self.day = day
        self.yearsAgo = yearsAgo
        self.entries = entries
    }
}
