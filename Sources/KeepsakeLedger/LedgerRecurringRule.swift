public import Foundation
public import KeepsakeStore

/// A recurring transaction: a template (kind, amount, category, memo) and a schedule from a start
/// day, until an optional end day or for an optional count of occurrences, whichever comes first.
///
/// A rule is a record of the `ledger-recurring` collection kept in a ledger book, next to the
/// transactions it makes there: it follows that book's roles (a viewer reads it, an editor or
/// owner changes it).
public struct LedgerRecurringRule: Sendable, Hashable, Codable, Identifiable, LedgerRecurringTermsHolder {
    /// The record id.
    public var id: RecordID
    /// The template of each occurrence (kind, amount, category, memo) and the schedule, start,
    /// end and count; read as `rule.amount` and so on (``LedgerRecurringTermsHolder``).
    public var terms: LedgerRecurringTerms
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
        var cursor = terms.start
        let last = terms.end.map { Swift.min($0, through) } ?? through
        while let day = terms.schedule.next(onOrAfter: cursor), day <= last {
            number += 1
            if let count = terms.count, number > count { break }
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
        var cursor = terms.start
        while let day = terms.schedule.next(onOrAfter: cursor) {
            number += 1
            if let count = terms.count, number > count { return nil }
            if let end = terms.end, day > end { return nil }
            if day >= from { return day }
            cursor = day.adding(days: 1)
        }
        return nil
    }
}

extension LedgerRecurringRule {
    enum CodingKeys: String, CodingKey {
        case id, createdThrough, book, author, createdAt, updatedAt, version
    }

    /// Decodes a rule, its terms' fields from beside its own.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(RecordID.self, forKey: .id), terms: try LedgerRecurringTerms(from: decoder),
                  createdThrough: try container.decodeIfPresent(LedgerDay.self, forKey: .createdThrough),
                  book: try container.decodeIfPresent(BookID.self, forKey: .book), author: try container.decodeIfPresent(AccountID.self, forKey: .author),
                  createdAt: try container.decode(Date.self, forKey: .createdAt), updatedAt: try container.decode(Date.self, forKey: .updatedAt),
                  version: try container.decode(Int64.self, forKey: .version))
    }

    /// Encodes a rule, its terms' fields beside its own.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try terms.encode(to: encoder)
        try container.encodeIfPresent(createdThrough, forKey: .createdThrough)
        try container.encodeIfPresent(book, forKey: .book)
        try container.encodeIfPresent(author, forKey: .author)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(version, forKey: .version)
    }
}
