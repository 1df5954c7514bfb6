import Foundation
import KeepsakeDiary
import KeepsakeSupport

/// Emotion statistics per period (`GET /api/v1/diary/statistics`).
struct APIStatistics: APIResponseBody {
    static var schema: JSONValue { JSONSchema.record(["timeZone": JSONSchema.string(), "periods": JSONSchema.array(Period.reference)]) }

    let timeZone: String, periods: [Period]

    /// One week or month.
    struct Period: APIResponseBody {
        static let schemaName = "StatisticsPeriod"
        static var schema: JSONValue {
            JSONSchema.record(["label": JSONSchema.string(), "firstDay": JSONSchema.day, "start": JSONSchema.timestamp, "end": JSONSchema.timestamp,
                               "entryCount": JSONSchema.integer(), "emotions": APIEmotionCounts.schema, "averageIntensity": ["type": ["number", "null"]]])
        }

        let label, firstDay: String
        let start, end: Date
        let entryCount: Int
        let emotions: [String: Int]
        @APINull var averageIntensity: Double?
    }
}
