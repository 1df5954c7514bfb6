import Foundation
public import KeepsakeStore

/// A calendar month, written `yyyy-MM`: the unit of ledger lists and reports. It is the engine's
/// ``CalendarMonth`` (one month type for every app).
public typealias LedgerMonth = CalendarMonth

extension CalendarMonth {
    /// The record dates of this month: from its first midnight (inclusive) to the next month's
    /// first midnight (exclusive), in UTC like ``CalendarDay/startDate``.
    var dateRange: (from: Date, until: Date) {
        (firstDay.startDate, lastDay.adding(days: 1).startDate)
    }
}
