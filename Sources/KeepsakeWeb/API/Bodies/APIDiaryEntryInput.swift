import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeSupport

/// The body of `POST /api/v1/diary/entries` (JSON, or the multipart field `entry`): a new entry.
struct APIDiaryEntryInput: APIRequestBody {
    static let noun = "diary entry"
    static let multipartField = "entry"
    static let schema: JSONValue = {
        guard case .object(var fields) = JSONSchema.object(required: ["emotion"], properties,
                                                           description: "An entry needs a title or some text that is not only white space.") else { return [:] }
        fields["anyOf"] = [["required": ["title"], "properties": ["title": ["type": "string", "pattern": .string(APIText.line(required: true, maxLength: DiaryLimits.maxTitleLength))]]],
                           ["required": ["text"], "properties": ["text": ["pattern": .string(APIText.notBlank)]]]]
        return .object(fields)
    }()

    /// The fields of an entry a client sends, with the diary's limits (``DiaryLimits``).
    static var properties: [String: JSONValue] {
        ["moment": JSONSchema.timestamp,
         "timeZone": APITimeZones.schema(description: "An IANA name such as Asia/Seoul (default: the server's)."),
         "emotion": Emotion.reference,
         "intensity": JSONSchema.integer(DiaryLimits.intensity),
         "title": JSONSchema.nullable(JSONSchema.string(pattern: APIText.line(required: false, maxLength: DiaryLimits.maxTitleLength))),
         "text": JSONSchema.string(maxLength: DiaryLimits.maxTextLength),
         "tags": JSONSchema.array(JSONSchema.string(pattern: APIText.noControl(maxLength: DiaryLimits.maxTagLength)), maxItems: DiaryLimits.maxTags),
         "book": APIBookChoice.schema(app: "diary")]
    }

    var moment, timeZone: String?
    var emotion: String
    var intensity: Int?
    var title, text: String?
    var tags: [String]?
    /// The id of the book to write in; the caller's own diary book when absent.
    var book: String?

    /// The draft the diary checks (its own rules: ``DiaryDraft/validate(maxImages:)``).
    func draft() throws -> DiaryDraft {
        DiaryDraft(moment: try APIJSON.timestamp(moment, field: "moment", of: Self.noun) ?? Date(),
                   timeZone: try APITimeZones.zone(timeZone) ?? .current, emotion: try WebApp.emotion(emotion),
                   intensity: intensity ?? 3, title: title, text: text ?? "", tags: tags ?? [],
                   book: try APIBookChoice.book(book))
    }

    /// The app's sentences come first: its rules (photos apart, counted by the writer).
    func precheck() throws { try draft().validate(maxImages: .max) }
}
