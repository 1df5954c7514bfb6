import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// The body of `PUT /api/v1/ledger/budgets`: the budget of a category and currency from a month on.
struct APIBudgetInput: APIRequestBody {
    static let noun = "budget"
    static let multipartField = "budget"
    static var schema: JSONValue {
        guard case .object(var fields) = JSONSchema.object(required: ["month", "category", "amount", "currency"], properties) else { return [:] }
        fields["anyOf"] = decimalsRule
        return .object(fields)
    }

    /// The fields of a budget a client sends, with the ledger's limits.
    static var properties: [String: JSONValue] {
        ["month": APIMonths.schema,
         "category": JSONSchema.string(pattern: APIText.line(required: true, maxLength: Ledger.maxCategoryLength)),
         "amount": JSONSchema.string(pattern: amountPattern(decimals: Currency.known.map(\.minorUnitDigits).max() ?? 3),
                                     description: "The amount per month: a decimal of zero or more in the currency's units, with at most as many decimals as the currency has (0 ends an earlier budget)."),
         "currency": APIMoney.currencySchema,
         "carryOver": JSONSchema.boolean(defaultValue: false, description: "Whether a month's rest (or overspend) carries over to the next month."),
         "book": JSONSchema.described(JSONSchema.uuid, "The ledger book to write in, with the transactions it budgets: one the caller may write. Default: the caller's own ledger book, made on first use. A book the caller cannot read is 404, one it may only read 403, a book of another app 400.")]
    }

    /// The pattern of a budget amount (zero allowed) with at most `digits` decimals (zeros beyond
    /// them allowed), small enough for 64-bit minor units.
    static func amountPattern(decimals digits: Int) -> String {
        let whole = "[0-9]{1,16}"
        guard digits > 0 else { return "^\(whole)(\\.0+)?$" }
        return "^\(whole)(\\.[0-9]{1,\(digits)}0*)?$"
    }

    /// The rule tying the amount to its currency's decimals, one branch per number of decimals.
    static var decimalsRule: JSONValue {
        .array(Dictionary(grouping: Currency.known, by: \.minorUnitDigits).sorted { $0.key < $1.key }.map { digits, currencies in
            ["required": ["currency"],
             "properties": ["currency": ["enum": .array(currencies.map { .string($0.code) })],
                            "amount": ["pattern": .string(amountPattern(decimals: digits))]]]
        })
    }

    var month, category, amount, currency: String
    var carryOver: Bool?
    /// The id of the ledger book to write in; the caller's own ledger book when absent.
    var book: String?

    /// The draft the ledger checks (``Ledger/setBudget(_:)``).
    func draft() throws -> LedgerBudgetDraft {
        try LedgerBudgetDraft(typedMonth: month, amount: amount, currencyCode: currency, category: category, carryOver: carryOver ?? false,
                              book: try APIBookChoice.book(book))
    }

    /// The ledger's sentences come first (a budget with more decimals than its currency has).
    func precheck() throws {
        _ = try Currency(code: currency)
        _ = try draft()
    }
}
