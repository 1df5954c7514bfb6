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
        guard case .object(var fields) = JSONSchema.array(schema, maxItems: Ledger.maxSplitParts,
                                                          description: "The parts of a split transaction (at least two, summing to the amount exactly; the category is then the largest part's). An empty list: not split. Parts that do not sum are 422.") else { return [:] }
        fields["anyOf"] = [["maxItems": 0], ["minItems": 2]]
        return .object(fields)
    }

    /// `parts` checked against `amount` (``Ledger/checkedSplits(_:for:)``); parts that are well
    /// formed but do not fit the amount (one part, a wrong sum) are `422`, which no schema can say.
    static func check(_ parts: [LedgerSplit], for amount: Money) throws {
        guard !parts.isEmpty else { return }
        do {
            _ = try Ledger.checkedSplits(parts, for: amount)
        } catch let error as KeepsakeError where error.code == .invalidArgument {
            throw APIProblem(status: .unprocessableContent, code: error.code.rawValue, detail: error.message)
        }
    }

    var category, amount: String
    var memo: String?

    /// The part, its amount read in `currency`.
    func split(in currency: Currency) throws -> LedgerSplit {
        LedgerSplit(category: category, amount: try Money(parsing: amount, currency: currency), memo: memo ?? "")
    }
}
