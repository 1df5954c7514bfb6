import Foundation
import KeepsakeFeed
import KeepsakeStore
import KeepsakeSupport

/// The body of `POST /api/v1/feed/posts` (JSON, or the multipart field `post`).
struct APIPostInput: APIRequestBody {
    static let noun = "post"
    static let multipartField = "post"
    static var schema: JSONValue { JSONSchema.object(required: ["title"], properties) }

    /// The fields of a post a client sends, with the feed's limits.
    static var properties: [String: JSONValue] {
        ["title": JSONSchema.string(pattern: APIText.line(required: true, maxLength: FeedDraft.maxTitleLength)),
         "contents": JSONSchema.string(maxLength: FeedDraft.maxContentsLength, pattern: APIText.noNUL),
         "date": JSONSchema.timestamp,
         "book": APIBookChoice.schema(app: "feed")]
    }

    var title: String
    var contents, date: String?
    /// The id of the book to post in; the caller's own feed book when absent.
    var book: String?

    /// The draft the feed checks (``FeedDraft/validate(maxImages:)``).
    func draft() throws -> FeedDraft {
        FeedDraft(title: title, contents: contents ?? "", date: try APIJSON.timestamp(date, field: "date", of: Self.noun) ?? Date(),
                  book: try APIBookChoice.book(book))
    }

    /// The app's sentences come first: its rules (photos apart, counted by the writer).
    func precheck() throws { try draft().validate(maxImages: .max) }
}
