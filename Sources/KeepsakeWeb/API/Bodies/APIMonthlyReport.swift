import KeepsakeLedger
import KeepsakeSupport

/// Totals per month and currency of a year (`GET /api/v1/ledger/reports/monthly`).
struct APIMonthlyReport: APIResponseBody {
    static var schema: JSONValue { JSONSchema.record(["year": JSONSchema.integer(), "months": JSONSchema.array(Month.reference)]) }

    let year: Int, months: [Month]

    /// One month's totals, ordered by currency code.
    struct Month: APIResponseBody {
        static let schemaName = "MonthTotals"
        static var schema: JSONValue { JSONSchema.record(["month": JSONSchema.string(), "totals": JSONSchema.array(APITotals.reference)]) }

        let month: String
        let totals: [APITotals]
    }
}
