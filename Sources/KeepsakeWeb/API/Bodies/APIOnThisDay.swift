import KeepsakeSupport

/// The entries of the same day in earlier years (`GET /api/v1/diary/on-this-day`).
struct APIOnThisDay: APIResponseBody {
    static var schema: JSONValue { JSONSchema.record(["day": JSONSchema.day, "years": JSONSchema.array(Year.reference)]) }

    let day: String, years: [Year]

    /// One earlier year's entries of that day, oldest first.
    struct Year: APIResponseBody {
        static let schemaName = "OnThisDayYear"
        static var schema: JSONValue {
            JSONSchema.record(["day": JSONSchema.day, "yearsAgo": JSONSchema.integer(minimum: 1), "entries": JSONSchema.array(APIDiaryEntry.reference)])
        }

        let day: String
        let yearsAgo: Int
        let entries: [APIDiaryEntry]
    }
}
