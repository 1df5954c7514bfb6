import KeepsakeLedger
import KeepsakeSupport

/// One currency's totals: income, expense and balance as decimal strings (and, in a category
/// report, the category).
struct APITotals: APIResponseBody {
    static var schema: JSONValue { JSONSchema.object(required: ["currency", "income", "expense", "balance", "transactionCount"], properties) }

    /// The fields of totals.
    static var properties: [String: JSONValue] {
        ["currency": JSONSchema.string(), "income": JSONSchema.string(), "expense": JSONSchema.string(), "balance": JSONSchema.string(),
         "transactionCount": JSONSchema.integer()]
    }

    let currency, income, expense, balance: String
    let transactionCount: Int

    /// `totals` as decimal strings.
    init(_ totals: LedgerTotals) {
        currency = totals.currency.code
        income = totals.income.amountString
        expense = totals.expense.amountString
        balance = totals.balance.amountString
        transactionCount = totals.transactionCount
    }
}
