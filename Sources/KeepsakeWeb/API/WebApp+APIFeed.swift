import Foundation
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The feed as the API serves it.
    var feedResource: APIResource<Feed> {
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        return APIResource(app: feed, path: APIRepresentation.postPath, json: { APIRepresentation.post($0, sizes: sizes) })
    }

    /// The fields of a post's JSON that a client may send.
    static let postFields: Set<String> = ["title", "contents", "date"]

    /// `POST /api/v1/feed/posts`: a new post from JSON (or multipart: the JSON in the field `post`,
    /// photos as files `image`).
    func apiCreatePost(_ request: APIRequest) async throws -> HTTPResponse {
        let body = try request.jsonObject(field: "post", what: "post", allowed: Self.postFields)
        guard let title = try body.string("title") else { throw body.missing("title") }
        var draft = FeedDraft(title: title, contents: try body.string("contents") ?? "", date: try body.timestamp("date") ?? Date())
        if request.http.mediaType == "multipart/form-data" && !request.http.files.isEmpty {
            draft.images = try apiUploads(request, single: false).map(\.source)
        }
        try draft.validate(maxImages: feed.maxImages)
        let ready = draft
        return try await apiCreate(feedResource, request) { id in
            var withID = ready
            withID.id = id
            return try self.feed.create(withID)
        }
    }

    /// `PATCH /api/v1/feed/posts/{id}`, honouring `If-Match`.
    func apiUpdatePost(_ request: APIRequest) throws -> HTTPResponse {
        let body = try request.jsonObject(field: "post", what: "post", allowed: Self.postFields)
        let edit = FeedEdit(title: try body.string("title"), contents: try body.string("contents"), date: try body.timestamp("date"))
        return try apiUpdate(feedResource, request, edit: edit)
    }

    /// `GET /api/v1/feed/posts` (newest first) or `GET /api/v1/feed/trash`, a page at a time.
    func apiListPosts(_ request: APIRequest, trash: Bool) throws -> HTTPResponse {
        let limit = try request.integer("limit", in: 1...100, default: 20)!
        let page = trash ? try feed.trash(limit: limit, after: try request.cursor()) : try feed.newest(limit: limit, after: try request.cursor())
        let json = feedResource.json
        return APIRepresentation.response(APIRepresentation.page(page.items.map(json), next: page.nextCursor))
    }

    /// `GET /api/v1/feed/search?q=`.
    func apiSearchFeed(_ request: APIRequest) throws -> HTTPResponse {
        guard let text = request.query("q") else { throw APIProblem.invalid("Give the words to look for in q.") }
        let found = try feed.search(text, limit: try request.integer("limit", in: 1...100, default: 50)!)
        let json = feedResource.json
        return APIRepresentation.response(["items": .array(found.map(json))])
    }
}
