import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Synchronization
import Testing

/// On Linux each polling thread listens on the shared port (SO_REUSEPORT), so the kernel spreads
/// the connections a client opens together over the threads; a port another server listens on is
/// still refused.
@Suite struct PollingThreadTests {
    @Test func connectionsOpenedTogetherAreServedByEveryPollingThread() throws {
        #if os(Linux)
        let answeredBy = Mutex<[String: UInt]>([:])
        let fixture = try ServerFixture(configure: { configuration in
            configuration.pollingThreads = 2
            configuration.immediateAnswer = { request in
                answeredBy.withLock { $0[request.path] = UInt(pthread_self()) }
                return .text("quick")
            }
        }) { _ in .text("handled") }
        // Four bursts of eight connections opened at once, as a load generator or a browser opens
        // them. With a socket per thread the kernel spreads them, so a burst lands on one thread only
        // by a chance of 1 in 128 (all four: 1 in 2^28); a second daemon that never got connections
        // fails this. (The old thread pool behind one socket passed it too when idle: its imbalance
        // showed under sustained load, which BENCHMARKS.md measures, not in a test.)
        var spreadBursts = 0
        for burst in 0..<4 {
            let sockets = try (0..<8).map { _ in try RawSocket(port: fixture.server.port, blocking: false) }
            Thread.sleep(forTimeInterval: 0.05)
            for (index, socket) in sockets.enumerated() {
                _ = fcntl(socket.descriptor, F_SETFL, fcntl(socket.descriptor, F_GETFL) & ~O_NONBLOCK)
                socket.send("GET /\(burst)/\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            }
            for socket in sockets {
                #expect(statusCodes(in: String(decoding: socket.receive(timeout: 5).bytes, as: UTF8.self)) == [200])
            }
            let threads = answeredBy.withLock { answered in Set((0..<8).compactMap { answered["/\(burst)/\($0)"] }) }
            if threads.count == 2 { spreadBursts += 1 }
        }
        #expect(spreadBursts >= 1, "bursts served by both polling threads: \(spreadBursts) of 4")
        #endif
    }

    @Test func aPortAnotherServerListensOnIsRefusedEvenWhenThreadsSharePorts() throws {
        let first = try ServerFixture(configure: { $0.pollingThreads = 2 }) { _ in .text("first") }
        let staging = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: staging) }
        var taken = HTTPServer.Configuration(stagingDirectory: staging, port: first.server.port)
        taken.pollingThreads = 2
        #expect { try HTTPServer(configuration: taken) { _ in .text("second") } } throws: { error in
            guard case .cannotListen(_, let port, let reason) = error as? HTTPServerError else { return false }
            return port == first.server.port && reason.contains("in use")
        }
        // Every request still reaches the first server.
        for _ in 0..<8 { #expect(try curl([first.url("/")]).text == "first") }
    }
}
