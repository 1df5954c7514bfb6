import KeepsakeDiary
import KeepsakeSupport

/// Statistics that answer questions (`GET /api/v1/diary/insights`): each tag's entries by emotion,
/// the longest and the current streak of days written, and the emotions by ISO weekday.
struct APIDiaryInsights: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.record([
            "from": JSONSchema.nullable(JSONSchema.day), "until": JSONSchema.nullable(JSONSchema.day), "today": JSONSchema.day,
            "timeZone": JSONSchema.string(), "entryCount": JSONSchema.integer(minimum: 0), "dayCount": JSONSchema.integer(minimum: 0),
            "emotions": APIEmotionCounts.schema,
            "longestStreak": JSONSchema.nullable(Streak.schema), "currentStreak": JSONSchema.nullable(Streak.schema),
            "tags": JSONSchema.array(Tag.schema, description: "Every tag of the counted entries, the most used first (ties in tag order)."),
            "weekdays": JSONSchema.array(Weekday.schema, minItems: 7, maxItems: 7, description: "Monday to Sunday."),
        ])
    }

    @APINull var from: String?
    @APINull var until: String?
    let today, timeZone: String
    let entryCount, dayCount: Int
    let emotions: [String: Int]
    @APINull var longestStreak: Streak?
    @APINull var currentStreak: Streak?
    let tags: [Tag]
    let weekdays: [Weekday]

    /// The body of `insights`, whose `today` was taken in `timeZone`.
    init(_ insights: DiaryInsights, timeZone: String) {
        from = insights.from?.string
        until = insights.until?.string
        today = insights.today.string
        self.timeZone = timeZone
        entryCount = insights.entryCount
        dayCount = insights.dayCount
        emotions = APIEmotionCounts.of(insights.emotionCounts)
        longestStreak = insights.longestStreak.map(Streak.init)
        currentStreak = insights.currentStreak.map(Streak.init)
        tags = insights.tags.map { Tag(tag: $0.tag, entryCount: $0.entryCount, emotions: APIEmotionCounts.of($0.emotionCounts)) }
        weekdays = insights.weekdays.map {
            Weekday(weekday: $0.weekday, entryCount: $0.entryCount, emotions: APIEmotionCounts.of($0.emotionCounts), averageIntensity: $0.averageIntensity)
        }
    }

    /// A run of consecutive days written.
    struct Streak: Encodable, Sendable {
        static var schema: JSONValue {
            JSONSchema.record(["firstDay": JSONSchema.day, "lastDay": JSONSchema.day, "length": JSONSchema.integer(minimum: 1)])
        }

        let firstDay, lastDay: String
        let length: Int

        init(_ streak: DiaryStreak) {
            firstDay = streak.firstDay.string
            lastDay = streak.lastDay.string
            length = streak.length
        }
    }

    /// One tag's entries, and how many of them feel each emotion.
    struct Tag: Encodable, Sendable {
        static var schema: JSONValue {
            JSONSchema.record(["tag": JSONSchema.string(), "entryCount": JSONSchema.integer(minimum: 1), "emotions": APIEmotionCounts.schema])
        }

        let tag: String
        let entryCount: Int
        let emotions: [String: Int]
    }

    /// One ISO weekday (1 is Monday) by each entry's own day.
    struct Weekday: Encodable, Sendable {
        static var schema: JSONValue {
            JSONSchema.record(["weekday": JSONSchema.integer(1...7), "entryCount": JSONSchema.integer(minimum: 0), "emotions": APIEmotionCounts.schema,
                               "averageIntensity": ["type": ["number", "null"]]])
        }

        let weekday, entryCount: Int
        let emotions: [String: Int]
        @APINull var averageIntensity: Double?
    }
}
