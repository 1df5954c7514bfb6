import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// The body of `PATCH /api/v1/ledger/transactions/{id}`: the fields to change (`currency` only
/// with `amount`).
struct APITransactionPatch: APIRequestBody {
    static let noun = "transaction"
    static let multipartField = "transaction"
    static var schema: JSONValue {
        guard case .object(var fields) = JSONSchema.object(required: [], APITransactionInput.properties,
                                                           description: "currency only together with amount.") else { return [:] }
        fields["dependentRequired"] = ["currency": ["amount"]]
        fields["anyOf"] = APIMoney.decimalsRule(patch: true)
        return .object(fields)
    }

    var date, kind, amount, currency, category, memo: String?
    /// Another money account's id.
    var account: String?
    /// New parts (an empty list: not split any more).
    var splits: [APISplitInput]?

    /// The change; the amount in the current amount's currency when the body names no currency,
    /// new parts checked against the new amount or the current one.
    func edit(currentAmount: () throws -> Money) throws -> LedgerEdit {
        func currentCurrency() throws -> Currency { try currentAmount().currency }
        var edit = LedgerEdit(date: try date.map { try LedgerDay(parsing: $0) }, kind: try kind.map { try TransactionKind(parsing: $0) },
                              category: category, memo: memo)
        if let amount, let code = currency {
            edit.amount = try Money(parsing: amount, currency: try Currency(code: code))
        } else if let amount {
            // The schema allows the decimals of any currency; the record's may have fewer.
            let current = try currentCurrency()
            do {
                edit.amount = try Money(parsing: amount, currency: current)
            } catch let error as KeepsakeError {
                throw KeepsakeError(.conflict, error.message + " The transaction is in \(current.code); send the currency with the amount to change both.")
            }
        } else if currency != nil {
            throw KeepsakeError(.invalidArgument, "Change the currency together with the amount (send both).")
        }
        edit.account = try account.map { try RecordID(parsing: $0) }
        if let splits {
            let currency = try edit.amount?.currency ?? currentCurrency()
            let parts = try splits.map { try $0.split(in: currency) }
            try APISplitInput.check(parts, for: try edit.amount ?? currentAmount())
            edit.splits = parts
        }
        return edit
    }
}
