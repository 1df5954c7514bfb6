import Foundation
import KeepsakeStore

/// A calendar month, written `yyyy-MM`: the unit of ledger lists and reports.
public struct LedgerMonth: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int

    /// A month from its parts.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a year outside 1...9999 or a month outside 1...12.
    public init(year: Int, month: Int) throws {
        _ = try LedgerDay(year: year, month: month, day: 1)
        self.year = year
        self.month = month
    }

    init(uncheckedYear year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// Parses `yyyy-MM`, such as `2025-03`.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for any other form.
    public init(parsing text: String) throws {
        do {
            let day = try LedgerDay(parsing: text + "-01")
            self.init(uncheckedYear: day.year, month: day.month)
        } catch {
            throw KeepsakeError(.invalidArgument, "\(Currency.quoted(text)) is not a month: write it as yyyy-MM, for example 2025-03.")
        }
    }

    /// The first day of the month.
    public var firstDay: LedgerDay {
        // A checked month always has a first day.
        (try? LedgerDay(year: year, month: month, day: 1))!
    }

    /// The month after this one (`nil` after 9999-12).
    public var next: LedgerMonth? {
        month == 12 ? (year < 9999 ? LedgerMonth(uncheckedYear: year + 1, month: 1) : nil) : LedgerMonth(uncheckedYear: year, month: month + 1)
    }

    /// The record dates of this month: from its first midnight (inclusive) to the next month's
    /// first midnight (exclusive), in UTC like ``LedgerDay/startDate``.
    var dateRange: (from: Date, until: Date) {
        let until = next?.firstDay.startDate ?? Date(timeIntervalSince1970: TimeInterval((firstDay.daysSinceEpoch + 31) * 86_400))
        return (firstDay.startDate, until)
    }

    /// `yyyy-MM`.
    public var string: String { zeroPadded(year, 4) + "-" + zeroPadded(month, 2) }

    /// `yyyy-MM`.
    public var description: String { string }

    /// Orders months chronologically.
    public static func < (lhs: LedgerMonth, rhs: LedgerMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

    /// Decodes `yyyy-MM`.
    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as `yyyy-MM`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
