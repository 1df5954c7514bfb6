import KeepsakeStore

extension Diary {
    /// The days of `year` with entries, each with its entry count, its emotions, its dominant
    /// emotion (the calendar's rule) and the total of its intensities (see
    /// ``DiaryYearInPixels``). Entries count on their own day in their own time zone.
    ///
    /// By the date index and without reading an entry: the store counts the year's entries by day
    /// and emotion (``Store/tally(_:)``) over the year's instants widened by 26 hours on each side
    /// for the time zones, and the days outside the year are dropped.
    ///
    /// Throws ``KeepsakeError/Code/invalidArgument`` for a year outside 1...9999.
    public func yearInPixels(_ year: Int) throws -> DiaryYearInPixels {
        guard CalendarMonth.years.contains(year) else {
            throw KeepsakeError(.invalidArgument, "\(year) is not a year the diary keeps; give one from \(CalendarMonth.years.lowerBound) to \(CalendarMonth.years.upperBound).")
        }
        let first = try DiaryDay(year: year, month: 1, day: 1), last = try DiaryDay(year: year, month: 12, day: 31)
        return DiaryYearInPixels(year: year, days: try tallyDays(from: first, through: last))
    }

    /// The days from `first` through `last` with entries, as calendar days, from one tally of the
    /// entries by day and emotion.
    func tallyDays(from first: DiaryDay, through last: DiaryDay) throws -> [DiaryCalendarDay] {
        let window = Self.widened(from: first, through: last)
        let request = FieldTallyRequest(collection: Self.collection, dateFrom: window.start, dateUntil: window.end,
                                        keys: [DiaryField.day, DiaryField.emotion], summing: DiaryField.intensity, books: books)
        var byDay: [DiaryDay: [Emotion: (count: Int, intensity: Int)]] = [:]
        for group in try store.tally(request) {
            guard case .string(let dayText)? = group.values[0], case .string(let emotionName)? = group.values[1] else {
                throw KeepsakeError(.database, "A diary entry has no day or no emotion as text; it was changed outside the Diary app: list the year's entries to find it, then fix it or move it to the trash.")
            }
            guard let emotion = Emotion(rawValue: emotionName) else {
                throw KeepsakeError(.database, "A diary entry has the unknown emotion \(KeepsakeError.quoted(emotionName)); it was changed outside the Diary app: list the year's entries to find it, then fix it or move it to the trash.")
            }
            guard let day = try? DiaryDay(dayText) else {
                throw KeepsakeError(.database, "A diary entry has \(KeepsakeError.quoted(dayText)) as its day, not a yyyy-MM-dd day; it was changed outside the Diary app: list the year's entries to find it, then fix it or move it to the trash.")
            }
            guard day >= first, day <= last else { continue }
            byDay[day, default: [:]][emotion] = (group.count, Int(group.sum))
        }
        return byDay.keys.sorted().map { day in
            let tally = byDay[day]!
            return DiaryCalendarDay(day: day, count: tally.values.reduce(0) { $0 + $1.count }, dominantEmotion: Self.dominantEmotion(of: tally)!,
                                    emotionCounts: tally.mapValues(\.count), totalIntensity: tally.values.reduce(0) { $0 + $1.intensity })
        }
    }
}
