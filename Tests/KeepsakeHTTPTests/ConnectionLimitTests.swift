import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// Connection exhaustion: clients that hold connections without finishing a request cannot keep
/// others out (a limit per address, deadlines for the head and for body progress, a high total
/// limit that costs no thread per connection).
@Suite struct ConnectionLimitTests {
    /// A plain request from 127.0.0.1 and how long its answer took, or `nil` when it got none.
    private static func ping(port: UInt16) -> (status: Int, seconds: Double)? {
        let started = Date()
        guard let answer = try? exchange(port: port, "GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                                         timeout: 5),
              let status = statusCodes(in: answer.text).first else { return nil }
        return (status, Date().timeIntervalSince(started))
    }

    @Test func normalRequestsAreAnsweredThroughoutAFloodOfSlowConnections() throws {
        let fixture = try ServerFixture(configure: { configuration in
            configuration.headTimeout = .seconds(2)
            configuration.bodyProgressTimeout = .seconds(2)
            configuration.maxConnectionsPerAddress = 32
        }) { request in
            .text("pong \(request.path)")
        }
        // 8 addresses × 3 kinds × 14 clients = 336 connections wanted, 42 per address: over the
        // per-address limit, and over the 128 connections the server used to take in all.
        let sources = (2...9).map { "127.0.0.\($0)" }
        let flood = SlowClientFlood(port: fixture.server.port, sources: sources, perKind: 14)
        flood.start()
        Thread.sleep(forTimeInterval: 0.5)  // the flood is in place

        var answers: [(status: Int, seconds: Double)] = []
        var unanswered = 0
        let end = Date(timeIntervalSinceNow: 8)
        while Date() < end {
            if let answer = Self.ping(port: fixture.server.port) { answers.append(answer) } else { unanswered += 1 }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let outcome = flood.stop()

        #expect(unanswered == 0, "every normal request is answered during the flood")
        #expect(answers.count >= 30)
        #expect(answers.allSatisfy { $0.status == 200 })
        let slowest = answers.map(\.seconds).max() ?? 0
        #expect(slowest < 3, "slowest normal request: \(slowest) s")

        // The flood really held the server: hundreds of connections, far over the old limit.
        #expect(outcome.peakOpen >= 200, "peak open flood connections: \(outcome.peakOpen)")
        // The per-address limit closed the connections over 32 per address as soon as they came.
        let closedAtOnce = SlowClientFlood.Kind.allCases.flatMap { outcome.lifetimes[$0] ?? [] }.filter { $0 < 0.5 }
        #expect(closedAtOnce.count >= sources.count, "connections closed at once: \(closedAtOnce.count)")
        // The deadlines closed trickling heads, silent connections and stalled bodies after about
        // 2 s (sweeps run several times a second), however steadily they sent.
        for kind in SlowClientFlood.Kind.allCases {
            let deadlineClosed = (outcome.lifetimes[kind] ?? []).filter { $0 >= 0.5 }
            #expect(deadlineClosed.count >= 20, "\(kind): \(deadlineClosed.count) connections closed by the deadline")
            let longest = deadlineClosed.max() ?? 0
            #expect(longest < 4, "\(kind): the longest-lived connection lasted \(longest) s")
        }
    }

    @Test func aHeadFinishedInTimeIsServedAndAConnectionCarriesRequestsOneAfterAnother() throws {
        let fixture = try ServerFixture(configure: { $0.headTimeout = .seconds(2) }) { request in .text(request.path) }
        // A head sent slowly but within the deadline is answered.
        let slow = try RawSocket(port: fixture.server.port)
        for part in ["GET /sl", "ow HTTP/1.1\r\n", "Host: 127.0.0.1\r\n", "\r\n"] {
            slow.send(part)
            Thread.sleep(forTimeInterval: 0.3)
        }
        // (The connection stays open: this waits out the second.)
        let first = slow.receive(timeout: 1)
        #expect(statusCodes(in: String(decoding: first.bytes, as: UTF8.self)) == [200])
        // The deadline starts again after each request: a second one 1.5 s after the first was
        // answered (almost 3 s after the connection opened) still gets its answer.
        Thread.sleep(forTimeInterval: 0.5)
        slow.send("GET /again HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let second = slow.receive(timeout: 2)
        #expect(String(decoding: second.bytes, as: UTF8.self).hasSuffix("/again"))
        #expect(second.closed)
        // An idle keep-alive connection is closed once the next head is overdue.
        let idle = try RawSocket(port: fixture.server.port)
        idle.send("GET /one HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let answered = Date()
        let quiet = idle.receive(timeout: 5)
        #expect(quiet.closed)
        #expect(Date().timeIntervalSince(answered) < 3.5)
    }

    @Test func aSlowHandlerDoesNotHoldUpOtherConnections() throws {
        let release = DispatchSemaphore(value: 0), entered = DispatchSemaphore(value: 0)
        let fixture = try ServerFixture { request in
            if request.path == "/slow" {
                entered.signal()
                _ = release.wait(timeout: .now() + 30)  // held until every quick request is answered
            }
            return .text(request.path)
        }
        let slow = try CurlRun([fixture.url("/slow")])
        entered.wait()
        for index in 0..<20 {
            #expect(try curl(["--max-time", "10", fixture.url("/quick/\(index)")]).text == "/quick/\(index)")
        }
        release.signal()
        #expect(slow.finish().text == "/slow")
    }

    @Test func stopWaitsForRunningHandlersAndAnswersThem() throws {
        let started = DispatchSemaphore(value: 0)
        let fixture = try ServerFixture { request in
            started.signal()
            Thread.sleep(forTimeInterval: 1)
            return .text("finished \(request.path)")
        }
        let running = try CurlRun([fixture.url("/long")])
        started.wait()
        fixture.server.stop()
        let response = running.finish()
        #expect(response.status == 200)
        #expect(response.text == "finished /long")
        #expect(fixture.stagedFiles.isEmpty)
    }
}
