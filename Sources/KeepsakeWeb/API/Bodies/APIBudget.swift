import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// A ledger budget as the API answers it (`/api/v1/ledger/budgets`).
struct APIBudget: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "version", "category", "currency", "amount", "minorUnits", "month", "carryOver",
                                     "createdAt", "updatedAt", "book", "author"], [
            "id": JSONSchema.uuid, "version": JSONSchema.integer(minimum: 1),
            "category": JSONSchema.string(), "currency": JSONSchema.string(),
            "amount": JSONSchema.string(description: "The amount per month, a decimal in the currency's units, such as 250.00 or 300000 (0 ends an earlier budget)."),
            "minorUnits": JSONSchema.integer(),
            "month": JSONSchema.described(APIMonths.schema, "The first month the budget applies to; it applies until a budget of a later month for the same category and currency in the same book."),
            "carryOver": JSONSchema.boolean(description: "Whether a month's rest (or overspend) carries over to the next month."),
            "createdAt": JSONSchema.timestamp, "updatedAt": JSONSchema.timestamp,
            "book": JSONSchema.described(JSONSchema.nullable(JSONSchema.uuid), "The ledger book it is in, with the transactions it budgets (its members and roles apply)."),
            "author": JSONSchema.described(JSONSchema.nullable(JSONSchema.uuid), "The account that last set it; null for the local operator."),
        ])
    }

    let id: String
    let version: Int64
    let category, currency, amount: String
    let minorUnits: Int64
    let month: String
    let carryOver: Bool
    let createdAt, updatedAt: Date
    @APINull var book: String?
    @APINull var author: String?
}

extension APIBudget {
    /// `budget` as the API writes it.
    init(_ budget: LedgerBudget) {
        self.init(id: budget.id.string, version: budget.version, category: budget.category, currency: budget.currency.code,
                  amount: budget.amount.amountString, minorUnits: budget.amount.minorUnits, month: budget.month.string, carryOver: budget.carryOver,
                  createdAt: budget.createdAt, updatedAt: budget.updatedAt, book: budget.book?.string, author: budget.author?.string)
    }
}
