import Foundation
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The feed's routes under `/api/v1/feed`.
    static func addFeedRoutes(to feed: inout APIRouteTable) {
        addRecordRoutes(to: &feed, base: "/posts", noun: "post", name: "Post", images: true, listParameters: [],
                        input: APIPostInput.self, patch: APIPostPatch.self,
                        list: { app, request in try app.apiListPosts(request, trash: false) },
                        trash: { app, request in try app.apiListPosts(request, trash: true) },
                        search: { app, request in try app.apiSearchFeed(request) },
                        create: { app, request, body in try await app.apiCreatePost(request, body) },
                        update: { app, request, body in try app.apiUpdate(app.feedResource, request, edit: try body.edit()) },
                        resource: { $0.feedResource })
        addImageRoutes(to: &feed, base: "/posts/{id:uuid}", name: "Post", noun: "post", collection: Feed.collection) { $0.feedResource }
    }
}
