import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Synchronization
import Testing

/// The server itself: binding, concurrency, keep-alive, stopping, async handlers.
@Suite struct ServerTests {
    @Test func bindsToLoopbackByDefault() throws {
        let fixture = try ServerFixture { _ in .text("ok") }
        #expect(fixture.server.address == "127.0.0.1")
        #expect(fixture.server.port != 0)
        #expect(fixture.server.baseURL.absoluteString == "http://127.0.0.1:\(fixture.server.port)/")
        #expect(try curl([fixture.url("/")]).text == "ok")

        let everywhere = try ServerFixture(host: "0.0.0.0") { _ in .text("ok") }
        #expect(everywhere.server.address == "0.0.0.0")
        #expect(try curl([everywhere.url("/")]).text == "ok")
    }

    @Test func startFailuresAreTypedErrors() throws {
        let staging = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: staging) }
        #expect(throws: HTTPServerError.invalidAddress("localhost")) {
            try HTTPServer(configuration: .init(stagingDirectory: staging, host: "localhost")) { _ in .text("") }
        }
        #expect(throws: HTTPServerError.invalidAddress("300.1.1.1")) {
            try HTTPServer(configuration: .init(stagingDirectory: staging, host: "300.1.1.1")) { _ in .text("") }
        }
        let first = try ServerFixture { _ in .text("") }
        do {
            let taken = HTTPServer.Configuration(stagingDirectory: staging, port: first.server.port)
            _ = try HTTPServer(configuration: taken) { _ in .text("") }
            Issue.record("a second server started on a port in use")
        } catch let error as HTTPServerError {
            guard case .cannotListen(_, let port, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(port == first.server.port)
            #expect(error.description.contains("\(first.server.port)"))
        }
    }

    @Test func fiftyConcurrentRequestsAllSucceed() throws {
        let active = Mutex(0)
        let peak = Mutex(0)
        let fixture = try ServerFixture { request in
            let now = active.withLock { $0 += 1; return $0 }
            peak.withLock { $0 = max($0, now) }
            Thread.sleep(forTimeInterval: 0.2)
            active.withLock { $0 -= 1 }
            return .text("reply \(request.path)")
        }
        let output = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let urls = (0..<50).map { fixture.url("/n/\($0)") }
        let started = Date()
        let result = try run("/usr/bin/curl", ["-sS", "--parallel", "--parallel-immediate", "--parallel-max", "50",
                                               "--output-dir", output.path, "--remote-name-all",
                                               "-w", "%{http_code}\n"] + urls)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0)
        let codes = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
        #expect(codes.count == 50)
        #expect(codes.allSatisfy { $0 == "200" })
        for index in 0..<50 {
            let body = try String(contentsOf: output.appendingPathComponent("\(index)"), encoding: .utf8)
            #expect(body == "reply /n/\(index)")
        }
        // 50 requests of 0.2 s each finish in far less than 10 s only if they run side by side.
        #expect(elapsed < 5)
        #expect(peak.withLock { $0 } >= 10)
    }

    @Test func keepAliveReusesTheConnection() throws {
        let fixture = try ServerFixture { request in .text(request.path) }
        let result = try run("/usr/bin/curl", ["-sS", "-o", "/dev/null", "-o", "/dev/null", "-o", "/dev/null",
                                               "-w", "%{http_code} %{num_connects}\n",
                                               fixture.url("/a"), fixture.url("/b"), fixture.url("/c")])
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
        #expect(lines == ["200 1", "200 0", "200 0"])
    }

    @Test func asyncHandler() async throws {
        actor Counter {
            var count = 0
            func next() -> Int { count += 1; return count }
        }
        let counter = Counter()
        let fixture = try ServerFixture { request in
            try await Task.sleep(for: .milliseconds(10))
            let number = await counter.next()
            return .text("\(request.path) \(number)")
        }
        #expect(try await curl([fixture.url("/one")]).text == "/one 1")
        #expect(try await curl([fixture.url("/two")]).text == "/two 2")
    }

    @Test func stopClosesTheListeningSocket() throws {
        let fixture = try ServerFixture { _ in .text("ok") }
        let url = fixture.url("/")
        #expect(try curl([url]).status == 200)
        fixture.server.stop()
        fixture.server.stop()
        let after = try curl([url])
        #expect(after.status == 0)
        #expect(after.exitCode == 7) // couldn't connect
    }
}
