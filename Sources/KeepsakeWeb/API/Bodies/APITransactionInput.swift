import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// The body of `POST /api/v1/ledger/transactions` (JSON, or the multipart field `transaction`).
struct APITransactionInput: APIRequestBody {
    static let noun = "transaction"
    static let multipartField = "transaction"
    static let maxPhotos: Int? = 1
    static var schema: JSONValue {
        guard case .object(var fields) = JSONSchema.object(required: ["date", "kind", "amount", "currency", "category"], properties) else { return [:] }
        fields["anyOf"] = APIMoney.decimalsRule(patch: false)
        return .object(fields)
    }

    /// The fields of a transaction a client sends, with the ledger's limits.
    static var properties: [String: JSONValue] {
        ["date": APIDays.schema(),
         "kind": JSONSchema.string(values: TransactionKind.allCases.map(\.rawValue)),
         "amount": APIMoney.amountSchema,
         "currency": APIMoney.currencySchema,
         "category": JSONSchema.string(pattern: APIText.line(required: true, maxLength: Ledger.maxCategoryLength)),
         "splits": APISplitInput.listSchema,
         "memo": JSONSchema.string(maxLength: Ledger.maxMemoLength, pattern: APIText.lines),
         "book": APIBookChoice.schema(app: "ledger"),
         "account": JSONSchema.described(JSONSchema.uuid, "The money account (of the amount's currency) it belongs to; default: the default account of its currency.")]
    }

    var date, kind, amount, currency, category: String
    var memo: String?
    /// The id of the book to write in; the caller's own ledger book when absent.
    var book: String?
    /// The id of the money account; the default account of the currency when absent.
    var account: String?
    /// The parts of a split transaction; not split when absent or empty.
    var splits: [APISplitInput]?

    /// The draft the ledger checks (``Ledger/recordDraft(_:)``).
    func draft() throws -> LedgerTransactionDraft {
        let money = try Money(parsing: amount, currency: try Currency(code: currency))
        var draft = LedgerTransactionDraft(date: try LedgerDay(parsing: date), kind: try TransactionKind(parsing: kind),
                                           amount: money, category: category, memo: memo ?? "", book: try APIBookChoice.book(book),
                                           account: try account.map { try RecordID(parsing: $0) })
        draft.splits = try (splits ?? []).map { try $0.split(in: money.currency) }
        try APISplitInput.check(draft.splits, for: money)
        return draft
    }

    /// The app's sentences come first.
    func precheck() throws { _ = try draft() }
}
