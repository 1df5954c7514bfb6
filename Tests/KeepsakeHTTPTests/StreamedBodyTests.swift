import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KeepsakeHTTP
import KeepsakeTestSupport
import Synchronization
import Testing

/// Streamed bodies (`HTTPResponse.Body.stream`): pulled from their producer as the client reads,
/// with their length known, cut short on a failure, and stopped when nobody reads any more.
@Suite struct StreamedBodyTests {
    /// What a test producer did: bytes written, how it ended.
    final class ProducerLog: Sendable {
        let starts = Atomic(0)
        let written = Atomic(0)
        let endings = Mutex<[String]>([])

        func ended(_ how: String) { endings.withLock { $0.append(how) } }
        var ending: [String] { endings.withLock { $0 } }
    }

    /// Writes `count` bytes of a repeating pattern in pieces of `piece` bytes, recording what it
    /// did; `pause` between pieces makes it slow.
    static func patternProducer(count: Int, piece: Int = 16_384, pause: Double = 0, log: ProducerLog) -> HTTPBodyStream.Producer {
        { write in
            log.starts.add(1, ordering: .relaxed)
            let pattern = (0..<piece).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var sent = 0
            do {
                while sent < count {
                    let n = min(piece, count - sent)
                    try pattern.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                    sent += n
                    log.written.add(n, ordering: .relaxed)
                    if pause > 0 { Thread.sleep(forTimeInterval: pause) }
                }
                log.ended("finished")
            } catch let cancelled as HTTPBodyStream.Cancelled {
                log.ended("cancelled: \(cancelled)")
                throw cancelled
            }
        }
    }

    @Test func aStreamedBodyArrivesWholeWithItsLengthAndAHeadRequestStartsNoProducer() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try makeRandomFile(in: directory, name: "large.bin", count: 40 * 1024 * 1024 + 123)
        let size = Int64(try FileManager.default.attributesOfItem(atPath: source.path)[.size] as! Int)
        let log = ProducerLog()
        let fixture = try ServerFixture { _ in
            .stream(HTTPBodyStream(size: size) { write in
                log.starts.add(1, ordering: .relaxed)
                let handle = try FileHandle(forReadingFrom: source)
                defer { try? handle.close() }
                while let chunk = try handle.read(upToCount: 65_536), !chunk.isEmpty {
                    try chunk.withUnsafeBytes { try write($0) }
                }
                log.ended("finished")
            }, contentType: "application/octet-stream")
        }
        let download = directory.appendingPathComponent("download.bin")
        let result = try run("/usr/bin/curl", ["-sS", "-o", download.path, "-w", "%{http_code} %{size_download} %{header_json}", fixture.url("/large")])
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(result.status == 0)
        #expect(text.hasPrefix("200 \(size) "), "\(text.prefix(80))")
        #expect(text.contains("\"content-length\":[\"\(size)\"]"), "Content-Length is sent")
        #expect(try sha256(of: download) == sha256(of: source))
        #expect(log.starts.load(ordering: .relaxed) == 1)

        let head = try exchange(port: fixture.server.port, "HEAD /large HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        #expect(head.text.hasPrefix("HTTP/1.1 200 OK\r\n") && head.text.contains("Content-Length: \(size)\r\n"))
        #expect(head.text.hasSuffix("\r\n\r\n"), "HEAD is answered without a body")
        #expect(eventually { fixture.server.openStreams == 0 }, "both streams settle")
        #expect(log.starts.load(ordering: .relaxed) == 1, "HEAD never started the producer")
    }

