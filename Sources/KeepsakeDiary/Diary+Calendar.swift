public import KeepsakeStore

extension Diary {
    /// The days of a month that have live entries, in order, each with its entry count and dominant
    /// emotion (most frequent; ties go to the higher total intensity, then to the emotion listed first
    /// in ``Emotion/allCases``). Entries count on their own day in their own time zone.
    public func calendar(of month: CalendarMonth) throws -> [DiaryCalendarDay] {
        let entries = try entries(in: month)
        let byDay = Dictionary(grouping: entries, by: \.day)
        return byDay.keys.sorted().map { day in
            let dayEntries = byDay[day]!
            return DiaryCalendarDay(day: day, count: dayEntries.count, dominantEmotion: Self.dominantEmotion(of: dayEntries)!,
                                    emotionCounts: Dictionary(grouping: dayEntries, by: \.emotion).mapValues(\.count))
        }
    }

    /// The calendar of the month `year`-`month` (see ``calendar(of:)``); throws
    /// ``KeepsakeError/Code/invalidArgument`` for a month that does not exist.
    public func calendar(year: Int, month: Int) throws -> [DiaryCalendarDay] {
        try calendar(of: try CalendarMonth(year: year, month: month))
    }

    /// The most frequent emotion among `entries`; ties go to the higher total intensity, then to the
    /// emotion listed first. `nil` for no entries.
    public static func dominantEmotion(of entries: [DiaryEntry]) -> Emotion? {
        var tally: [Emotion: (count: Int, intensity: Int)] = [:]
        for entry in entries {
            tally[entry.emotion, default: (0, 0)].count += 1
            tally[entry.emotion, default: (0, 0)].intensity += entry.intensity
        }
        return tally.min { a, b in
            if a.value.count != b.value.count { return a.value.count > b.value.count }
            if a.value.intensity != b.value.intensity { return a.value.intensity > b.value.intensity }
            return a.key < b.key
        }?.key
    }
}
