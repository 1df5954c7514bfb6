public import KeepsakeStore

extension Diary {
    /// The days of a month that have live entries, in order, each with its entry count and dominant
    /// emotion (most frequent; ties go to the higher total intensity, then to the emotion listed first
    /// in ``Emotion/allCases``). Entries count on their own day in their own time zone. By the date
    /// index, without reading an entry (see ``yearInPixels(_:)``).
    public func calendar(of month: CalendarMonth) throws -> [DiaryCalendarDay] {
        try tallyDays(from: month.firstDay, through: month.lastDay)
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
        return dominantEmotion(of: tally)
    }

    /// The dominant emotion of a day's tally (entries and total intensity per emotion), by the rule
    /// of ``dominantEmotion(of:)-swift.type.method``; `nil` for an empty tally.
    static func dominantEmotion(of tally: [Emotion: (count: Int, intensity: Int)]) -> Emotion? {
        tally.min { a, b in
            if a.value.count != b.value.count { return a.value.count > b.value.count }
            if a.value.intensity != b.value.intensity { return a.value.intensity > b.value.intensity }
            return a.key < b.key
        }?.key
    }
}
