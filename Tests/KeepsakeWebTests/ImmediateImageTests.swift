import Foundation
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Images answered on the polling thread (``WebApp/immediateAnswer(to:)``) are answered exactly as
/// ``WebApp/handle(_:)`` answers them, under the same access rules, and never after the image is gone.
@Suite struct ImmediateImageTests {
    /// The session cookie (`name=value`) the app sets on a first page.
    private static func sessionCookie(_ fixture: WebFixture) async throws -> String {
        let page = try await KeepsakeTestSupport.curl([fixture.url("/diary")])
        let setCookie = try #require(page.headers(named: "Set-Cookie").first { $0.hasPrefix(Session.cookieName + "=") })
        return String(setCookie.split(separator: ";")[0])
    }

    private static func request(_ path: String, cookie: String?, headers extra: HTTPHeaders = [:]) -> HTTPRequest {
        var headers: HTTPHeaders = ["Host": "127.0.0.1"]
        for (name, value) in extra { headers.add(name, value) }
        var cookies: [String: String] = [:]
        if let cookie {
            let parts = cookie.split(separator: "=", maxSplits: 1).map(String.init)
            headers.add("Cookie", cookie)
            cookies[parts[0]] = parts[1]
        }
        return HTTPRequest(method: .get, path: path, rawPath: path, headers: headers, cookies: cookies, remoteAddress: "127.0.0.1")
    }

    /// Status and every header but `Date`, in order.
    private static func shape(_ response: HTTPResponse) -> [String] {
        ["\(response.status.rawValue)"] + response.headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" }
    }

