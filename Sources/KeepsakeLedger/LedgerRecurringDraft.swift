import Foundation
public import KeepsakeStore

/// What a new recurring rule is made of; ``Ledger/createRecurring(_:)`` checks every field.
public struct LedgerRecurringDraft: Sendable, LedgerRecurringTermsHolder {
    /// The template of each occurrence (kind, amount, category, memo) and the schedule, start,
    /// end and count; read as `draft.amount` and so on (``LedgerRecurringTermsHolder``).
    public var terms: LedgerRecurringTerms
    /// The ledger book to keep the rule in, which its occurrences go into too (one the caller
    /// writes); the caller's default ledger book when `nil`.
    public var book: BookID?

    /// Creates a draft.
    public init(kind: TransactionKind, amount: Money, category: String, memo: String = "", schedule: LedgerRecurringSchedule,
                start: LedgerDay, end: LedgerDay? = nil, count: Int? = nil, book: BookID? = nil) {
        terms = LedgerRecurringTerms(kind: kind, amount: amount, category: category, memo: memo, schedule: schedule,
                                     start: start, end: end, count: count)
        self.book = book
    }
}

extension LedgerRecurringDraft {
    /// A draft from a form's text as a person types it: the amount as a decimal in `currencyCode`
    /// (parsed exactly: more decimals than the currency has are refused), the start and end as
    /// `YYYY-MM-DD`, the schedule's numbers as text (empty: not given).
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` naming the field that cannot be read.
    public init(kind: TransactionKind, amount amountText: String, currencyCode: String, category: String, memo: String,
                frequency: String, day: String, weekday: String, month: String, start: String, end: String, count: String,
                book: BookID? = nil) throws {
        func parsedDay(_ text: String) throws -> LedgerDay? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : try LedgerDay(parsing: trimmed)
        }
        let currency = try Currency(code: currencyCode.trimmingCharacters(in: .whitespaces).uppercased())
        let schedule = try LedgerRecurringSchedule(typedFrequency: frequency, day: day, weekday: weekday, month: month)
        guard let startDay = try parsedDay(start) else {
            throw KeepsakeError(.invalidArgument, "Give the rule's start day as YYYY-MM-DD.")
        }
        self.init(kind: kind, amount: try Money(parsing: amountText, currency: currency), category: category, memo: memo,
                  schedule: schedule, start: startDay, end: try parsedDay(end), count: try LedgerRecurringSchedule.whole(count, "count"),
                  book: book)
    }
}
