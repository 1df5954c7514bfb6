import Foundation
import KeepsakeStore
import KeepsakeDiary
import KeepsakeTestSupport
import KeepsakeWeb
import Testing
import KeepsakeSupport

/// Headers, CSRF, origins, hosts and the password required beyond 127.0.0.1.
@Suite struct SecurityTests {
    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let fixture = try WebFixture()
        for path in ["/diary", "/feed", "/ledger", "/store", "/diary/new", "/no/such/page", "/assets/app.js", "/images/x/1/original"] {
            let response = try await fixture.get(path)
            let policy = try #require(response.header("Content-Security-Policy"), "\(path)")
            #expect(policy.contains("default-src 'self'"))
            #expect(policy.contains("script-src 'self'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(!policy.contains("unsafe-eval"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Referrer-Policy") == "same-origin")
            #expect(response.header("X-Frame-Options") == "DENY")
        }
        let page = try await fixture.get("/diary")
        #expect(page.status == 200)
        #expect(page.header("Cache-Control") == "no-store")
        #expect(!page.text.contains("<script>"), "no inline script")
        #expect(!page.text.contains("style=\""), "no inline style")
    }

    @Test func refusalsFromTheHTTPLayerCarryTheSecurityHeadersAndNoFileName() async throws {
        let fixture = try WebFixture(limits: WebLimits(maxFileBytes: 100_000))
        let large = fixture.directory.appending("large.jpg")
        try Data(count: 300_000).write(to: large)
        let hostile = "<img src=x onerror=alert(1)>.jpg"
        // Three times the web app's limit: the HTTP layer stops reading and answers itself.
        let tooLarge = try await fixture.post("/diary/new", fields: ["title=Big", "emotion=joy", "photos=@\(large.path);filename=\(hostile)"])
        let badAddress = try await fixture.get("/diary%zz")
        for (response, what) in [(tooLarge, "413"), (badAddress, "400")] {
            #expect(response.status == Int(what), "\(what)")
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8", "\(what): the HTTP layer's own answer")
            #expect(response.header("Content-Security-Policy") == SecurityHeadersExpectation.policy, "\(what)")
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(what)")
            #expect(response.header("X-Frame-Options") == "DENY", "\(what)")
            #expect(response.header("Referrer-Policy") == "same-origin", "\(what)")
            #expect(response.header("Cache-Control") == "no-store", "\(what)")
        }
        #expect(!tooLarge.text.contains("onerror") && !tooLarge.text.contains("large.jpg"))
    }

    @Test func theSessionCookieIsHttpOnlyAndSameSiteStrict() async throws {
        let fixture = try WebFixture()
        let response = try await curl([fixture.url("/diary")])
        let cookie = try #require(response.headers(named: "Set-Cookie").first { $0.hasPrefix("keepsake_session=") })
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Strict"))
        #expect(cookie.contains("Path=/"))
        // 2.<nonce: 128 random bits>.<issued>.<g: not logged in>.<credential version 0>.<HMAC-SHA256>
        let value = String(cookie.dropFirst("keepsake_session=".count).prefix { $0 != ";" })
        #expect(value.wholeMatch(of: #/2\.[0-9a-f]{32}\.[0-9]{10}\.g\.0\.[0-9a-f]{64}/#) != nil, "\(value)")
    }

    @Test func aPostWithoutTheFormTokenIsRefusedWith403() async throws {
        let fixture = try WebFixture()
        _ = try await fixture.get("/diary")  // a session, but no token sent
        let missing = try await fixture.curl(["-F", "title=Sneaky", "-F", "emotion=joy", "-F", "text=x", fixture.url("/diary/new")])
        #expect(missing.status == 403)
        #expect(missing.header("Content-Type")?.hasPrefix("text/html") == true)
        let wrong = try await fixture.curl(["-F", "_csrf=\(String(repeating: "0", count: 64))", "-F", "title=Sneaky", "-F", "emotion=joy",
                                            fixture.url("/diary/new")])
        #expect(wrong.status == 403)
        // Another browser's token does not work with this browser's cookie.
        let other = try WebFixture()
        let otherToken = try await other.csrfToken()
        let borrowed = try await fixture.curl(["-F", "_csrf=\(otherToken)", "-F", "title=Sneaky", "-F", "emotion=joy", fixture.url("/diary/new")])
        #expect(borrowed.status == 403)
        // Without any cookie at all.
        let token = try await fixture.csrfToken()
        let cookieless = try await curl(["-F", "_csrf=\(token)", "-F", "title=Sneaky", "-F", "emotion=joy", fixture.url("/diary/new")])
        #expect(cookieless.status == 403)
        for path in ["/diary/\(UUID().uuidString.lowercased())/delete", "/store/check", "/ledger/new", "/feed/new", "/logout"] {
            let refused = try await fixture.curl(["-X", "POST", "-d", "x=1", fixture.url(path)])
            #expect(refused.status == 403, "\(path)")
        }
        #expect(try fixture.store.status().totalRecords == 0)

        let accepted = try await fixture.post("/diary/new", fields: ["title=Fine", "emotion=joy", "intensity=3", "text=hello"])
        #expect(accepted.status == 303)
        #expect(try fixture.store.status().totalRecords == 1)
    }

    @Test func aPostFromAnotherOriginIsRefused() async throws {
        let fixture = try WebFixture()
        let refused = try await fixture.post("/diary/new", fields: ["title=Fine", "emotion=joy", "text=x"],
                                             headers: ["Origin: http://evil.example"])
        #expect(refused.status == 403)
        let same = try await fixture.post("/diary/new", fields: ["title=Fine", "emotion=joy", "text=x"],
                                          headers: ["Origin: http://127.0.0.1:\(fixture.server.port)"])
        #expect(same.status == 303)
    }

    /// `Origin: null` (a sandboxed frame, a `file:` page, a data URL) is no origin of this server:
    /// refused even with the right form token. The pages' own forms send their real origin
    /// (`Referrer-Policy: same-origin`; under `no-referrer` browsers send `null` for them).
    @Test func aPostWithOriginNullIsRefused() async throws {
        let fixture = try WebFixture()
        let refused = try await fixture.post("/diary/new", fields: ["title=Null", "emotion=joy", "intensity=3", "text=x"], headers: ["Origin: null"])
        #expect(refused.status == 403)
        #expect(try fixture.store.status().totalRecords == 0)
        let page = try await fixture.get("/diary/new")
        #expect(page.header("Referrer-Policy") == "same-origin", "so that a browser sends the page's origin with its forms")
    }

    @Test func anotherHostNameIsRefusedWithoutAPassword() async throws {
        // DNS rebinding: evil.example resolving to 127.0.0.1 must not read the pages.
        let fixture = try WebFixture()
        let rebound = try await fixture.get("/diary", headers: ["Host: evil.example:\(fixture.server.port)"])
        #expect(rebound.status == 400)
        #expect(!rebound.text.contains("Diary"))
        let localhost = try await fixture.get("/diary", headers: ["Host: localhost:\(fixture.server.port)"])
        #expect(localhost.status == 200)
        for host in ["LocalHost:\(fixture.server.port)", "127.0.0.1", "[::1]:\(fixture.server.port)"] {
            #expect(try await fixture.get("/diary", headers: ["Host: \(host)"]).status == 200, "Host: \(host)")
        }
        for host in ["localhost.evil.example", "127.0.0.1.evil.example:\(fixture.server.port)", "[::1.evil]", ":\(fixture.server.port)", "localhos"] {
            #expect(try await fixture.get("/diary", headers: ["Host: \(host)"]).status == 400, "Host: \(host)")
        }
    }

    @Test func listeningBeyondLoopbackRequiresAPassword() throws {
        let directory = KeepsakeTestSupportDirectory()
        let store = try directory.open()
        for host in ["0.0.0.0", "127.0.0.2", "192.168.1.10"] {
            #expect(throws: WebError.self) {
                _ = try WebApp(store: store, configuration: WebConfiguration(host: host, port: 0))
            }
            #expect(throws: WebError.self) {
                _ = try WebApp(store: store, configuration: WebConfiguration(host: host, port: 0, password: ""))
            }
        }
        _ = try WebApp(store: store, configuration: WebConfiguration(host: "127.0.0.2", port: 0, password: "secret"))
    }

    @Test(arguments: ["127.0.0.2", "0.0.0.0"])
    func withAPasswordEveryPageAsksForItOnce(host: String) async throws {
        let fixture = try WebFixture(host: host, password: "correct horse")
        let target = host == "0.0.0.0" ? "127.0.0.1" : host
        func url(_ path: String) -> String { "http://\(target):\(fixture.server.port)\(path)" }
        let jar = fixture.cookieJar.path

        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide)]))
        let image = try #require(entry.images.first)
        for path in ["/diary", "/diary/\(entry.id.string)", "/feed", "/ledger/export.csv", "/store", "/changes",
                     "/images/\(entry.id.string)/\(image.id)/original"] {
            let locked = try await curl(["-b", jar, "-c", jar, url(path)])
            #expect(locked.status == 401, "\(path)")
            #expect(locked.text.contains("name=\"password\""), "\(path) shows the login form")
            #expect(!locked.text.contains("Picnic"))
        }
        // The style sheet and script of the login page are public.
        #expect(try await curl([url("/assets/app.css")]).status == 200)

        let login = try await curl(["-b", jar, "-c", jar, url("/login?next=/diary")])
        let before = try #require(sessionCookie(in: fixture.cookieJar))
        let token = try #require(login.csrfToken)
        let wrong = try await curl(["-b", jar, "-c", jar, "--data-urlencode", "_csrf=\(token)", "--data-urlencode", "login=admin", "--data-urlencode", "password=guess",
                                        "--data-urlencode", "next=/diary", url("/login")])
        #expect(wrong.status == 401)
        #expect(wrong.text.contains("do not match"))

        let right = try await curl(["-b", jar, "-c", jar, "--data-urlencode", "_csrf=\(token)", "--data-urlencode", "login=admin", "--data-urlencode", "password=correct horse",
                                        "--data-urlencode", "next=/diary", url("/login")])
        #expect(right.status == 303)
        #expect(right.header("Location") == "/diary")
        let cookie = try #require(right.headers(named: "Set-Cookie").first { $0.hasPrefix("keepsake_session=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))

        let open = try await curl(["-b", jar, "-c", jar, url("/diary")])
        #expect(open.status == 200)
        #expect(open.text.contains("Picnic"))
        let photo = try await curl(["-b", jar, url("/images/\(entry.id.string)/\(image.id)/original")])
        #expect(photo.status == 200)

        // The session id from before the login is not the one after it (no session fixation).
        let after = try #require(sessionCookie(in: fixture.cookieJar))
        #expect(before != after)
        #expect(cookie.hasPrefix("keepsake_session=\(after)"))
    }

    @Test func passwordGuessingFromOneAddressWaitsLongerAfterEachWrongPassword() async throws {
        // The throttle's clock moves only when the test moves it: on a busy machine a request sent
        // late found a wait nearly over and read a shorter Retry-After than the one before.
        let clock = TestClock(Date())
        let fixture = try WebFixture(host: "127.0.0.2", password: "right", clock: clock.closure)
        let jar = fixture.cookieJar.path
        let login = try await curl(["-b", jar, "-c", jar, fixture.url("/login")])
        let token = try #require(login.csrfToken)
        func attempt(_ password: String) async throws -> CurlResponse {
            try await curl(["-b", jar, "-c", jar, "--data-urlencode", "_csrf=\(token)", "--data-urlencode", "login=admin", "--data-urlencode", "password=\(password)",
                                fixture.url("/login")])
        }
        for guess in 0..<5 {
            #expect(try await attempt("guess \(guess)").status == 401, "the first five wrong passwords are only slowed")
        }
        // From now on each wrong password makes the address wait twice as long: guess again each
        // time the wait is over, until it is several seconds.
        var waits: [Int] = [], wrong = 5
        for guess in 5..<20 {
            let response = try await attempt("guess \(guess)")
            if response.status == 401 {
                wrong += 1
                continue
            }
            #expect(response.status == 429)
            #expect(response.text.contains("Too many wrong passwords"))
            let wait = try #require(Int(response.header("Retry-After") ?? ""))
            waits.append(wait)
            if wait >= 6 { break }
            clock.advance(by: Double(wait) + 0.1)
        }
        #expect(waits == [1, 2, 4, 8], "each wrong password doubles the wait: \(waits)")
        #expect(wrong <= 10, "waits of 1, 2, 4, 8 s: the 8th wrong password already costs 8 s (\(wrong) wrong ones)")
        #expect(try await attempt("right").status == 429, "not even the right one while this address waits")
    }

    @Test func redirectsNeverLeaveTheSite() async throws {
        let fixture = try WebFixture()
        for back in ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"] {
            let response = try await fixture.curl(["-G", "--data-urlencode", "back=\(back)", fixture.url("/lang/ko")])
            #expect(response.status == 303)
            #expect(response.header("Location") == "/", "\(back)")
        }
    }
}

/// The policy every response must carry.
enum SecurityHeadersExpectation {
    static let policy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
}
