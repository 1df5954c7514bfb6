import Foundation
import KeepsakeFeed
import KeepsakeStore
import KeepsakeSupport

/// A feed post as the API answers it.
struct APIPost: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "version", "title", "contents", "date", "images", "createdAt", "updatedAt", "trashedAt", "book", "author"],
                          APIRecordFields.common.merging([
            "title": JSONSchema.string(), "contents": JSONSchema.string(), "date": JSONSchema.timestamp, "images": JSONSchema.array(APIImage.reference),
        ]) { _, new in new })
    }

    /// The API path of a post.
    static func path(_ id: RecordID) -> String { "\(WebApp.apiPrefix)/feed/posts/\(id.string)" }

    let id: String
    let version: Int64
    let title, contents: String
    let date: Date
    let images: [APIImage]
    let createdAt, updatedAt: Date
    @APINull var trashedAt: Date?
    @APINull var book: String?
    @APINull var author: String?
}

extension APIPost {
    /// `post`, with thumbnails of `sizes`.
    init(_ post: FeedItem, sizes: [Int]) {
        self.init(id: post.id.string, version: post.version, title: post.title, contents: post.contents, date: post.date,
                  images: APIImage.list(post.images, of: Self.path(post.id), sizes: sizes),
                  createdAt: post.createdAt, updatedAt: post.updatedAt, trashedAt: post.trashedAt,
                  book: post.book?.string, author: post.author?.string)
    }
}
