import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// One part of a split transaction as a client sends it: a category and a decimal amount in the
/// transaction's currency.
struct APISplitInput: Codable, Sendable {
    /// The part's schema.
    static var schema: JSONValue {
        JSONSchema.object(required: ["category", "amount"], [
            "category": JSONSchema.string(pattern: APIText.line(required: true, maxLength: Ledger.maxCategoryLength)),
            "amount": APIMoney.amountSchema,
            "memo": JSONSchema.string(maxLength: Ledger.maxMemoLength),
        ])
    }

    /// The parts of a transaction body: 2 to ``Ledger/maxSplitParts``, or none to make it unsplit.
    static var listSchema: JSONValue {
        JSONSchema.array(schema, maxItems: Ledger.maxSplitParts,
                         description: "The parts of a split transaction (at least two, summing to the amount exactly; the category is then the largest part's). An empty list: not split.")
    }

    var category, amount: String
    var memo: String?

    /// The part, its amount read in `currency`.
    func split(in currency: Currency) throws -> LedgerSplit {
        LedgerSplit(category: category, amount: try Money(parsing: amount, currency: currency), memo: memo ?? "")
    }
}
