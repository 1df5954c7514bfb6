public import Foundation
import KeepsakeStore

extension Diary {
    /// The most periods one statistics call returns.
    public static let maxStatisticsPeriods = 1000

    /// Emotion counts and average intensity per week or month, for charts.
    ///
    /// The live entries whose moment is in `from ..< to` are grouped by the period their moment falls
    /// in as seen in `timeZone`: weeks are ISO 8601 weeks (Monday 00:00 to Monday 00:00), months are
    /// calendar months. Every period from the one containing `from` to the one containing the last
    /// instant before `to` is returned, in order, including empty ones (a chart's x axis has no
    /// gaps); the first and last may be only partly covered by the range.
    ///
    /// Throws ``KeepsakeError/Code/invalidArgument`` if `to` is not after `from`, and
    /// ``KeepsakeError/Code/limitExceeded`` for more than ``maxStatisticsPeriods`` periods.
    public func statistics(from: Date, to: Date, per period: DiaryStatisticsPeriod, timeZone: TimeZone) throws -> [DiaryStatistics] {
        guard from < to else {
            throw KeepsakeError(.invalidArgument, "The range must end after it starts; \(from) is not before \(to).")
        }
        let firstDay = DiaryDay(containing: from, in: timeZone)
        var lastDay = DiaryDay(containing: to, in: timeZone)
        if lastDay.start(in: timeZone) >= to { lastDay = lastDay.adding(days: -1) }
        let first = Self.periodStart(of: firstDay, period)
        let last = Self.periodStart(of: lastDay, period)
        var starts: [DiaryDay] = []
        var current = first
        while current <= last {
            guard starts.count < Self.maxStatisticsPeriods else {
                throw KeepsakeError(.limitExceeded, "The range spans more than \(Self.maxStatisticsPeriods) \(period.rawValue)s; ask for a shorter range or per month.")
            }
            starts.append(current)
            current = Self.nextPeriodStart(after: current, period)
        }

        var query = RecordQuery(collection: Self.collection)
        query.dateFrom = from
        query.dateUntil = to
        var tallies: [DiaryDay: EmotionTally] = [:]
        for record in try allRecords(query) {
            let entry = try DiaryEntry(record: record)
            let key = Self.periodStart(of: DiaryDay(containing: entry.moment, in: timeZone), period)
            tallies[key, default: EmotionTally()].add(entry)
        }
        return starts.map { start in
            DiaryStatistics(label: Self.label(of: start, period), firstDay: start, start: start.start(in: timeZone),
                            end: Self.nextPeriodStart(after: start, period).start(in: timeZone), tally: tallies[start] ?? EmotionTally())
        }
    }

    static func periodStart(of day: DiaryDay, _ period: DiaryStatisticsPeriod) -> DiaryDay {
        switch period {
        case .week: day.startOfWeek
        case .month: day.startOfMonth
        }
    }

    static func nextPeriodStart(after start: DiaryDay, _ period: DiaryStatisticsPeriod) -> DiaryDay {
        switch period {
        case .week: start.adding(days: 7)
        case .month: start.startOfMonth.adding(days: start.calendarMonth.dayCount)
        }
    }

    /// `2026-W48` (ISO week-numbering year and week) or `2026-11`.
    static func label(of start: DiaryDay, _ period: DiaryStatisticsPeriod) -> String {
        switch period {
        case .month: start.calendarMonth.string
        case .week: start.isoWeekString
        }
    }
}
