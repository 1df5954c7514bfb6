public import Foundation

/// A calendar month (proleptic Gregorian), written `yyyy-MM`: the unit of ledger lists and
/// reports, of the diary's calendar and of its monthly statistics.
///
/// Like ``CalendarDay`` it is pure arithmetic; a time zone enters only where it meets instants
/// (``start(in:)``, ``end(in:)``). Its string form is also its `Codable` form.
public struct CalendarMonth: Sendable, Hashable, Comparable, TextCodable, CustomStringConvertible {
    /// The years a month can be made in from text or parts.
    public static let years = 1...9999

    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 (January) to 12 (December).
    public let month: Int

    /// A month from its parts.
    ///
    /// - Throws: ``KeepsakeError/Code/invalidArgument`` for a year outside 1...9999 or a month
    ///   outside 1...12.
    public init(year: Int, month: Int) throws {
        guard Self.years.contains(year) else {
            throw KeepsakeError(.invalidArgument, "The year \(year) is out of range: use a year from 1 to 9999.")
        }
        guard (1...12).contains(month) else {
            throw KeepsakeError(.invalidArgument, "The month \(month) is out of range: use 1 (January) to 12 (December).")
        }
        self.init(unchecked: year, month)
    }

    /// Parses `yyyy-MM` (exactly four and two ASCII digits), such as `2026-11`.
    ///
    /// - Throws: ``KeepsakeError/Code/invalidArgument`` for any other form or a month that does not exist.
    public init(parsing text: String) throws {
        let bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
              bytes.enumerated().allSatisfy({ $0.offset == 4 || isDigit($0.element) }),
              let month = try? CalendarMonth(year: Int(text.prefix(4))!, month: Int(text.suffix(2))!)
        else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not a month: write it as yyyy-MM, for example 2026-11.")
        }
        self = month
    }

    /// The month that contains `date` in `timeZone` (the device's by default).
    public init(containing date: Date, in timeZone: TimeZone = .current) {
        self = CalendarDay(containing: date, in: timeZone).calendarMonth
    }

    init(unchecked year: Int, _ month: Int) {
        self.year = year
        self.month = month
    }

    /// `yyyy-MM`.
    public var string: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) }
    /// Same as ``string``.
    public var description: String { string }

    /// How many days the month has (28 to 31).
    public var dayCount: Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The first day of the month.
    public var firstDay: CalendarDay { CalendarDay(unchecked: year, month, 1) }
    /// The last day of the month.
    public var lastDay: CalendarDay { CalendarDay(unchecked: year, month, dayCount) }
    /// Every day of the month, in order.
    public var days: [CalendarDay] { (1...dayCount).map { CalendarDay(unchecked: year, month, $0) } }

    /// The month `months` months later (earlier when negative); `nil` outside the years 1...9999.
    public func adding(months: Int) -> CalendarMonth? {
        let index = year * 12 + (month - 1) + months
        let (newYear, newMonth) = index.quotientAndRemainder(dividingBy: 12)
        return try? CalendarMonth(year: newYear, month: newMonth + 1)
    }

    /// The month after this one (`nil` after 9999-12).
    public var next: CalendarMonth? { adding(months: 1) }
    /// The month before this one (`nil` before 0001-01).
    public var previous: CalendarMonth? { adding(months: -1) }

    /// The first instant of the month in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date { firstDay.start(in: timeZone) }
    /// The first instant after the month in `timeZone` (the start of the next month's first day).
    public func end(in timeZone: TimeZone) -> Date { lastDay.adding(days: 1).start(in: timeZone) }

    /// Earlier months first.
    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}
