import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// A smaller body limit for some requests (`Configuration.bodyLimit`, the web app's JSON bodies):
/// a longer `Content-Length` is refused before the body is read, a chunked body that grows past it
/// is drained without being kept and refused, both in the refusal formatter's words.
@Suite struct BodyLimitTests {
    private static func fixture(seen: Recorder<String>) throws -> ServerFixture {
        try ServerFixture(configure: { configuration in
            configuration.bodyLimit = { head in head.path == "/small" ? 100 : nil }
            configuration.refusalFormatter = { head, status, message in
                .text("refused \(head.path): \(message)", status: status)
            }
        }) { request in
            seen.record("\(request.path) \(request.body.byteCount)")
            return .text("kept \(request.body.byteCount)")
        }
    }

    @Test func aLongerContentLengthIsRefusedBeforeTheBodyIsSent() throws {
        let seen = Recorder<String>()
        let fixture = try Self.fixture(seen: seen)
        // Only the head is sent: the answer comes without the body.
        let refused = try exchange(port: fixture.server.port,
                                   "POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 101\r\nExpect: 100-continue\r\n\r\n")
        #expect(statusCodes(in: refused.text) == [413], "\(refused.text)")
        #expect(refused.text.contains("refused /small"))
        #expect(refused.text.contains("over the limit of 100 bytes"))
        #expect(refused.closed)
        let kept = try exchange(port: fixture.server.port,
                                "POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 100\r\n\r\n" + String(repeating: "x", count: 100))
        #expect(statusCodes(in: kept.text) == [200])
        let other = try exchange(port: fixture.server.port,
                                 "POST /big HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 5000\r\n\r\n" + String(repeating: "x", count: 5000))
        #expect(statusCodes(in: other.text) == [200])
        #expect(seen.values == ["/small 100", "/big 5000"])
    }

    @Test func aChunkedBodyPastTheLimitIsDrainedAndRefused() throws {
        let seen = Recorder<String>()
        let fixture = try Self.fixture(seen: seen)
        let chunk = String(repeating: "y", count: 60)
        let body = "3c\r\n\(chunk)\r\n3c\r\n\(chunk)\r\n0\r\n\r\n"
        let refused = try exchange(port: fixture.server.port,
                                   "POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
        #expect(statusCodes(in: refused.text) == [413], "\(refused.text)")
        #expect(refused.text.contains("refused /small"))
        #expect(fixture.stagedFiles.isEmpty)
        let kept = try exchange(port: fixture.server.port,
                                "POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n3c\r\n\(chunk)\r\n0\r\n\r\n")
        #expect(statusCodes(in: kept.text) == [200])
        #expect(seen.values == ["/small 60"])
    }
}
