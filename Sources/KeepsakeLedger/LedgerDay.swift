public import Foundation
import KeepsakeStore

/// A calendar day (proleptic Gregorian), the date of a transaction, written `yyyy-MM-dd`.
///
/// A transaction happens on a day, not at an instant: `2025-03-14` means the same day wherever
/// the ledger is opened. The day is stored as text; the record's date (used for sorting and month
/// ranges) is that day's midnight in UTC, see ``startDate``.
public struct LedgerDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 28...31.
    public let day: Int

    /// A day from its parts.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` when the day does not exist (`2025-02-29`).
    public init(year: Int, month: Int, day: Int) throws {
        guard (1...9999).contains(year) else {
            throw KeepsakeError(.invalidArgument, "The year \(year) is out of range: use a year from 1 to 9999.")
        }
        guard (1...12).contains(month) else {
            throw KeepsakeError(.invalidArgument, "The month \(month) is out of range: use 1 to 12.")
        }
        let length = Self.daysInMonth(year: year, month: month)
        guard (1...length).contains(day) else {
            throw KeepsakeError(.invalidArgument, "\(zeroPadded(year, 4) + "-" + zeroPadded(month, 2)) has \(length) days, so day \(day) does not exist.")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `yyyy-MM-dd` (exactly four, two and two digits), such as `2025-03-14`.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for any other form or a day that does not exist.
    public init(parsing text: String) throws {
        let bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || isDigit($0.element) })
        else {
            throw KeepsakeError(.invalidArgument, "\(Currency.quoted(text)) is not a date: write the day as yyyy-MM-dd, for example 2025-03-14.")
        }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        do {
            try self.init(year: number(0..<4), month: number(5..<7), day: number(8..<10))
        } catch let error as KeepsakeError {
            throw KeepsakeError(.invalidArgument, "\(Currency.quoted(text)) is not a valid date: \(error.message)")
        }
    }

    /// The day that contains `date` in `timeZone` (the device's by default): "today" is
    /// `LedgerDay(containing: Date())`.
    public init(containing date: Date, in timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = min(max(parts.year ?? 1970, 1), 9999)
        let month = parts.month ?? 1
        // Clamped values always form a real day.
        self = (try? LedgerDay(year: year, month: month, day: parts.day ?? 1)) ?? LedgerDay(unchecked: year, month, 1)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `yyyy-MM-dd`.
    public var string: String { zeroPadded(year, 4) + "-" + zeroPadded(month, 2) + "-" + zeroPadded(day, 2) }

    /// `yyyy-MM-dd`.
    public var description: String { string }

    /// The month this day is in.
    public var ledgerMonth: LedgerMonth { LedgerMonth(uncheckedYear: year, month: month) }

    /// Midnight at the start of this day in UTC: the record date the ledger stores and sorts by.
    public var startDate: Date { Date(timeIntervalSince1970: TimeInterval(daysSinceEpoch * 86_400)) }

    /// Days from 1970-01-01 (negative before it), computed with integers only.
    var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Orders days chronologically.
    public static func < (lhs: LedgerDay, rhs: LedgerDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes `yyyy-MM-dd`.
    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as `yyyy-MM-dd`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }

    static func isLeapYear(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
