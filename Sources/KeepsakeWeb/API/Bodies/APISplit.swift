import KeepsakeLedger
import KeepsakeSupport

/// One part of a split transaction as the API answers it.
struct APISplit: Codable, Sendable {
    /// The part's schema.
    static var schema: JSONValue {
        JSONSchema.object(required: ["category", "amount", "minorUnits", "memo"], [
            "category": JSONSchema.string(), "amount": JSONSchema.string(description: "A decimal amount in the transaction's currency."),
            "minorUnits": JSONSchema.integer(), "memo": JSONSchema.string(),
        ])
    }

    let category, amount: String
    let minorUnits: Int64
    let memo: String

    /// `split` as answered.
    init(_ split: LedgerSplit) {
        category = split.category
        amount = split.amount.amountString
        minorUnits = split.amount.minorUnits
        memo = split.memo
    }
}
