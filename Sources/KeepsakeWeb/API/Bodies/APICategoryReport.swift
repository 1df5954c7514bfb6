import KeepsakeLedger
import KeepsakeSupport

/// Expense and income per category and currency (`GET /api/v1/ledger/reports/categories`).
struct APICategoryReport: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["year", "month", "categories"], [
            "year": JSONSchema.integer(), "month": JSONSchema.nullable(JSONSchema.integer()), "categories": JSONSchema.array(Category.reference),
        ])
    }

    /// One category's totals in one currency.
    struct Category: APIResponseBody {
        static let schemaName = "CategoryTotals"
        static var schema: JSONValue {
            JSONSchema.object(required: ["currency", "category", "income", "expense", "balance", "transactionCount"],
                              APITotals.properties.merging(["category": JSONSchema.string()]) { _, new in new })
        }

        let currency, category, income, expense, balance: String
        let transactionCount: Int

    }


    let year: Int
    @APINull var month: Int?
    let categories: [Category]
}

extension APICategoryReport.Category {
    /// `totals` of `category`.
    init(_ category: String, _ totals: LedgerTotals) {
        let plain = APITotals(totals)
        self.init(currency: plain.currency, category: category, income: plain.income, expense: plain.expense, balance: plain.balance,
                  transactionCount: plain.transactionCount)
    }
}
