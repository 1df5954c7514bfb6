public import Foundation
import KeepsakeStore

/// A calendar day (proleptic Gregorian): the day a diary entry belongs to in its own time zone.
///
/// Its string form is `yyyy-MM-dd` ("2026-11-29"), which is also how it is stored and how it is
/// encoded with `Codable`. Day arithmetic is done on whole days, independent of any time zone, so it
/// never trips over daylight-saving changes.
public struct DiaryDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year (1...9999 for days made from text or components).
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31.
    public let day: Int

    /// A day from its parts; throws ``KeepsakeError/Code/invalidArgument`` for a day that does not
    /// exist (February 30th) or a year outside 1...9999.
    public init(year: Int, month: Int, day: Int) throws {
        guard (1...9999).contains(year) else {
            throw KeepsakeError(.invalidArgument, "The year \(year) is out of range: use a year from 1 to 9999.")
        }
        guard (1...12).contains(month) else {
            throw KeepsakeError(.invalidArgument, "The month \(month) is out of range: use 1 (January) to 12 (December).")
        }
        let length = Self.daysInMonth(year: year, month: month)
        guard (1...length).contains(day) else {
            throw KeepsakeError(.invalidArgument, "\(Self.format(year, month)) has days 1 to \(length); \(day) is not one of them.")
        }
        self.init(unchecked: year, month, day)
    }

    /// Parses `yyyy-MM-dd` ("2026-11-29"); nothing else is accepted.
    public init(_ text: String) throws {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else {
            throw KeepsakeError(.invalidArgument, "\(Self.quoted(text)) is not a day: write it as yyyy-MM-dd, for example 2026-11-29.")
        }
        try self.init(year: year, month: month, day: day)
    }

    /// The day that contains `date` in `timeZone` (so 23:30 in Seoul on the 29th is the 29th, although
    /// it is still the 29th's 14:30 in UTC, and 00:30 in Seoul on the 30th is the 30th).
    public init(containing date: Date, in timeZone: TimeZone) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        // Clamped so that absurd dates (±1e300 seconds, NaN) cannot trap; real dates are far inside.
        let days = (local / 86_400).rounded(.down)
        self.init(daysSince1970: days.isNaN ? 0 : Int(min(max(days, -1e9), 1e9)))
    }

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The string form, `yyyy-MM-dd`.
    public var string: String { Self.format(year, month) + "-" + Self.pad(day, 2) }
    /// The month this day is in, `yyyy-MM` (how entries are grouped by month).
    public var monthString: String { Self.format(year, month) }
    /// Same as ``string``.
    public var description: String { string }

    /// The ISO 8601 weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int { ((daysSince1970 % 7) + 7 + 3) % 7 + 1 }

    /// The Monday that starts this day's ISO 8601 week.
    public var startOfWeek: DiaryDay { adding(days: 1 - weekday) }

    /// The first day of this day's month.
    public var startOfMonth: DiaryDay { DiaryDay(unchecked: year, month, 1) }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> DiaryDay { DiaryDay(daysSince1970: daysSince1970 + days) }

    /// The first instant of this day in `timeZone` (local midnight, or the first instant after it on a
    /// day whose midnight a daylight-saving change skips).
    public func start(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let noon = DateComponents(year: year, month: month, day: day, hour: 12)
        if let date = calendar.date(from: noon) {
            return calendar.startOfDay(for: date)
        }
        // Not reachable for real time zones; fall back to the fixed offset at noon UTC.
        let utcNoon = Date(timeIntervalSince1970: Double(daysSince1970) * 86_400 + 43_200)
        return Date(timeIntervalSince1970: Double(daysSince1970) * 86_400 - Double(timeZone.secondsFromGMT(for: utcNoon)))
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` days after 1970-01-01.
    public init(daysSince1970 days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days of a month (28 to 31).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Checks a year and month and returns the month key `yyyy-MM`.
    static func monthKey(year: Int, month: Int) throws -> String {
        try DiaryDay(year: year, month: month, day: 1).monthString
    }

    /// Earlier days first.
    public static func < (lhs: DiaryDay, rhs: DiaryDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes the `yyyy-MM-dd` string form.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(text)
        } catch let error as KeepsakeError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the `yyyy-MM-dd` string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }

    static func format(_ year: Int, _ month: Int) -> String { pad(year, 4) + "-" + pad(month, 2) }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Quotes user text for a message, shortened so a message stays one line.
    static func quoted(_ text: String) -> String {
        let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\"" + short + "\""
    }
}
