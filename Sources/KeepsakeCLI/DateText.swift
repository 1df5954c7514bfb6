import Foundation
import KeepsakeStore

/// Dates as the CLI shows and reads them: ISO 8601 in the user's time zone.
enum DateText {
    /// `2026-11-29T14:03:00+09:00` in `timeZone` (the user's by default).
    static func format(_ date: Date, timeZone: TimeZone = .current) -> String {
        var style = Date.ISO8601FormatStyle(timeZone: timeZone)
        style = style.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .colon)
        return date.formatted(style)
    }

    /// `2026-11-29` in `timeZone`.
    static func formatDay(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// Parses `2026-11-29`, `2026-11-29T14:03`, `2026-11-29T14:03:00` (in `timeZone`) or a full
    /// ISO 8601 date with offset. Throws a usage error naming the accepted forms.
    static func parse(_ text: String, timeZone: TimeZone = .current) throws -> Date {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let pattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/
        if let match = text.wholeMatch(of: pattern) {
            var parts = DateComponents()
            parts.year = Int(match.1)
            parts.month = Int(match.2)
            parts.day = Int(match.3)
            parts.hour = match.4.flatMap { Int($0) } ?? 0
            parts.minute = match.5.flatMap { Int($0) } ?? 0
            parts.second = match.6.flatMap { Int($0) } ?? 0
            if let month = parts.month, let day = parts.day, let hour = parts.hour, let minute = parts.minute, let second = parts.second,
               (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60,
               let date = calendar.date(from: parts), calendar.component(.day, from: date) == day {
                return date
            }
        }
        throw UsageError(description: "\(KeepsakeError.quoted(text)) is not a date: use YYYY-MM-DD, YYYY-MM-DDTHH:MM or a full ISO 8601 date such as 2026-11-29T14:03:00+09:00.")
    }

    /// The end of a range given as `text`, excluded from the range: a bare day (`2026-11-30`) means
    /// "up to and including that day", so its end is the next day's midnight in `timeZone`; any other
    /// form is the instant it names.
    static func parseEnd(_ text: String, timeZone: TimeZone = .current) throws -> Date {
        let start = try parse(text, timeZone: timeZone)
        guard text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil else { return start }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(byAdding: .day, value: 1, to: start) ?? start
    }
}
