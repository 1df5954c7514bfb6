import Foundation
public import KeepsakeStore

extension Diary {
    /// The most earlier years ``onThisDay(_:)`` returns.
    public static let maxOnThisDayYears = 100

    /// The entries written on the same calendar day as `day` in earlier years ("on this day"), the
    /// newest year first; years without such entries are left out. Each entry counts on its own day
    /// in its own time zone, as in the calendar.
    ///
    /// 29 February: asked on 29 February, the earlier 29 Februaries (leap years only); asked on
    /// 28 February of a common year, the earlier 28 Februaries **and** 29 Februaries, so a leap
    /// day's entries come back every year, on the last day of February.
    ///
    /// By the date index: each year costs one range query over that day (widened by 26 hours on each
    /// side for the time zones, then narrowed to the day), and from a year without such entries one
    /// more query jumps straight to the year of the next older entry, so years without any entry
    /// cost nothing. At most ``maxOnThisDayYears`` years are returned.
    public func onThisDay(_ day: DiaryDay) throws -> [DiaryOnThisDay] {
        var groups: [DiaryOnThisDay] = []
        var year = day.year - 1
        while year >= CalendarMonth.years.lowerBound, groups.count < Self.maxOnThisDayYears {
            let days = Self.sameDays(as: day, in: year)
            guard let first = days.first, let last = days.last else { year -= 1; continue }
            let window = Self.widened(from: first, through: last)
            let wanted = Set(days)
            var query = RecordQuery(collection: Self.collection)
            query.descending = false
            query.dateFrom = window.start
            query.dateUntil = window.end
            let entries = try allRecords(query).map(DiaryEntry.init(record:)).filter { wanted.contains($0.day) }
            if let shown = days.first(where: { candidate in entries.contains { $0.day == candidate } }) {
                groups.append(DiaryOnThisDay(day: shown, yearsAgo: day.year - year, entries: entries))
                year -= 1
                continue
            }
            // None that year: the next year that can have such entries is the year of the newest
            // entry before this year's window (years without any entry cost no query of their own).
            var before = RecordQuery(collection: Self.collection)
            before.dateUntil = window.start
            before.limit = 1
            guard let older = try page(before).entries.first else { break }
            year = min(year - 1, older.day.year)
        }
        return groups
    }

    /// The days of `year` that count as the same day as `day`: the same month and day; none when
    /// that day does not exist in `year` (29 February of a common year); and 28 February asked in a
    /// common year also takes 29 February of a leap `year`.
    static func sameDays(as day: DiaryDay, in year: Int) -> [DiaryDay] {
        var days: [DiaryDay] = []
        if let same = try? DiaryDay(year: year, month: day.month, day: day.day) { days.append(same) }
        let askedInCommonYear = (try? DiaryDay(year: day.year, month: 2, day: 29)) == nil
        if day.month == 2, day.day == 28, askedInCommonYear, let leap = try? DiaryDay(year: year, month: 2, day: 29) {
            days.append(leap)
        }
        return days
    }

    /// The instants in which an entry of a day from `first` through `last` can lie, whatever its
    /// time zone: the days in UTC, widened by 26 hours on each side (UTC offsets run from -12 to
    /// +14 hours today; local mean times before standard time went to about ±16).
    static func widened(from first: DiaryDay, through last: DiaryDay) -> (start: Date, end: Date) {
        let utc = TimeZone(secondsFromGMT: 0)!
        let margin: TimeInterval = 26 * 3600
        return (first.start(in: utc) - margin, last.adding(days: 1).start(in: utc) + margin)
    }
}
