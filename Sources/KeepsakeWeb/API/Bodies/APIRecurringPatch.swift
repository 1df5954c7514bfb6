import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// The body of `PATCH /api/v1/ledger/recurring/{id}`: the template, end or count to change
/// (`currency` only with `amount`); the schedule and start stay.
struct APIRecurringPatch: APIRequestBody {
    static let noun = "recurring rule"
    static let multipartField = "rule"
    static var schema: JSONValue {
        let names = ["kind", "amount", "currency", "category", "memo", "end", "count"]
        guard case .object(var fields) = JSONSchema.object(required: [], APIRecurringInput.properties.filter { names.contains($0.key) },
                                                           description: "currency only together with amount.") else { return [:] }
        fields["dependentRequired"] = ["currency": ["amount"], "amount": ["currency"]]
        fields["anyOf"] = APIMoney.decimalsRule(patch: true)
        return .object(fields)
    }

    var kind, amount, currency, category, memo, end: String?
    var count: Int?

    /// The change.
    func edit() throws -> LedgerRecurringEdit {
        var edit = LedgerRecurringEdit(kind: try kind.map { try TransactionKind(parsing: $0) }, category: category, memo: memo,
                                       end: try end.map { try LedgerDay(parsing: $0) }, count: count)
        if let amount, let currency {
            edit.amount = try Money(parsing: amount, currency: try Currency(code: currency))
        } else if amount != nil || currency != nil {
            throw KeepsakeError(.invalidArgument, "Change the amount together with its currency (send both).")
        }
        return edit
    }

    /// The ledger's sentences come first.
    func precheck() throws { _ = try edit() }
}
