import Foundation
import KeepsakeDiary
import KeepsakeSupport

/// Emotion statistics per period (`GET /api/v1/diary/statistics`).
struct APIStatistics: APIResponseBody {
    static let schemaName = "Statistics"
    static var schema: JSONValue {
        JSONSchema.object(required: ["timeZone", "periods"], ["timeZone": JSONSchema.string(), "periods": JSONSchema.array(Period.reference)])
    }

    /// One week or month.
    struct Period: APIResponseBody {
        static let schemaName = "StatisticsPeriod"
        static var schema: JSONValue {
            JSONSchema.object(required: ["label", "firstDay", "start", "end", "entryCount", "emotions", "averageIntensity"], [
                "label": JSONSchema.string(), "firstDay": JSONSchema.day, "start": JSONSchema.timestamp, "end": JSONSchema.timestamp,
                "entryCount": JSONSchema.integer(), "emotions": APIEmotionCounts.schema, "averageIntensity": ["type": ["number", "null"]],
            ])
        }

        let label, firstDay: String
        let start, end: Date
        let entryCount: Int
        let emotions: [String: Int]
        @APINull var averageIntensity: Double?
    }

    let timeZone: String
    let periods: [Period]
}
