import Foundation
import KeepsakeTestSupport
import KeepsakeWeb
import Synchronization
import Testing

/// On a server with a password, a browser that has not logged in cannot make it write anything
/// to disk: a request with a body is refused from its head, before a byte of the body is read.
@Suite struct UnauthenticatedUploadTests {
    /// Watches the upload folder while `work` runs; returns the most files seen in it at once.
    static func watchUploads(_ fixture: WebFixture, during work: () async throws -> Void) async rethrows -> Int {
        let running = Mutex(true), most = Mutex(0)
        let folder = fixture.server.uploadDirectory.path
        let watcher = Thread {
            while running.withLock({ $0 }) {
                let count = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.count ?? 0
                most.withLock { $0 = max($0, count) }
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
        watcher.start()
        try await work()
        running.withLock { $0 = false }
        return most.withLock { $0 }
    }

    @Test(arguments: ["multipart", "chunked multipart", "chunked raw"])
    func anUnauthenticatedUploadIsRefusedEarlyAndWritesNothing(how: String) async throws {
        let fixture = try WebFixture(password: "pw")
        let big = fixture.directory.appending("big.jpg")
        try Data(count: 40 << 20).write(to: big)
        let page = try await fixture.get("/login")
        let token = try #require(page.csrfToken)
        // 40 MB at 4 MB/s would take 10 s to send in full.
        var arguments = ["--limit-rate", "4M"]
        switch how {
        case "multipart": arguments += ["-F", "_csrf=\(token)", "-F", "photos=@\(big.path)"]
        case "chunked multipart": arguments += ["-H", "Transfer-Encoding: chunked", "-F", "_csrf=\(token)", "-F", "photos=@\(big.path)"]
        default: arguments += ["-H", "Transfer-Encoding: chunked", "-H", "Content-Type: application/octet-stream", "--data-binary", "@\(big.path)"]
        }
        var response: CurlResponse?
        let seen = try await Self.watchUploads(fixture) {
            response = try await fixture.curl(arguments + [fixture.url("/diary/new")])
        }
        #expect(response?.status == 401, "\(how): refused with the login page")
        #expect(response?.text.contains("name=\"password\"") == true)
        // Refused from its head: the server answered and closed while curl was still sending, so
        // curl stopped long before the 40 MB were out (measured in bytes, not seconds: a loaded
        // machine cannot make this pass or fail by timing).
        let sent = response?.uploadedBytes ?? Int.max
        #expect(sent < 20 << 20, "\(how): curl sent \(sent) bytes before the answer; the body was read instead of refused")
        #expect(seen == 0, "\(how): nothing was staged in the upload folder")
        #expect(try fixture.store.status().totalRecords == 0)
    }

    @Test func theLoginFormItselfIsStillRead() async throws {
        let fixture = try WebFixture(password: "pw")
        try await SessionTests.logIn(fixture, password: "pw")
        // Logged in, an upload goes through as usual.
        let saved = try await fixture.post("/diary/new", fields: ["title=Mine", "emotion=joy", "intensity=3", "text=t",
                                                                 "photos=@\(Photos.wide.path)"])
        #expect(saved.status == 303)
        #expect(try fixture.store.status().totalRecords == 1)
    }

    @Test func aLargeLoginFormIsRefusedBeforeItIsRead() async throws {
        let fixture = try WebFixture(password: "pw")
        let page = try await fixture.get("/login")
        let token = try #require(page.csrfToken)
        let huge = try await fixture.curl(["--data-urlencode", "_csrf=\(token)", "--data-urlencode", "login=admin", "--data-urlencode", "password=\(String(repeating: "x", count: 20_000))",
                                           fixture.url("/login")])
        #expect(huge.status == 401)
        #expect(!huge.text.contains("not the password"), "refused from its head, never checked")
    }
}
