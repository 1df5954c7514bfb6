import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// The head check refuses a request before its body is read: nothing is staged, and the answer
/// comes while the client is still sending.
@Suite struct HeadCheckTests {
    /// A server that refuses every request without the cookie `pass=yes`.
    private static func guardedServer(calls: Recorder<String>) throws -> ServerFixture {
        try ServerFixture(configure: { configuration in
            configuration.headCheck = { head in
                head.cookies["pass"] == "yes" ? nil : .status(.unauthorized, message: "Log in first.")
            }
        }) { request in
            calls.record(request.path)
            return .text("stored \(request.files.count) files")
        }
    }

    /// Sends a head and the first `sent` bytes of a body much longer than that, then waits for the
    /// answer; watches the staging folder meanwhile.
    private static func startUpload(_ fixture: ServerFixture, head: String, body: [UInt8]) throws -> (answer: String, closed: Bool, staged: [String]) {
        let connection = try RawSocket(port: fixture.server.port)
        connection.send(head)
        connection.send(body)
        let (bytes, closed) = connection.receive(timeout: 3)
        return (String(decoding: bytes, as: UTF8.self), closed, fixture.stagedFiles)
    }

    @Test func aRefusedMultipartUploadIsAnsweredAtOnceAndStagesNothing() throws {
        let calls = Recorder<String>()
        let fixture = try Self.guardedServer(calls: calls)
        let boundary = "XyZzY"
        let partHead = "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"big.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
        // 50 MB announced, 256 KB sent: the answer must not wait for the rest.
        let head = "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\n"
            + "Content-Length: \(50 << 20)\r\n\r\n"
        let upload = try Self.startUpload(fixture, head: head, body: Array(partHead.utf8) + [UInt8](repeating: 0xFF, count: 256 << 10))
        #expect(statusCodes(in: upload.answer) == [401])
        #expect(upload.answer.contains("Log in first."))
        #expect(upload.closed, "the connection is closed; the rest of the body is never read")
        #expect(upload.staged.isEmpty)
        #expect(calls.values.isEmpty)
    }

    @Test func aRefusedChunkedUploadIsAnsweredAtOnceAndStagesNothing() throws {
        let calls = Recorder<String>()
        let fixture = try Self.guardedServer(calls: calls)
        let chunk = [UInt8](repeating: 0x41, count: 2 << 20)
        let head = "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
        let upload = try Self.startUpload(fixture, head: head, body: Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk)
        #expect(statusCodes(in: upload.answer) == [401])
        #expect(upload.closed)
        #expect(upload.staged.isEmpty)
        #expect(calls.values.isEmpty)
    }

    @Test func anAcceptedHeadGoesOnToTheHandler() throws {
        let calls = Recorder<String>()
        let fixture = try Self.guardedServer(calls: calls)
        let file = try makeRandomFile(in: fixture.root, name: "photo.jpg", count: 300_000)
        let accepted = try curl(["-b", "pass=yes", "-F", "photo=@\(file.path)", fixture.url("/upload")])
        #expect(accepted.status == 200)
        #expect(accepted.text == "stored 1 files")
        let refused = try curl(["-F", "photo=@\(file.path)", fixture.url("/upload")])
        #expect(refused.status == 401)
        #expect(calls.values == ["/upload"])
        #expect(fixture.stagedFiles.isEmpty)
    }
}
