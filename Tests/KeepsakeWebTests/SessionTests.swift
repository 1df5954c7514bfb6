import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing
import KeepsakeSupport

/// Sessions live in signed cookies: a flood of requests without a cookie ends nobody's session,
/// several servers sharing a secret accept each other's cookies and form tokens, and logging out
/// on one of them ends the session on all.
@Suite struct SessionTests {
    /// `count` requests without any cookie, 32 at a time, from one curl; their statuses.
    static func cookielessFlood(_ fixture: WebFixture, count: Int) throws -> [Int] {
        let output = fixture.directory.appending("flood")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "-Z", "--parallel-max", "32", "--output-dir", output.path, "-o", "r#1", "-w", "%{http_code}\n",
                             fixture.url("/changes?n=[1-\(count)]")]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: output)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
    }

    @Test func aFloodOfRequestsWithoutACookieEndsNoSession() async throws {
        let fixture = try WebFixture()
        let token = try await fixture.csrfToken()  // an open compose form
        let before = try #require(sessionCookie(in: fixture.cookieJar))
        let statuses = try Self.cookielessFlood(fixture, count: 1_500)
        #expect(statuses.count == 1_500)
        #expect(statuses.allSatisfy { $0 == 200 })
        // The form opened before the flood still saves.
        let saved = try await fixture.curl(["-F", "_csrf=\(token)", "-F", "title=After the flood", "-F", "emotion=joy",
                                            "-F", "intensity=3", "-F", "text=still here", fixture.url("/diary/new")])
        #expect(saved.status == 303)
        #expect(try fixture.store.status().totalRecords == 1)
        #expect(sessionCookie(in: fixture.cookieJar) == before)
    }

    @Test func aFloodOfRequestsWithoutACookieDoesNotLogAnyoneOut() async throws {
        let fixture = try WebFixture(password: "secret words")
        try await Self.logIn(fixture, password: "secret words")
        #expect(try Self.cookielessFlood(fixture, count: 1_500).allSatisfy { $0 == 401 })
        #expect(try await fixture.get("/diary").status == 200, "still logged in")
    }

    /// Logs the fixture's cookie jar in.
    static func logIn(_ fixture: WebFixture, password: String, server: String? = nil) async throws {
        let base = server ?? "http://127.0.0.1:\(fixture.server.port)"
        let page = try await fixture.curl(["\(base)/login"])
        let token = try #require(page.csrfToken)
        let done = try await fixture.curl(["--data-urlencode", "_csrf=\(token)", "--data-urlencode", "login=admin", "--data-urlencode", "password=\(password)", "\(base)/login"])
        #expect(done.status == 303)
    }

    @Test func serversSharingASecretShareSessionsAndALogoutEndsTheSessionOnAll() async throws {
        let secret = SessionSecret.random()
        let fixture = try WebFixture(password: "pw", sessionSecret: secret)
        // A second server on the same store with the same secret, as two `keepsake serve` would be.
        let secondApp = try WebApp(store: fixture.store, configuration: WebConfiguration(port: 0, password: "pw", changePollSeconds: 0,
                                                                                         sessionSecret: secret))
        let second = try WebServer(app: secondApp)
        defer { second.stop() }
        let other = "http://127.0.0.1:\(second.port)"

        try await Self.logIn(fixture, password: "pw")
        let loggedIn = try #require(sessionCookie(in: fixture.cookieJar))
        #expect(try await fixture.curl(["\(other)/diary"]).status == 200, "the cookie from the first server works on the second")
        // A form opened on the first server saves on the second.
        let token = try await fixture.csrfToken()
        let saved = try await fixture.curl(["-F", "_csrf=\(token)", "-F", "title=Shared", "-F", "emotion=calm", "-F", "intensity=2",
                                            "-F", "text=two servers", "\(other)/diary/new"])
        #expect(saved.status == 303)

        // Logging out on the second server ends the session on the first too.
        let logout = try await fixture.curl(["-F", "_csrf=\(token)", "\(other)/logout"])
        #expect(logout.status == 303)
        for base in [fixture.url(""), other] {
            let reused = try await curl(["-H", "Cookie: keepsake_session=\(loggedIn)", "\(base)/diary"])
            #expect(reused.status == 401, "\(base): a logged-out cookie is refused")
        }
        // A server with another secret accepts none of these cookies.
        let stranger = try WebFixture(password: "pw")
        #expect(try await curl(["-H", "Cookie: keepsake_session=\(loggedIn)", stranger.url("/diary")]).status == 401)
    }

    @Test func serversOnTwoMachinesOfADistributedStoreShareTheSecretAndLogouts() async throws {
        // PostgreSQL + S3, and two servers whose local folders differ, as on two machines.
        let place = try PostgresS3StorePlace(label: "web")
        let firstStore = try place.open()
        let secondFolder = PlaceFolders.make("second-machine")
        let secondStore = try place.open(location: StoreLocation(root: secondFolder.url))
        let secret = try SessionSecret.loadOrCreate(for: firstStore)
        #expect(try SessionSecret.loadOrCreate(for: secondStore) == secret, "one secret for every server of the store")
        #expect(!FileManager.default.fileExists(atPath: secondFolder.appending(SessionSecret.fileName).path), "nothing local is needed")
        let fixture = try WebFixture(password: "pw", sessionSecret: secret, store: firstStore)
        let secondApp = try WebApp(store: secondStore, configuration: WebConfiguration(port: 0, password: "pw", changePollSeconds: 0,
                                                                                        sessionSecret: try SessionSecret.loadOrCreate(for: secondStore)))
        let second = try WebServer(app: secondApp)
        defer { second.stop() }
        let other = "http://127.0.0.1:\(second.port)"

        try await Self.logIn(fixture, password: "pw")
        let loggedIn = try #require(sessionCookie(in: fixture.cookieJar))
        #expect(try await fixture.curl(["\(other)/diary"]).status == 200, "the first machine's login works on the second")
        let token = try await fixture.csrfToken()
        let saved = try await fixture.curl(["-F", "_csrf=\(token)", "-F", "title=Shared", "-F", "emotion=calm", "-F", "intensity=2",
                                            "-F", "text=two machines", "\(other)/diary/new"])
        #expect(saved.status == 303, "a form opened on one machine saves on the other")
        #expect(try await fixture.curl(["-F", "_csrf=\(token)", "\(other)/logout"]).status == 303)
        for base in [fixture.url(""), other] {
            let reused = try await curl(["-H", "Cookie: keepsake_session=\(loggedIn)", "\(base)/diary"])
            #expect(reused.status == 401, "\(base): a cookie logged out on the other machine is refused")
        }
    }

    @Test func aStoreServedBeforeKeepsItsSecretFromTheDataFolderFile() throws {
        let directory = TemporaryDirectory("legacy")
        let store = try TestStores.open(directory)
        let legacy = String(repeating: "5a", count: 32)
        let file = store.location.dataDirectory.appendingPathComponent(SessionSecret.fileName)
        try (legacy + "\n").write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(Hex.encode(try SessionSecret.loadOrCreate(for: store)) == legacy, "the upgrade logs nobody out")
        try FileManager.default.removeItem(at: file)
        #expect(Hex.encode(try SessionSecret.loadOrCreate(for: store)) == legacy, "kept in the store from then on")
    }

    @Test func aLogoutEndsTheSessionEvenForACopyOfItsCookie() async throws {
        let fixture = try WebFixture(password: "pw")
        try await Self.logIn(fixture, password: "pw")
        let copy = try #require(sessionCookie(in: fixture.cookieJar))
        let token = try await fixture.csrfToken()
        #expect(try await fixture.curl(["-F", "_csrf=\(token)", fixture.url("/logout")]).status == 303)
        let reused = try await curl(["-H", "Cookie: keepsake_session=\(copy)", fixture.url("/diary")])
        #expect(reused.status == 401)
        let ended = try fixture.store.metadata.read { try $0.settings(in: "web.revocations") }
        #expect(ended.count == 1, "the logout is kept in the store, where every server looks")
    }

    @Test func anAlteredCookieIsNotASession() async throws {
        let fixture = try WebFixture(password: "pw")
        try await Self.logIn(fixture, password: "pw")
        let cookie = try #require(sessionCookie(in: fixture.cookieJar))
        var parts = cookie.split(separator: ".").map(String.init)
        try #require(parts.count == 6)
        #expect(parts[3] != "g", "the cookie names the account")
        let signature = parts[5]
        parts[5] = String(signature.dropLast()) + (signature.hasSuffix("0") ? "1" : "0")
        let forged = parts.joined(separator: ".")
        parts[5] = signature
        parts[2] = String((Int(parts[2]) ?? 0) + 3600)  // "issued later", to outlive its lifetime
        let postponed = parts.joined(separator: ".")
        parts[2] = String((Int(parts[2]) ?? 0) - 3600)
        parts[4] = String((Int(parts[4]) ?? 0) + 1)  // "a later credential version"
        let newerVersion = parts.joined(separator: ".")
        let zeros = String(repeating: "0", count: 32), oldFormat = "1.\(zeros).0.a.\(String(repeating: "0", count: 64))"
        for value in [forged, postponed, newerVersion, oldFormat, ""] {
            let response = try await curl(["-H", "Cookie: keepsake_session=\(value)", fixture.url("/diary")])
            #expect(response.status == 401, "\(value)")
        }
        #expect(try await curl(["-H", "Cookie: keepsake_session=\(cookie)", fixture.url("/diary")]).status == 200)
    }
}
