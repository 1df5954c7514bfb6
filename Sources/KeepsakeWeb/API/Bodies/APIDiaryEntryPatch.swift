import KeepsakeDiary
import KeepsakeStore
import KeepsakeSupport

/// The body of `PATCH /api/v1/diary/entries/{id}`: the fields to change (`title: null` or `""`
/// removes the title).
struct APIDiaryEntryPatch: APIRequestBody {
    static let noun = "diary entry"
    static let multipartField = "entry"
    static let schema = JSONSchema.object(required: [], APIDiaryEntryInput.properties)

    /// The change, for ``Diary/update(_:_:expectedVersion:)``.
    let edit: DiaryEdit

    private enum Field: String, CodingKey { case moment, timeZone, emotion, intensity, title, text, tags }

    /// Reads the fields present; `title` present as `null` is a removal.
    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        var edit = DiaryEdit(moment: try APIJSON.timestamp(try fields.decodeIfPresent(String.self, forKey: .moment), field: "moment", of: Self.noun),
                             timeZone: try APITimeZones.zone(try fields.decodeIfPresent(String.self, forKey: .timeZone)),
                             emotion: try fields.decodeIfPresent(String.self, forKey: .emotion).map(WebApp.emotion),
                             intensity: try fields.decodeIfPresent(Int.self, forKey: .intensity),
                             title: try fields.decodeIfPresent(String.self, forKey: .title),
                             text: try fields.decodeIfPresent(String.self, forKey: .text),
                             tags: try fields.decodeIfPresent([String].self, forKey: .tags))
        if fields.contains(.title) && edit.title == nil { edit.title = "" }
        self.edit = edit
    }
}
