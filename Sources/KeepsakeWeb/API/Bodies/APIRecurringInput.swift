import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// The body of `POST /api/v1/ledger/recurring`: a new recurring rule.
struct APIRecurringInput: APIRequestBody {
    static let noun = "recurring rule"
    static let multipartField = "rule"
    static var schema: JSONValue {
        guard case .object(var fields) = JSONSchema.object(required: ["frequency", "start", "amount", "currency", "category"], properties) else { return [:] }
        fields["anyOf"] = APIMoney.decimalsRule(patch: false)
        // Each frequency with the numbers it needs.
        fields["oneOf"] = .array([("monthly", ["day"]), ("weekly", ["weekday"]), ("yearly", ["month", "day"])].map { frequency, needs in
            ["required": .array(needs.map { .string($0) }), "properties": ["frequency": ["enum": [.string(frequency)]]]]
        })
        return .object(fields)
    }

    /// The fields of a rule a client sends, with the ledger's limits.
    static var properties: [String: JSONValue] {
        ["kind": JSONSchema.string(values: TransactionKind.allCases.map(\.rawValue), description: "Default expense."),
         "amount": APIMoney.amountSchema,
         "currency": APIMoney.currencySchema,
         "category": JSONSchema.string(pattern: APIText.line(required: true, maxLength: Ledger.maxCategoryLength)),
         "memo": JSONSchema.string(maxLength: Ledger.maxMemoLength, pattern: APIText.lines),
         "frequency": JSONSchema.string(values: ["monthly", "weekly", "yearly"]),
         "day": JSONSchema.integer(1...31, description: "monthly and yearly: the day; 29 to 31 fall on the last day of shorter months (29 February on 28 February in common years)."),
         "weekday": JSONSchema.integer(1...7, description: "weekly: the ISO weekday, 1 Monday to 7 Sunday."),
         "month": JSONSchema.integer(1...12, description: "yearly: the month."),
         "start": APIDays.schema(),
         "end": JSONSchema.described(APIDays.schema(), "The last day an occurrence may fall on (not before start)."),
         "count": JSONSchema.integer(1...Ledger.maxRecurringCount, description: "How many occurrences at most, counted from start."),
         "book": JSONSchema.described(JSONSchema.uuid, "The ledger book to keep the rule in, which its occurrences go into too: one the caller may write. Default: the caller's default ledger book, made on first use. A book the caller cannot read is 404, one it may only read 403, a book that is not a ledger book 400.")]
    }

    var frequency, start, amount, currency, category: String
    var kind, memo, end, book: String?
    var day, weekday, month, count: Int?

    /// The draft the ledger checks (``Ledger/createRecurring(_:)``).
    func draft() throws -> LedgerRecurringDraft {
        let schedule = try LedgerRecurringSchedule(frequency: frequency, day: day, weekday: weekday, month: month)
        return LedgerRecurringDraft(kind: try kind.map { try TransactionKind(parsing: $0) } ?? .expense,
                                    amount: try Money(parsing: amount, currency: try Currency(code: currency)), category: category, memo: memo ?? "",
                                    schedule: schedule, start: try LedgerDay(parsing: start), end: try end.map { try LedgerDay(parsing: $0) },
                                    count: count, book: try APIBookChoice.book(book))
    }

    /// The ledger's sentences come first (day 32, an end before the start, too many decimals).
    func precheck() throws {
        let draft = try draft()
        try draft.schedule.check()
        if let end = draft.end, end < draft.start {
            throw KeepsakeError(.invalidArgument, "The rule ends on \(end), before it starts on \(draft.start); give an end day on or after the start.")
        }
        if let count = draft.count, count < 1 {
            throw KeepsakeError(.invalidArgument, "A rule makes 1 to \(Ledger.maxRecurringCount) occurrences; \(count) was asked for (leave the count out for no limit).")
        }
    }
}
