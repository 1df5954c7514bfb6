public import Foundation
public import KeepsakeStore

/// The date of a transaction: a calendar day, written `yyyy-MM-dd`. It is the engine's
/// ``CalendarDay`` (one day type for every app).
///
/// A transaction happens on a day, not at an instant: `2025-03-14` means the same day wherever
/// the ledger is opened. The day is stored as text; the record's date (used for sorting and month
/// ranges) is that day's midnight in UTC, see ``CalendarDay/startDate``.
public typealias LedgerDay = CalendarDay

extension CalendarDay {
    /// Midnight at the start of this day in UTC: the record date the ledger stores and sorts by.
    public var startDate: Date { Date(timeIntervalSince1970: TimeInterval(daysSince1970) * 86_400) }

    /// The month this day is in (the ledger's name for ``CalendarDay/calendarMonth``).
    public var ledgerMonth: LedgerMonth { calendarMonth }
}
