import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// A recurring ledger rule as the API answers it (docs/LEDGER.md, Recurring transactions).
struct APIRecurringRule: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "version", "kind", "amount", "currency", "minorUnits", "category", "memo", "frequency", "day", "weekday",
                                     "month", "start", "end", "count", "createdThrough", "nextDay", "book", "author", "createdAt", "updatedAt"], [
            "id": JSONSchema.uuid, "version": JSONSchema.integer(),
            "kind": JSONSchema.string(values: TransactionKind.allCases.map(\.rawValue)),
            "amount": JSONSchema.string(description: "A decimal amount in the currency's units, such as 12.50 or 12000."),
            "currency": JSONSchema.string(), "minorUnits": JSONSchema.integer(), "category": JSONSchema.string(), "memo": JSONSchema.string(),
            "frequency": JSONSchema.string(values: ["monthly", "weekly", "yearly"]),
            "day": JSONSchema.nullable(JSONSchema.integer(1...31, description: "Monthly and yearly: the day (the month's last day when it is shorter).")),
            "weekday": JSONSchema.nullable(JSONSchema.integer(1...7, description: "Weekly: the ISO weekday, 1 Monday to 7 Sunday.")),
            "month": JSONSchema.nullable(JSONSchema.integer(1...12, description: "Yearly: the month.")),
            "start": JSONSchema.day, "end": JSONSchema.nullable(JSONSchema.day), "count": JSONSchema.nullable(JSONSchema.integer()),
            "createdThrough": JSONSchema.nullable(JSONSchema.described(JSONSchema.day, "Occurrences up to this day are made (and never made again).")),
            "nextDay": JSONSchema.nullable(JSONSchema.described(JSONSchema.day, "The next occurrence not made yet, from today in the server's time zone; null when the rule has ended.")),
            "book": JSONSchema.nullable(JSONSchema.described(JSONSchema.uuid, "The ledger book the rule is in; its occurrences go into it too.")),
            "author": JSONSchema.nullable(JSONSchema.uuid),
            "createdAt": JSONSchema.timestamp, "updatedAt": JSONSchema.timestamp,
        ])
    }

    let id: String
    let version: Int64
    let kind, amount, currency: String
    let minorUnits: Int64
    let category, memo, frequency: String
    @APINull var day: Int?
    @APINull var weekday: Int?
    @APINull var month: Int?
    let start: String
    @APINull var end: String?
    @APINull var count: Int?
    @APINull var createdThrough: String?
    @APINull var nextDay: String?
    @APINull var book: String?
    @APINull var author: String?
    let createdAt, updatedAt: Date
}

extension APIRecurringRule {
    /// `rule`, with its next day from `today`.
    init(_ rule: LedgerRecurringRule, today: LedgerDay) {
        var day: Int?, weekday: Int?, month: Int?
        switch rule.schedule {
        case .monthly(let value): day = value
        case .weekly(let value): weekday = value
        case .yearly(let months, let days):
            month = months
            day = days
        }
        self.init(id: rule.id.string, version: rule.version, kind: rule.kind.rawValue, amount: rule.amount.amountString,
                  currency: rule.amount.currency.code, minorUnits: rule.amount.minorUnits, category: rule.category, memo: rule.memo,
                  frequency: rule.schedule.frequency, day: day, weekday: weekday, month: month, start: rule.start.string,
                  end: rule.end?.string, count: rule.count, createdThrough: rule.createdThrough?.string,
                  nextDay: rule.nextDay(onOrAfter: today)?.string, book: rule.book?.string,
                  author: rule.author?.string, createdAt: rule.createdAt, updatedAt: rule.updatedAt)
    }
}
