/// A year of days, each with the emotion it is coloured by ("a year in pixels"): the days with
/// entries only, in order; a day absent from ``days`` had no entry and is drawn blank.
public struct DiaryYearInPixels: Sendable, Hashable, Codable {
    /// The calendar year.
    public var year: Int
    /// The days of the year that have live entries, in order. Each day's colour is its
    /// ``DiaryCalendarDay/dominantEmotion`` (the calendar's rule: the most frequent emotion; ties
    /// go to the higher total intensity, then to the emotion listed first), and its shade the
    /// average intensity of its entries (``DiaryCalendarDay/averageIntensity``).
    public var days: [DiaryCalendarDay]

    /// Creates a year.
    public init(year: Int, days: [DiaryCalendarDay]) {
        self.year = year
        self.days = days
    }
}
