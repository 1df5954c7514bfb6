public import Foundation
public import KeepsakeStore

/// A recurring transaction: a template (kind, amount, category, memo) and a schedule from a start
/// day, until an optional end day or for an optional count of occurrences, whichever comes first.
///
/// A rule is a record of the `ledger-recurring` collection kept in a ledger book, next to the
/// transactions it makes there: it follows that book's roles (a viewer reads it, an editor or
/// owner changes it).
public struct LedgerRecurringRule: Sendable, Hashable, Codable, Identifiable {
    /// The record id.
    public var id: RecordID
    /// Expense or income.
    public var kind: TransactionKind
    /// The amount of each occurrence, greater than zero.
    public var amount: Money
    /// The category of each occurrence.
    public var category: String
    /// The memo of each occurrence (may be empty).
    public var memo: String
    /// When it happens.
    public var schedule: LedgerRecurringSchedule
    /// The first day an occurrence may fall on.
    public var start: LedgerDay
    /// The last day an occurrence may fall on, if any.
    public var end: LedgerDay?
    /// How many occurrences there are at most, if limited.
    public var count: Int?
    /// The last day through which occurrences were made: a day up to it is never made again (so
    /// an occurrence the person deleted, even purged from the trash, does not come back).
    public var createdThrough: LedgerDay?
    /// The ledger book the rule is in, which its occurrences are made in too.
    public var book: BookID?
    /// The account that made the rule (its occurrences are made in its name).
    public var author: AccountID?
    /// When the rule was made.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Incremented by every change.
    public var version: Int64

    /// The days of the rule's occurrences from `from` through `through` (both included), oldest
    /// first, honouring the start, the end day and the count.
    public func occurrences(from: LedgerDay? = nil, through: LedgerDay) -> [LedgerDay] {
        var days: [LedgerDay] = []
        var number = 0
        var cursor = start
        let last = end.map { Swift.min($0, through) } ?? through
        while let day = schedule.next(onOrAfter: cursor), day <= last {
            number += 1
            if let count, number > count { break }
            if from.map({ day >= $0 }) ?? true { days.append(day) }
            cursor = day.adding(days: 1)
        }
        return days
    }

    /// The first occurrence after ``createdThrough`` (on or after `today` when later), or `nil`
    /// when the rule has ended.
    public func nextDay(onOrAfter today: LedgerDay) -> LedgerDay? {
        var from = today
        if let createdThrough, createdThrough >= from { from = createdThrough.adding(days: 1) }
        var number = 0
        var cursor = start
        while let day = schedule.next(onOrAfter: cursor) {
            number += 1
            if let count, number > count { return nil }
            if let end, day > end { return nil }
            if day >= from { return day }
            cursor = day.adding(days: 1)
        }
        return nil
    }
}
