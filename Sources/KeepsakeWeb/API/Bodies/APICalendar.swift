import KeepsakeDiary
import KeepsakeSupport

/// A month of the diary (`GET /api/v1/diary/calendar`): each day with entries.
struct APICalendar: APIResponseBody {
    static var schema: JSONValue { JSONSchema.record(["month": JSONSchema.string(), "days": JSONSchema.array(Day.reference)]) }

    let month: String, days: [Day]

    /// One day with entries: how many, the emotion felt most, and how strongly on average.
    struct Day: APIResponseBody {
        let day: String
        let count: Int
        let dominantEmotion: Emotion
        let emotions: [String: Int]
        let averageIntensity: Double

        static let schemaName = "CalendarDay"
        static var schema: JSONValue {
            JSONSchema.record(["day": JSONSchema.day, "count": JSONSchema.integer(), "dominantEmotion": Emotion.reference, "emotions": APIEmotionCounts.schema,
                               "averageIntensity": ["type": "number", "minimum": 1, "maximum": 5]])
        }

        /// A calendar day as the API shows it.
        init(_ day: DiaryCalendarDay) {
            self.day = day.day.string
            count = day.count
            dominantEmotion = day.dominantEmotion
            emotions = APIEmotionCounts.of(day.emotionCounts)
            averageIntensity = day.averageIntensity
        }
    }
}
