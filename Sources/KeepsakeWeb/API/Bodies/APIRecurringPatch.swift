import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// The body of `PATCH /api/v1/ledger/recurring/{id}`: the template, schedule, start, end or count
/// to change (`currency` only with `amount`; `frequency` with the numbers it needs, as on
/// creation); `end: null` or `count: null` removes the limit.
struct APIRecurringPatch: APIRequestBody {
    static let noun = "recurring rule"
    static let multipartField = "rule"
    static var schema: JSONValue {
        let names = ["kind", "amount", "currency", "category", "memo", "frequency", "day", "weekday", "month", "start", "end", "count"]
        var properties = APIRecurringInput.properties.filter { names.contains($0.key) }
        for limit in ["end", "count"] { properties[limit] = properties[limit].map(JSONSchema.nullable) }
        guard case .object(var fields) = JSONSchema.object(required: [], properties,
                                                           description: "currency only together with amount; frequency with its day, weekday or month; end or count null removes it.") else { return [:] }
        fields["dependentRequired"] = ["currency": ["amount"], "amount": ["currency"], "day": ["frequency"], "weekday": ["frequency"], "month": ["frequency"]]
        // A new schedule comes whole, with the numbers its frequency needs (as on creation).
        let schedules: [JSONValue] = [("monthly", ["day"]), ("weekly", ["weekday"]), ("yearly", ["month", "day"])].map { frequency, needs in
            ["required": .array((["frequency"] + needs).map { .string($0) }), "properties": ["frequency": ["enum": [.string(frequency)]]]]
        }
        fields["allOf"] = [["anyOf": APIMoney.decimalsRule(patch: true)], ["anyOf": .array([["not": ["required": ["frequency"]]]] + schedules)]]
        return .object(fields)
    }

    /// The change, for ``Ledger/updateRecurring(_:_:expectedVersion:)``.
    let edit: LedgerRecurringEdit

    private enum Field: String, CodingKey { case kind, amount, currency, category, memo, frequency, day, weekday, month, start, end, count }

    /// Reads the fields present; `end` or `count` present as `null` removes that limit.
    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        var edit = LedgerRecurringEdit(kind: try fields.decodeIfPresent(String.self, forKey: .kind).map { try TransactionKind(parsing: $0) },
                                       category: try fields.decodeIfPresent(String.self, forKey: .category),
                                       memo: try fields.decodeIfPresent(String.self, forKey: .memo),
                                       start: try fields.decodeIfPresent(String.self, forKey: .start).map { try LedgerDay(parsing: $0) },
                                       end: try fields.decodeIfPresent(String.self, forKey: .end).map { try LedgerDay(parsing: $0) },
                                       count: try fields.decodeIfPresent(Int.self, forKey: .count))
        edit.removeEnd = fields.contains(.end) && edit.end == nil
        edit.removeCount = fields.contains(.count) && edit.count == nil
        let amount = try fields.decodeIfPresent(String.self, forKey: .amount), currency = try fields.decodeIfPresent(String.self, forKey: .currency)
        if let amount, let currency {
            edit.amount = try Money(parsing: amount, currency: try Currency(code: currency))
        } else if amount != nil || currency != nil {
            throw KeepsakeError(.invalidArgument, "Change the amount together with its currency (send both).")
        }
        let day = try fields.decodeIfPresent(Int.self, forKey: .day), weekday = try fields.decodeIfPresent(Int.self, forKey: .weekday)
        let month = try fields.decodeIfPresent(Int.self, forKey: .month)
        if let frequency = try fields.decodeIfPresent(String.self, forKey: .frequency) {
            let schedule = try LedgerRecurringSchedule(frequency: frequency, day: day, weekday: weekday, month: month)
            try schedule.check()
            edit.schedule = schedule
        } else if day != nil || weekday != nil || month != nil {
            throw KeepsakeError(.invalidArgument, "Change the schedule whole: send frequency with its day, weekday or month.")
        }
        self.edit = edit
    }
}
