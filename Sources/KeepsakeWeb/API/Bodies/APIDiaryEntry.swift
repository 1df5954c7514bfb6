import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeSupport

/// A diary entry as the API answers it.
struct APIDiaryEntry: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "version", "moment", "timeZone", "day", "emotion", "intensity", "title", "text", "tags", "images",
                                     "createdAt", "updatedAt", "trashedAt", "book", "author"], APIRecordFields.common.merging([
            "moment": JSONSchema.timestamp, "timeZone": JSONSchema.string(), "day": JSONSchema.day, "emotion": Emotion.reference,
            "intensity": JSONSchema.integer(DiaryLimits.intensity), "title": JSONSchema.nullable(JSONSchema.string()), "text": JSONSchema.string(),
            "tags": JSONSchema.array(JSONSchema.string()), "images": JSONSchema.array(APIImage.reference),
        ]) { _, new in new })
    }

    /// The API path of an entry.
    static func path(_ id: RecordID) -> String { "\(WebApp.apiPrefix)/diary/entries/\(id.string)" }

    let id: String
    let version: Int64
    let moment: Date
    let timeZone, day: String
    let emotion: Emotion
    let intensity: Int
    @APINull var title: String?
    let text: String
    let tags: [String]
    let images: [APIImage]
    let createdAt, updatedAt: Date
    @APINull var trashedAt: Date?
    @APINull var book: String?
    @APINull var author: String?
}

extension APIDiaryEntry {
    /// `entry`, with thumbnails of `sizes`.
    init(_ entry: DiaryEntry, sizes: [Int]) {
        self.init(id: entry.id.string, version: entry.version, moment: entry.moment, timeZone: entry.timeZone.identifier, day: entry.day.string,
                  emotion: entry.emotion, intensity: entry.intensity, title: entry.title, text: entry.text, tags: entry.tags,
                  images: APIImage.list(entry.images, of: Self.path(entry.id), sizes: sizes),
                  createdAt: entry.createdAt, updatedAt: entry.updatedAt, trashedAt: entry.trashedAt,
                  book: entry.book?.string, author: entry.author?.string)
    }
}
