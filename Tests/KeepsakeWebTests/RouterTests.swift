import KeepsakeHTTP
import Testing

/// The router of KeepsakeHTTP: patterns, constraints, precedence, groups, `405` and `HEAD`.
@Suite struct RouterTests {
    static func router() -> Router<String> {
        var router = Router<String>(constraints: ["int": { !$0.isEmpty && $0.allSatisfy(\.isNumber) }])
        router.get("/", "home")
        router.group("/photos") { photos in
            photos.get("/", "list")
            photos.post("/", "create")
            photos.get("/{id:int}", "one")
            photos.get("/{name}", "byName")
            photos.get("/order", "order")
            photos.delete("/{id:int}", "delete")
            photos.group("/{id:int}/tags") { tags in
                tags.put("/{tag}", "tag")
            }
        }
        return router
    }

    func found(_ match: RouterMatch<String>) -> (String, RouterParameters)? {
        if case .found(let handler, _, let parameters) = match { return (handler, parameters) }
        return nil
    }

    @Test func literalsBeatConstrainedParametersWhichBeatFreeOnes() {
        let router = Self.router()
        #expect(found(router.match(.get, ["photos", "order"]))?.0 == "order")
        #expect(found(router.match(.get, ["photos", "42"]))?.0 == "one")
        #expect(found(router.match(.get, ["photos", "42"]))?.1["id"] == "42")
        #expect(found(router.match(.get, ["photos", "cat"]))?.0 == "byName")
        #expect(found(router.match(.get, ["photos", "cat"]))?.1["name"] == "cat")
        #expect(found(router.match(.get, []))?.0 == "home")
    }

    @Test func theHandlerAloneIsTheOneMatchFinds() {
        let router = Self.router()
        let asked: [(HTTPMethod, [String])] = [(.get, ["photos", "order"]), (.get, ["photos", "42"]), (.get, ["photos", "cat"]),
                                               (.head, ["photos"]), (.put, ["photos", "7", "tags", "t"]), (.patch, ["photos", "3"]),
                                               (.put, ["photos", "x", "tags", "t"]), (.get, ["photos", "3", "extra"]), (.get, [])]
        for (method, segments) in asked {
            #expect(router.handler(method, segments) == found(router.match(method, segments))?.0, "\(method) \(segments)")
        }
        #expect(router.handler(.patch, ["photos", "3"]) == nil, "405 is no handler")
    }

    @Test func groupsNestAndParametersOfEveryLevelAreKept() {
        let match = found(Self.router().match(.put, ["photos", "7", "tags", "a/b"]))
        #expect(match?.0 == "tag")
        #expect(match?.1["id"] == "7")
        #expect(match?.1["tag"] == "a/b")
        #expect(Self.router().routes.map(\.description).contains("PUT /photos/{id:int}/tags/{tag}"))
        #expect(Self.router().routes.first { $0.method == .put }?.pattern.template == "/photos/{id}/tags/{tag}")
    }

    @Test func aKnownPathWithAnotherMethodIs405WithTheAllowedOnesAndHeadFollowsGet() {
        let router = Self.router()
        guard case .methodNotAllowed(let allowed) = router.match(.patch, ["photos", "3"]) else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.get, .head, .delete])
        #expect(found(router.match(.head, ["photos"]))?.0 == "list")
        guard case .notFound = router.match(.get, ["photos", "3", "extra"]) else {
            Issue.record("expected 404")
            return
        }
        guard case .notFound = router.match(.put, ["photos", "x", "tags", "t"]) else {
            Issue.record("a constraint that fails is no route at all")
            return
        }
    }

    /// Patterns that start with a parameter match whatever the first segment is, alongside those
    /// whose first literal it is: the most specific wins, and a `405` lists the methods of both
    /// in the order they were added.
    @Test func patternsStartingWithAParameterAreTriedWithThoseOfTheFirstLiteral() {
        var router = Router<String>()
        router.get("/{section}/feed", "section feed")
        router.post("/photos/feed", "post photos feed")
        router.delete("/{section}/feed", "delete section feed")
        router.get("/photos/{view}", "photos view")
        #expect(found(router.match(.get, ["photos", "feed"]))?.0 == "photos view")  // a literal first beats a parameter
        #expect(found(router.match(.get, ["diary", "feed"]))?.0 == "section feed")
        #expect(found(router.match(.get, ["photos", "grid"]))?.0 == "photos view")
        #expect(found(router.match(.post, ["photos", "feed"]))?.0 == "post photos feed")
        guard case .methodNotAllowed(let allowed) = router.match(.put, ["photos", "feed"]) else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.get, .head, .post, .delete])
        guard case .notFound = router.match(.post, ["diary", "grid"]) else {
            Issue.record("expected 404")
            return
        }
    }
}
