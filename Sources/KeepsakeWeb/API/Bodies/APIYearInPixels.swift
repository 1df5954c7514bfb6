import KeepsakeSupport

/// A year in pixels (`GET /api/v1/diary/year`): each day of the year with entries.
struct APIYearInPixels: APIResponseBody {
    static var schema: JSONValue { JSONSchema.record(["year": JSONSchema.integer(1...9999), "days": JSONSchema.array(APICalendar.Day.reference)]) }

    let year: Int, days: [APICalendar.Day]
}
