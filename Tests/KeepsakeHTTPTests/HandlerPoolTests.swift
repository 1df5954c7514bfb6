import Dispatch
import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Synchronization
import Testing

/// No burst of requests from one client delays another client's request: parked waits (long
/// polls) hold no handler thread, a burst starts a thread for each request it can run even while
/// one thread is idle, and one address never holds every thread (issue 25, item 1).
@Suite struct HandlerPoolTests {
    /// A request for `path` from `source`, answered or not within `timeout` seconds; the status.
    private static func status(port: UInt16, _ path: String, from source: String, timeout: Double) throws -> Int? {
        let answer = try exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                                  from: source, timeout: timeout)
        return statusCodes(in: answer.text).first
    }

    /// Opens `count` connections from `source` and sends a request for `path` on each, without
    /// waiting for the answers (the sockets are returned so they stay open).
    private static func burst(port: UInt16, _ path: String, count: Int, from source: String) throws -> [RawSocket] {
        try (0..<count).map { _ in
            let socket = try RawSocket(port: port, from: source)
            _ = socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return socket
        }
    }

    @Test func parkedLongPollsHoldNoThreadAndDelayNoOtherRequest() throws {
        let parked = Atomic<Int>(0)
        // Four handler threads and forty long polls: before parking, the polls took every thread
        // and the page waited for the first poll to end (the 29.6 s of the attack).
        let fixture = try ServerFixture(configure: { $0.maxConcurrentHandlers = 4 }) { request in
            if request.path == "/poll" {
                return try await HTTPServer.park {
                    parked.add(1, ordering: .relaxed)
                    try await Task.sleep(for: .seconds(4))
                    return .text("polled")
                }
            }
            return .text("page")
        }
        let port = fixture.server.port
        for round in 0..<5 {
            let polls = try Self.burst(port: port, "/poll", count: 40, from: "127.0.1.\(round)")
            // The page and a second request from another address are answered while every poll waits.
            #expect(try Self.status(port: port, "/page", from: "127.0.0.3", timeout: 2) == 200, "round \(round): the page waited")
            #expect(try Self.status(port: port, "/image", from: "127.0.0.4", timeout: 2) == 200, "round \(round): the image waited")
            if round == 4 {
                // The polls themselves are answered once their wait is over.
                for poll in polls {
                    let (bytes, _) = poll.receive(timeout: 10)
                    #expect(statusCodes(in: String(decoding: bytes, as: UTF8.self)) == [200])
                }
            }
        }
        #expect(parked.load(ordering: .relaxed) >= 40)
    }

    @Test func aBurstStartsAThreadForEachRequestWhileAnotherThreadIsIdle() throws {
        // Each request waits until `width` of them run at once (or 5 s pass): it answers 200 only if
        // they all got a thread together. Before the fix a burst arriving while one thread was idle
        // queued behind that one thread (each submission saw it idle and started none).
        let width = 8
        // Requests arrive in rounds of `width`; each waits inside its handler (holding its thread)
        // until the whole round has arrived.
        let arrived = Atomic<Int>(0)
        let fixture = try ServerFixture(configure: { $0.maxConcurrentHandlers = 32 }) { request in
            guard request.path == "/together" else { return .text("warm") }
            let mine = arrived.add(1, ordering: .sequentiallyConsistent).newValue
            let roundComplete = ((mine - 1) / width + 1) * width
            let deadline = ContinuousClock.now + .seconds(5)
            while arrived.load(ordering: .sequentiallyConsistent) < roundComplete, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.005)
            }
            return arrived.load(ordering: .sequentiallyConsistent) >= roundComplete ? .text("together") : .status(.serviceUnavailable)
        }
        let port = fixture.server.port
        for round in 0..<5 {
            // One request first, so that a thread is idle when the burst comes.
            #expect(try Self.status(port: port, "/warm", from: "127.0.0.1", timeout: 5) == 200)
            Thread.sleep(forTimeInterval: 0.05)
            let sockets = try (0..<width).map { index in
                try Self.burst(port: port, "/together", count: 1, from: "127.0.0.\(10 + index)")[0]
            }
            for socket in sockets {
                let (bytes, _) = socket.receive(timeout: 10)
                #expect(statusCodes(in: String(decoding: bytes, as: UTF8.self)) == [200], "round \(round): the burst was queued behind one thread")
            }
        }
    }

    @Test func oneAddressNeverHoldsEveryThread() throws {
        let release = DispatchSemaphore(value: 0)
        let blocked = Atomic<Int>(0)
        let fixture = try ServerFixture(configure: { $0.maxConcurrentHandlers = 8 }) { request in
            if request.path == "/slow" {
                blocked.add(1, ordering: .relaxed)
                release.wait()
                return .text("slow")
            }
            return .text("page")
        }
        let port = fixture.server.port
        // Twenty blocking requests from one address take at most six of the eight threads...
        let slow = try Self.burst(port: port, "/slow", count: 20, from: "127.0.0.2")
        let deadline = ContinuousClock.now + .seconds(5)
        while blocked.load(ordering: .relaxed) < 6, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(blocked.load(ordering: .relaxed) == 6)
        // ... so another address is answered while they wait.
        for index in 0..<5 {
            #expect(try Self.status(port: port, "/page", from: "127.0.0.\(3 + index)", timeout: 2) == 200)
        }
        for _ in 0..<20 { release.signal() }
        for socket in slow {
            let (bytes, _) = socket.receive(timeout: 10)
            #expect(statusCodes(in: String(decoding: bytes, as: UTF8.self)) == [200])
        }
        #expect(blocked.load(ordering: .relaxed) == 20)
    }
}