    @Test func itAnswersAsTheHandlerDoes() async throws {
        let fixture = try WebFixture()
        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide), .file(Photos.toucan)]))
        let cookie = try await Self.sessionCookie(fixture)
        for image in entry.images {
            for variant in ["256", "1024", "original"] {
                let path = "/images/\(entry.id.string)/\(image.id)/\(variant)"
                let quick = try #require(fixture.app.immediateAnswer(to: Self.request(path, cookie: cookie)), "\(path)")
                let handled = await fixture.app.handle(Self.request(path, cookie: cookie))
                #expect(Self.shape(quick) == Self.shape(handled), "\(path)")
                guard case .openFile(let quickFile) = quick.body, case .openFile(let handledFile) = handled.body else {
                    Issue.record("\(path): not a file body")
                    continue
                }
                #expect(quickFile.size == handledFile.size)
                let etag = try #require(quick.headers["ETag"])
                let cached = try #require(fixture.app.immediateAnswer(to: Self.request(path, cookie: cookie, headers: ["If-None-Match": etag])))
                #expect(cached.status == .notModified)
                #expect(Self.shape(cached) == Self.shape(await fixture.app.handle(Self.request(path, cookie: cookie, headers: ["If-None-Match": etag]))))
            }
        }
    }

    @Test func whatItCannotAnswerGoesToTheHandler() async throws {
        let fixture = try WebFixture()
        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide)]))
        let image = try #require(entry.images.first)
        let cookie = try await Self.sessionCookie(fixture)
        let path = "/images/\(entry.id.string)/\(image.id)/256"
        // No session yet: the handler answers, and sets the cookie.
        #expect(fixture.app.immediateAnswer(to: Self.request(path, cookie: nil)) == nil)
        // Another host, an unknown attachment or size, a page: the handler's.
        var otherHost = Self.request(path, cookie: cookie)
        otherHost.headers.set("Host", "evil.example")
        #expect(fixture.app.immediateAnswer(to: otherHost) == nil)
        #expect(fixture.app.immediateAnswer(to: Self.request("/images/\(entry.id.string)/\(image.id + 100)/256", cookie: cookie)) == nil)
        #expect(fixture.app.immediateAnswer(to: Self.request("/images/\(entry.id.string)/\(image.id)/300", cookie: cookie)) == nil)
        #expect(fixture.app.immediateAnswer(to: Self.request("/diary", cookie: cookie)) == nil)
        // A thumbnail the cache lost is made again by the handler.
        try FileManager.default.removeItem(at: fixture.store.location.thumbnailsDirectory)
        #expect(fixture.app.immediateAnswer(to: Self.request(path, cookie: cookie)) == nil)
        let remade = try await fixture.get(path)
        #expect(remade.status == 200)
    }

    @Test func anImageRemovedSinceIsNeverAnsweredFromMemory() async throws {
        let fixture = try WebFixture()
        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide)]))
        let image = try #require(entry.images.first)
        let path = "/images/\(entry.id.string)/\(image.id)/256"
        #expect(try await fixture.get("/diary").status == 200)  // the session cookie
        #expect(try await fixture.get(path).status == 200)
        #expect(try await fixture.get(path).status == 200)
        try fixture.store.purge(entry.id)
        let gone = try await fixture.get(path)
        #expect(gone.status == 404)
    }

    /// The session cookie (`name=value`) curl kept in the jar at `path` after a login.
    private static func jarCookie(_ path: String) throws -> String {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let fields = try #require(lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            .first { $0.count == 7 && $0[5] == Session.cookieName[...] })
        return "\(fields[5])=\(fields[6])"
    }

    @Test func aKeptImageAnswersAnAccountOnlyWhileItReadsTheBook() async throws {
        let people = try AccountsWebTests.TwoPeople()
        let mina = people.web.store.acting(as: .account(people.mina.id))
        let family = try mina.createBook(collection: "feed", name: "Family")
        let post = try Feed(store: mina).create(FeedDraft(title: "At the river", images: [.file(Photos.wide)], book: family.id))
        try mina.setRole(.viewer, for: people.joon.id, in: family.id)
        let path = "/images/\(post.id.string)/\(try #require(post.images.first).id)/256"
        var cookies: [String: String] = [:]
        for (login, password) in [("mina", "mina's long password"), ("joon", "joon's long password")] {
            let jar = people.web.directory.appending("\(login).txt").path
            #expect(try await AccountsWebTests.logIn(people.web, login, password, jar: jar).status == 303)
            cookies[login] = try Self.jarCookie(jar)
        }
        // Mina's read keeps the attachment; Joon, a viewer, is answered from what is kept.
        #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: cookies["mina"]))?.status == .ok)
        #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: cookies["joon"]))?.status == .ok)
        // Removed from the book (no change is logged, so the kept attachment stays): Joon gets nothing
        // from memory, and the handler answers as if the image did not exist; Mina still reads it.
        try mina.removeMember(people.joon.id, from: family.id)
        #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: cookies["joon"])) == nil)
        #expect(await people.web.app.handle(Self.request(path, cookie: cookies["joon"])).status == .notFound)
        #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: cookies["mina"]))?.status == .ok)
    }

    /// A logged-out session is refused on the polling thread as by the handler: whether it was
    /// ended is read in the same transaction as its account and the access rule.
    @Test func aLoggedOutSessionGetsNoImage() async throws {
        let people = try AccountsWebTests.TwoPeople()
        let mina = people.web.store.acting(as: .account(people.mina.id))
        let post = try Feed(store: mina).create(FeedDraft(title: "At the river", images: [.file(Photos.wide)]))
        let path = "/images/\(post.id.string)/\(try #require(post.images.first).id)/256"
        let jar = people.web.directory.appending("mina.txt").path
        #expect(try await AccountsWebTests.logIn(people.web, "mina", "mina's long password", jar: jar).status == 303)
        let cookie = try Self.jarCookie(jar)
        #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: cookie))?.status == .ok)
        let page = try await KeepsakeTestSupport.curl(["-b", jar, people.web.url("/diary")])
        let out = try await KeepsakeTestSupport.curl(["-b", jar, "--data-urlencode", "_csrf=\(try #require(page.csrfToken))", people.web.url("/logout")])
        #expect(out.status == 303)
        #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: cookie)) == nil)
        #expect(await people.web.app.handle(Self.request(path, cookie: cookie)).status != .ok)
    }

    /// What the image path keeps for a session (``WebApp/sessionAccess``) lasts only while nothing
    /// commits: a logout on another server of the store, and an account disabled by another
    /// process, refuse the next image at once.
    @Test func aLogoutOnAnotherServerOrADisabledAccountRefusesTheNextImage() async throws {
        let secret = SessionSecret.random()
        let people = try AccountsWebTests.TwoPeople(sessionSecret: secret)
        let post = try Feed(store: people.web.store.acting(as: .account(people.mina.id)))
            .create(FeedDraft(title: "At the river", images: [.file(Photos.wide)]))
        let path = "/images/\(post.id.string)/\(try #require(post.images.first).id)/256"
        let other = try WebFixture(sessionSecret: secret, store: try TestStores.open(people.directory))
        for (login, password) in [("mina", "mina's long password"), ("joon", "joon's long password")] {
            let jar = people.web.directory.appending("\(login).txt").path
            #expect(try await AccountsWebTests.logIn(people.web, login, password, jar: jar).status == 303)
        }
        let minaJar = people.web.directory.appending("mina.txt").path
        let mina = try Self.jarCookie(minaJar)
        for _ in 0..<2 { #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: mina))?.status == .ok) }
        #expect(people.web.app.sessionAccess.count == 1)

        let page = try await KeepsakeTestSupport.curl(["-b", minaJar, other.url("/diary")])
        let out = try await KeepsakeTestSupport.curl(["-b", minaJar, "--data-urlencode", "_csrf=\(try #require(page.csrfToken))", other.url("/logout")])
        #expect(out.status == 303)
        #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: mina)) == nil, "logged out on the other server")

        // Joon reads Mina's post once she shares her feed; then he is disabled by the CLI.
        let feed = try people.web.store.defaultBook(of: people.mina.id, in: "feed")
        try people.web.store.acting(as: .account(people.mina.id)).setRole(.viewer, for: people.joon.id, in: feed.id)
        let joon = try Self.jarCookie(people.web.directory.appending("joon.txt").path)
        for _ in 0..<2 { #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: joon))?.status == .ok) }
        let disabled = try runProcess(Binaries.url("keepsake"), ["--store", people.directory.url.path, "user", "disable", "joon"])
        #expect(disabled.status == 0, "\(disabled.stderr)")
        #expect(people.web.app.immediateAnswer(to: Self.request(path, cookie: joon)) == nil, "disabled by another process")
        #expect(await people.web.app.handle(Self.request(path, cookie: joon)).status != .ok)
    }

    @Test func aLoginIsRequiredAsForThePages() async throws {
        let fixture = try WebFixture(password: "correct horse battery")
        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide)]))
        let image = try #require(entry.images.first)
        let cookie = try await Self.sessionCookie(fixture)
        #expect(fixture.app.immediateAnswer(to: Self.request("/images/\(entry.id.string)/\(image.id)/256", cookie: cookie)) == nil,
                "a session that has not logged in is answered by the handler (its login page)")
        let refused = try await fixture.get("/images/\(entry.id.string)/\(image.id)/256")
        #expect(refused.status == 401)
    }
}
