public import Foundation

/// A calendar day (proleptic Gregorian), written `yyyy-MM-dd`: the day a diary entry belongs to in
/// its own time zone, the date of a ledger transaction.
///
/// A day is pure arithmetic on whole days (Howard Hinnant's `days_from_civil` and its inverse),
/// independent of any time zone, so stepping from day to day never trips over daylight-saving
/// changes; a time zone enters only where a day meets an instant (``init(containing:in:)``,
/// ``start(in:)``). Its string form is also its `Codable` form.
public struct CalendarDay: Sendable, Hashable, Comparable, TextCodable, CustomStringConvertible {
    /// The year (1...9999 for days made from text or from parts).
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31.
    public let day: Int

    /// A day from its parts; throws ``KeepsakeError/Code/invalidArgument`` for a day that does not
    /// exist (February 30th) or a year outside 1...9999.
    public init(year: Int, month: Int, day: Int) throws {
        let calendarMonth = try CalendarMonth(year: year, month: month)
        guard (1...calendarMonth.dayCount).contains(day) else {
            throw KeepsakeError(.invalidArgument, "\(calendarMonth) has \(calendarMonth.dayCount) days, so day \(day) does not exist.")
        }
        self.init(unchecked: year, month, day)
    }

    /// Parses `yyyy-MM-dd` (exactly four, two and two ASCII digits), such as `2026-11-29`.
    ///
    /// - Throws: ``KeepsakeError/Code/invalidArgument`` for any other form ("… is not a date") or a
    ///   day that does not exist ("… is not a valid date").
    public init(parsing text: String) throws {
        let bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || isDigit($0.element) })
        else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not a date: write the day as yyyy-MM-dd, for example 2026-11-29.")
        }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        do {
            try self.init(year: number(0..<4), month: number(5..<7), day: number(8..<10))
        } catch let error as KeepsakeError {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not a valid date: \(error.message)")
        }
    }

    /// The day that contains `date` in `timeZone` (the device's by default): 23:30 in Seoul on the
    /// 29th is the 29th, although it is the 29th's 14:30 in UTC, and 00:30 in Seoul on the 30th is
    /// the 30th. "Today" is `CalendarDay(containing: Date())`.
    public init(containing date: Date, in timeZone: TimeZone = .current) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        // Clamped so that absurd dates (±1e300 seconds, NaN) cannot trap; real dates are far inside.
        let days = (local / 86_400).rounded(.down)
        self.init(daysSince1970: days.isNaN ? 0 : Int(Swift.min(Swift.max(days, -1e9), 1e9)))
    }

    /// The day `days` days after 1970-01-01 (before it when negative).
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

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
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

    /// The string form, `yyyy-MM-dd`.
    public var string: String { calendarMonth.string + "-" + day.zeroPadded(2) }
    /// Same as ``string``.
    public var description: String { string }

    /// The month this day is in.
    public var calendarMonth: CalendarMonth { CalendarMonth(unchecked: year, month) }

    /// The ISO 8601 weekday: 1 is Monday, 7 is Sunday.
    public var weekday: Int { ((daysSince1970 % 7) + 7 + 3) % 7 + 1 }

    /// The Monday that starts this day's ISO 8601 week.
    public var startOfWeek: CalendarDay { adding(days: 1 - weekday) }

    /// The first day of this day's month.
    public var startOfMonth: CalendarDay { CalendarDay(unchecked: year, month, 1) }

    /// This day's ISO 8601 week as `2026-W48`: the week-numbering year (the year of the week's
    /// Thursday, which may differ from this day's near New Year) and the week, 01 to 53.
    public var isoWeekString: String {
        let thursday = startOfWeek.adding(days: 3)
        let januaryFirst = CalendarDay(unchecked: thursday.year, 1, 1)
        let week = (thursday.daysSince1970 - januaryFirst.daysSince1970) / 7 + 1
        return thursday.year.zeroPadded(4) + "-W" + week.zeroPadded(2)
    }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDay { CalendarDay(daysSince1970: daysSince1970 + days) }

    /// The first instant of this day in `timeZone` (local midnight, or the first instant after it on
    /// a day whose midnight a daylight-saving change skips).
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

    /// Earlier days first.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
