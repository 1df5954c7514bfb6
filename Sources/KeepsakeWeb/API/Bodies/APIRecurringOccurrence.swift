import KeepsakeLedger
import KeepsakeSupport

/// An upcoming occurrence of a recurring rule: not made yet.
struct APIRecurringOccurrence: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["day", "rule", "transactionId", "kind", "amount", "currency", "category"], [
            "day": JSONSchema.day, "rule": JSONSchema.described(JSONSchema.uuid, "The rule's id."),
            "transactionId": JSONSchema.described(JSONSchema.uuid, "The id the transaction will have (the same on every server)."),
            "kind": JSONSchema.string(values: TransactionKind.allCases.map(\.rawValue)), "amount": JSONSchema.string(),
            "currency": JSONSchema.string(), "category": JSONSchema.string(),
        ])
    }

    let day, rule, transactionId, kind, amount, currency, category: String
}

extension APIRecurringOccurrence {
    /// `occurrence`.
    init(_ occurrence: LedgerRecurringOccurrence) {
        let rule = occurrence.rule
        self.init(day: occurrence.day.string, rule: rule.id.string, transactionId: occurrence.transactionID.string, kind: rule.kind.rawValue,
                  amount: rule.amount.amountString, currency: rule.amount.currency.code, category: rule.category)
    }
}
