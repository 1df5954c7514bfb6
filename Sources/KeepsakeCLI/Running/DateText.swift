import Foundation
import KeepsakeStore

/// Dates as the CLI shows and reads them: ISO 8601 in the user's time zone.
enum DateText {
    /// `2026-11-29T14:03:00+09:00` in `timeZone`.
    static func format(_ date: Date, timeZone: TimeZone) -> String {
        var style = Date.ISO8601FormatStyle(timeZone: timeZone)
        style = style.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .colon)
        return date.formatted(style)
    }

    /// Parses `2026-11-29`, `2026-11-29T14:03`, `2026-11-29T14:03:00` (in `timeZone`) or a full
    /// ISO 8601 date with offset. Throws a usage error naming the accepted forms.
    static func parse(_ text: String, timeZone: TimeZone) throws -> Date {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let pattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/
        if let match = text.wholeMatch(of: pattern), let day = try? CalendarDay(parsing: "\(match.1)-\(match.2)-\(match.3)") {
            let hour = match.4.flatMap { Int($0) } ?? 0, minute = match.5.flatMap { Int($0) } ?? 0, second = match.6.flatMap { Int($0) } ?? 0
            if hour < 24, minute < 60, second < 60,
               let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)) {
                return date
            }
        }
        throw UsageError(description: "\(KeepsakeError.quoted(text)) is not a date: use YYYY-MM-DD, YYYY-MM-DDTHH:MM or a full ISO 8601 date such as 2026-11-29T14:03:00+09:00.")
    }

    /// The end of a range given as `text`, excluded from the range: a bare day (`2026-11-30`) means
    /// "up to and including that day", so its end is the next day's midnight in `timeZone`; any other
    /// form is the instant it names.
    static func parseEnd(_ text: String, timeZone: TimeZone) throws -> Date {
        let start = try parse(text, timeZone: timeZone)
        guard let day = try? CalendarDay(parsing: text) else { return start }
        return day.adding(days: 1).start(in: timeZone)
    }
}
