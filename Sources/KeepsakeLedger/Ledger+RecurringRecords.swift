import Foundation
public import KeepsakeStore

extension Ledger {
    /// The record field names a recurring rule is stored under.
    enum RecurringField {
        static let kind = "kind"
        static let amount = "amount"
        static let currency = "currency"
        static let category = "category"
        static let memo = "memo"
        static let frequency = "frequency"
        static let day = "day"
        static let weekday = "weekday"
        static let month = "month"
        static let start = "start"
        static let end = "end"
        static let count = "count"
        static let createdThrough = "createdThrough"
    }

    /// The record fields of a rule (without its progress), after checking every value.
    static func recurringFields(_ terms: LedgerRecurringTerms) throws -> [String: FieldValue] {
        let (kind, amount, schedule, start, end, count) = (terms.kind, terms.amount, terms.schedule, terms.start, terms.end, terms.count)
        try checkAmount(amount)
        let category = try checkedCategory(terms.category)
        let memo = try checkedMemo(terms.memo)
        try schedule.check()
        if let end, end < start {
            throw KeepsakeError(.invalidArgument, "The rule ends on \(end), before it starts on \(start); give an end day on or after the start.")
        }
        if let count, !(1...maxRecurringCount).contains(count) {
            throw KeepsakeError(.invalidArgument, "A rule makes 1 to \(maxRecurringCount) occurrences; \(count) was asked for (leave the count out for no limit).")
        }
        var fields: [String: FieldValue] = [
            RecurringField.kind: .string(kind.rawValue),
            RecurringField.amount: .integer(amount.minorUnits),
            RecurringField.currency: .string(amount.currency.code),
            RecurringField.category: .string(category),
            RecurringField.memo: .string(memo),
            RecurringField.frequency: .string(schedule.frequency),
            RecurringField.start: .string(start.string),
        ]
        switch schedule {
        case .monthly(let day): fields[RecurringField.day] = .integer(Int64(day))
        case .weekly(let weekday): fields[RecurringField.weekday] = .integer(Int64(weekday))
        case .yearly(let month, let day):
            fields[RecurringField.month] = .integer(Int64(month))
            fields[RecurringField.day] = .integer(Int64(day))
        }
        if let end { fields[RecurringField.end] = .string(end.string) }
        if let count { fields[RecurringField.count] = .integer(Int64(count)) }
        return fields
    }

    /// Reads a recurring rule back from its record, checking every field.
    ///
    /// - Throws: ``KeepsakeError`` `.incompatibleStore` when the record is not a valid rule.
    public static func recurringRule(from record: Record) throws -> LedgerRecurringRule {
        func invalid(_ reason: String) -> KeepsakeError {
            KeepsakeError(.incompatibleStore, "Record \(record.id) in \(recurringCollection) is not a valid recurring rule: \(reason). It may have been written by a newer version of Keepsake or changed outside the ledger.")
        }
        guard record.collection == recurringCollection else {
            throw KeepsakeError(.notFound, "Record \(record.id) is not a recurring rule.")
        }
        func text(_ field: String) throws -> String {
            guard let value = record.fields[field]?.stringValue else { throw invalid("its \(field) field is missing or not text") }
            return value
        }
        func number(_ field: String) -> Int? { record.fields[field]?.integerValue.map { Int($0) } }
        do {
            guard let kind = TransactionKind(rawValue: try text(RecurringField.kind)) else { throw invalid("its kind is neither expense nor income") }
            guard let minorUnits = record.fields[RecurringField.amount]?.integerValue else { throw invalid("its amount is missing or not a whole number") }
            let amount = Money(minorUnits: minorUnits, currency: try Currency(code: try text(RecurringField.currency)))
            let schedule = try LedgerRecurringSchedule(frequency: try text(RecurringField.frequency), day: number(RecurringField.day),
                                                       weekday: number(RecurringField.weekday), month: number(RecurringField.month))
            let start = try LedgerDay(parsing: try text(RecurringField.start))
            let end = try record.fields[RecurringField.end]?.stringValue.map(LedgerDay.init(parsing:))
            let count = number(RecurringField.count)
            let terms = LedgerRecurringTerms(kind: kind, amount: amount, category: try checkedCategory(try text(RecurringField.category)),
                                             memo: try checkedMemo(try text(RecurringField.memo)), schedule: schedule, start: start, end: end, count: count)
            _ = try recurringFields(terms)
            return LedgerRecurringRule(
                id: record.id, terms: terms,
                createdThrough: try record.fields[RecurringField.createdThrough]?.stringValue.map(LedgerDay.init(parsing:)),
                book: record.book, author: record.author,
                createdAt: record.createdAt, updatedAt: record.updatedAt, version: record.version)
        } catch let error as KeepsakeError where error.code == .invalidArgument {
            throw invalid(error.message)
        }
    }
}
