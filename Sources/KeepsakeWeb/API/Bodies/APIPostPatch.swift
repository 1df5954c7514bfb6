import KeepsakeFeed
import KeepsakeStore
import KeepsakeSupport

/// The body of `PATCH /api/v1/feed/posts/{id}`: the fields to change.
struct APIPostPatch: APIRequestBody {
    static let noun = "post"
    static let multipartField = "post"
    static var schema: JSONValue { JSONSchema.object(required: [], APIPostInput.properties) }

    var title, contents, date: String?

    /// The change, for ``Feed/update(_:_:expectedVersion:)``.
    func edit() throws -> FeedEdit {
        FeedEdit(title: title, contents: contents, date: try APIJSON.timestamp(date, field: "date", of: Self.noun))
    }
}