    @Test func theProducerWaitsForASlowClientInsteadOfBufferingTheBody() throws {
        let size = 64 * 1024 * 1024
        let log = ProducerLog()
        let fixture = try ServerFixture { _ in
            .stream(HTTPBodyStream(size: Int64(size), producer: Self.patternProducer(count: size, log: log)), contentType: "application/octet-stream")
        }
        let client = try RawSocket(port: fixture.server.port)
        // A small receive buffer, so the kernel holds little on the client's side either.
        var small: Int32 = 64 * 1024
        _ = setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        client.send("GET /slow HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let got = recv(client.descriptor, &buffer, buffer.count, 0)
        try #require(got > 0)
        let first = Array(buffer[0..<got])
        #expect(eventually(timeout: .seconds(30)) { log.written.load(ordering: .relaxed) > 0 })
        Thread.sleep(forTimeInterval: 1.5)
        let ahead = log.written.load(ordering: .relaxed)
        // The producer is held back by the stream's 256 KiB buffer, libmicrohttpd's block and the
        // kernel's socket buffers: a few MB at most, never the body.
        #expect(ahead < 16 * 1024 * 1024, "the producer ran \(ahead) bytes ahead of a client that read 4 KB")
        let (rest, closed) = client.receive(timeout: 60)
        #expect(closed)
        let headerEnd = try #require((first + rest).firstRange(of: Array("\r\n\r\n".utf8)))
        #expect((first + rest).count - headerEnd.upperBound == size, "the whole body arrives once the client reads")
        #expect(log.ending == ["finished"])
    }

    @Test(arguments: [0.0, 0.05])
    func aClientThatGoesAwayMidBodyStopsTheProducer(pause: Double) throws {
        let size = 256 * 1024 * 1024
        let log = ProducerLog()
        let fixture = try ServerFixture { _ in
            .stream(HTTPBodyStream(size: Int64(size), producer: Self.patternProducer(count: size, pause: pause, log: log)), contentType: "application/octet-stream")
        }
        do {
            let client = try RawSocket(port: fixture.server.port)
            client.send("GET /gone HTTP/1.1\r\nHost: test\r\n\r\n")
            var received = 0
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while received < 100_000 {
                let n = recv(client.descriptor, &buffer, buffer.count, 0)
                guard n > 0 else { break }
                received += n
            }
            #expect(received >= 100_000)
            client.close()
        }
        #expect(eventually { fixture.server.openStreams == 0 }, "the stream was not freed after its client left")
        #expect(log.ending.count == 1 && log.ending[0].hasPrefix("cancelled: the client is gone"), "\(log.ending)")
        #expect(log.written.load(ordering: .relaxed) < size)
        // The server goes on serving.
        #expect(try curl(["-I", fixture.url("/again")]).status == 200)
    }

    @Test func aProducerThatFailsShortOrLongCutsTheResponseShortAndIsLogged() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the object store reset the connection" } }
        let errors = Recorder<String>()
        let fixture = try ServerFixture(errorLog: { errors.record($0) }) { request in
            let size = 4 * 1024 * 1024
            let pattern = [UInt8](repeating: 0x5A, count: 65_536)
            return .stream(HTTPBodyStream(size: Int64(size)) { write in
                let stop = request.path == "/fails" || request.path == "/short" ? 1024 * 1024 : size
                var sent = 0
                while sent < stop {
                    try pattern.withUnsafeBytes { try write($0) }
                    sent += pattern.count
                }
                if request.path == "/fails" { throw Broken() }
                if request.path == "/long" { try pattern.withUnsafeBytes { try write($0) } }
            }, contentType: "application/octet-stream")
        }
        for (path, message) in [("/fails", "failed after 1048576 of 4194304 bytes: the object store reset the connection"),
                                ("/short", "ended after 1048576 of 4194304 bytes"),
                                ("/long", "more than the 4194304 bytes announced")] {
            // A hang would end in curl's timeout (exit 28), not in a body cut short (exit 18).
            let response = try curl(["--max-time", "120", fixture.url(path)])
            #expect(response.status == 200 && response.header("Content-Length") == "4194304")
            if path == "/long" {
                // The announced bytes may all be out before the extra ones come: the body is right.
                #expect(response.body.count <= 4 * 1024 * 1024)
            } else {
                #expect(response.exitCode == 18, "\(path): curl should see a body cut short, got exit \(response.exitCode)")
                #expect(response.body.count < 4 * 1024 * 1024, "\(path)")
            }
            #expect(eventually { errors.values.contains { $0.hasPrefix("GET \(path): ") && $0.contains(message) } }, "\(path): \(errors.values)")
        }
        #expect(eventually { fixture.server.openStreams == 0 })
    }

    @Test func stoppingTheServerEndsAStreamWaitingForItsProducer() throws {
        let log = ProducerLog()
        let stopped = DispatchSemaphore(value: 0)
        let fixture = try ServerFixture { _ in
            .stream(HTTPBodyStream(size: 1_000_000) { write in
                log.starts.add(1, ordering: .relaxed)
                let piece = [UInt8](repeating: 1, count: 10_000)
                do {
                    try piece.withUnsafeBytes { try write($0) }
                    // The connection waits, suspended, for more; until the server has stopped (or
                    // for long, if stopping waited for this producer).
                    _ = stopped.wait(timeout: .now() + 120)
                    try piece.withUnsafeBytes { try write($0) }
                    log.ended("wrote after the stop")
                } catch let cancelled as HTTPBodyStream.Cancelled {
                    log.ended("cancelled: \(cancelled)")
                }
            }, contentType: "application/octet-stream")
        }
        let client = try RawSocket(port: fixture.server.port)
        client.send("GET /waiting HTTP/1.1\r\nHost: test\r\n\r\n")
        var buffer = [UInt8](repeating: 0, count: 65_536)
        #expect(recv(client.descriptor, &buffer, buffer.count, 0) > 0)
        Thread.sleep(forTimeInterval: 0.3)
        let clock = ContinuousClock(), started = clock.now
        fixture.server.stop()  // returns without the producer: it still waits
        stopped.signal()
        #expect(clock.now - started < .seconds(60), "stop waited for the producer")
        let (_, closed) = client.receive(timeout: 30)
        #expect(closed, "the connection was closed")
        #expect(eventually(timeout: .seconds(30)) { fixture.server.openStreams == 0 })
        #expect(log.ending == ["cancelled: the server is stopping"])
    }

    @Test func aStreamIsSentOnceOnly() throws {
        let errors = Recorder<String>()
        let shared = HTTPBodyStream(size: 3) { write in try [UInt8]("abc".utf8).withUnsafeBytes { try write($0) } }
        let fixture = try ServerFixture(errorLog: { errors.record($0) }) { _ in .stream(shared, contentType: "text/plain") }
        let first = try curl([fixture.url("/once")])
        #expect(first.status == 200 && first.text == "abc")
        let second = try curl([fixture.url("/twice")])
        #expect(second.status == 500)
        #expect(errors.values.contains { $0.contains("can be sent only once") })
    }
}
