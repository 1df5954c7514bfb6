import Foundation
public import KeepsakeStore

extension Diary {
    /// Statistics that answer questions, over the days `from ..< until` (the end is not included;
    /// `nil` leaves that side open): each tag's entries by emotion ("often together"), the longest
    /// streak of days written and the current one, and the emotions by ISO weekday.
    ///
    /// An entry counts on its own day in its own time zone (``DiaryContent/day``), like the calendar:
    /// 23:30 in Seoul on the 29th is on the 29th, wherever the reader is. Only live entries the
    /// diary's caller may read count; the trash never does.
    ///
    /// `today` is passed in (the day of now in the reader's time zone), never read from the clock:
    /// the current streak is the run of days written that ends on `today`, or on the day before
    /// when `today` has no entry yet, so a streak is still current on a day not yet written. Days
    /// after `today` never extend it. A `from` equal to `until` is an empty range (no figures).
    ///
    /// Throws ``KeepsakeError/Code/invalidArgument`` if `until` is before `from`.
    public func insights(from: DiaryDay? = nil, until: DiaryDay? = nil, today: DiaryDay) throws -> DiaryInsights {
        if let from, let until, until < from {
            throw KeepsakeError(.invalidArgument, "The range must not end before it starts; \(until) is before \(from).")
        }
        var entries: [DiaryEntry] = []
        if from == nil || from != until {
            // Moments are bounded generously (time zones reach from UTC−12 to UTC+14), then each
            // entry is kept or dropped by its own day.
            let utc = TimeZone(identifier: "UTC")!
            var query = RecordQuery(collection: Self.collection)
            query.descending = false
            query.dateFrom = from.map { $0.adding(days: -1).start(in: utc) }
            query.dateUntil = until.map { $0.adding(days: 1).start(in: utc) }
            entries = try allRecords(query).map(DiaryEntry.init(record:)).filter { entry in
                let day = entry.day
                return (from.map { day >= $0 } ?? true) && (until.map { day < $0 } ?? true)
            }
        }
        return Self.insights(of: entries, from: from, until: until, today: today)
    }

    /// The insights of `entries` (already narrowed to the range).
    static func insights(of entries: [DiaryEntry], from: DiaryDay?, until: DiaryDay?, today: DiaryDay) -> DiaryInsights {
        var emotions: [Emotion: Int] = [:]
        var tags: [String: (count: Int, emotions: [Emotion: Int])] = [:]
        var weekdays: [Int: EmotionTally] = [:]
        var days = Set<DiaryDay>()
        for entry in entries {
            let day = entry.day
            days.insert(day)
            emotions[entry.emotion, default: 0] += 1
            for tag in Set(entry.tags) {
                tags[tag, default: (0, [:])].count += 1
                tags[tag, default: (0, [:])].emotions[entry.emotion, default: 0] += 1
            }
            weekdays[day.weekday, default: EmotionTally()].add(entry)
        }
        let tagTallies = tags.map { DiaryTagEmotions(tag: $0.key, entryCount: $0.value.count, emotionCounts: $0.value.emotions) }
            .sorted { $0.entryCount != $1.entryCount ? $0.entryCount > $1.entryCount : $0.tag < $1.tag }
        let weekdayTallies = (1...7).map { DiaryWeekdayEmotions(weekday: $0, tally: weekdays[$0] ?? EmotionTally()) }
        return DiaryInsights(from: from, until: until, today: today, entryCount: entries.count, dayCount: days.count, emotionCounts: emotions,
                             tags: tagTallies, longestStreak: longestStreak(of: days), currentStreak: currentStreak(of: days, today: today),
                             weekdays: weekdayTallies)
    }

    /// The longest run of consecutive days in `days`; of equally long runs, the latest.
    static func longestStreak(of days: Set<DiaryDay>) -> DiaryStreak? {
        var longest: DiaryStreak?
        var start: DiaryDay?
        var previous: DiaryDay?
        for day in days.sorted() {
            if let last = previous, last.adding(days: 1) == day {
                previous = day
            } else {
                start = day
                previous = day
            }
            let run = DiaryStreak(firstDay: start!, lastDay: day)
            if run.length >= (longest?.length ?? 0) { longest = run }
        }
        return longest
    }

    /// The run of `days` ending on `today`, or on yesterday when `today` is not in `days`.
    static func currentStreak(of days: Set<DiaryDay>, today: DiaryDay) -> DiaryStreak? {
        let last = days.contains(today) ? today : today.adding(days: -1)
        guard days.contains(last) else { return nil }
        var first = last
        while days.contains(first.adding(days: -1)) { first = first.adding(days: -1) }
        return DiaryStreak(firstDay: first, lastDay: last)
    }
}
