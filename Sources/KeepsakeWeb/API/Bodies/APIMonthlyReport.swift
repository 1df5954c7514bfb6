import KeepsakeLedger
import KeepsakeSupport

/// Totals per month and currency of a year (`GET /api/v1/ledger/reports/monthly`).
struct APIMonthlyReport: APIResponseBody {
    static let schemaName = "MonthlyReport"
    static var schema: JSONValue {
        JSONSchema.object(required: ["year", "months"], ["year": JSONSchema.integer(), "months": JSONSchema.array(Month.reference)])
    }

    /// One month's totals, ordered by currency code.
    struct Month: APIResponseBody {
        static let schemaName = "MonthTotals"
        static var schema: JSONValue {
            JSONSchema.object(required: ["month", "totals"], ["month": JSONSchema.string(), "totals": JSONSchema.array(APITotals.reference)])
        }

        let month: String
        let totals: [APITotals]
    }

    let year: Int
    let months: [Month]
}
