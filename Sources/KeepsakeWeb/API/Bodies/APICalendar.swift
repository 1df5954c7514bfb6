import KeepsakeDiary
import KeepsakeSupport

/// A month of the diary (`GET /api/v1/diary/calendar`): each day with entries.
struct APICalendar: APIResponseBody {
    static var schema: JSONValue { JSONSchema.record(["month": JSONSchema.string(), "days": JSONSchema.array(Day.reference)]) }

    let month: String, days: [Day]

    /// One day with entries: how many, and the emotion felt most.
    struct Day: APIResponseBody {
        let day: String
        let count: Int
        let dominantEmotion: Emotion
        let emotions: [String: Int]

        static let schemaName = "CalendarDay"
        static var schema: JSONValue {
            JSONSchema.record(["day": JSONSchema.day, "count": JSONSchema.integer(), "dominantEmotion": Emotion.reference, "emotions": APIEmotionCounts.schema])
        }
    }
}
