import KeepsakeDiary
import KeepsakeSupport

/// A month of the diary (`GET /api/v1/diary/calendar`): each day with entries.
struct APICalendar: APIResponseBody {
    static let schemaName = "Calendar"
    static var schema: JSONValue {
        JSONSchema.object(required: ["month", "days"], ["month": JSONSchema.string(), "days": JSONSchema.array(Day.reference)])
    }

    /// One day with entries: how many, and the emotion felt most.
    struct Day: APIResponseBody {
        static let schemaName = "CalendarDay"
        static var schema: JSONValue {
            JSONSchema.object(required: ["day", "count", "dominantEmotion", "emotions"], [
                "day": JSONSchema.day, "count": JSONSchema.integer(), "dominantEmotion": Emotion.reference, "emotions": APIEmotionCounts.schema,
            ])
        }

        let day: String
        let count: Int
        let dominantEmotion: Emotion
        let emotions: [String: Int]
    }

    let month: String
    let days: [Day]
}
