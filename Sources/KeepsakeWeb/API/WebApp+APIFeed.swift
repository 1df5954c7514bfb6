import Foundation
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The feed as the API serves it.
    var feedResource: APIResource<Feed, APIPost> {
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        return APIResource(app: feed, path: APIPost.path, body: { APIPost($0, sizes: sizes) })
    }

    /// `POST /api/v1/feed/posts`: a new post from JSON (or multipart: the JSON in the field `post`,
    /// photos as files `image`).
    func apiCreatePost(_ request: APIRequest, _ body: APIPostInput) async throws -> APIAnswer<APIPost> {
        try await apiCreateWithPhotos(feedResource, request, draft: try body.draft(), multipartField: type(of: body).multipartField,
                                      stage: { $0.images = $1 }, id: \.id) { draft, files, language in
            try self.writers.feed.create(draft, files: files, language: language)
        }
    }

    /// `GET /api/v1/feed/posts` (newest first) or `GET /api/v1/feed/trash`, a page at a time.
    func apiListPosts(_ request: APIRequest, trash: Bool) throws -> APIAnswer<APIPage<APIPost>> {
        let limit = try request.count(.limit)
        let page = trash ? try feed.trash(limit: limit, after: try request.cursor()) : try feed.newest(limit: limit, after: try request.cursor())
        return try APIAnswer(APIPage(page.items.map(feedResource.body), next: page.nextCursor))
    }

    /// `GET /api/v1/feed/search?q=`.
    func apiSearchFeed(_ request: APIRequest) throws -> APIAnswer<APIList<APIPost>> {
        guard let text = request.query("q") else { throw APIProblem.invalid("Give the words to look for in q.") }
        return try APIAnswer(APIList(items: try feed.search(text, limit: try request.count(.searchLimit)).map(feedResource.body)))
    }
}
