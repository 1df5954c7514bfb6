import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// The configuration's immediate answer replies on the polling thread, without the handler, to
/// the requests it takes; every other request goes to the handler as before.
@Suite struct ImmediateAnswerTests {
    /// A server whose immediate answer takes `GET /quick/…` (a file for `/quick/file`), and records
    /// every request it is offered; the handler records the paths it gets.
    private static func server(offered: Recorder<String>, handled: Recorder<String>, file: URL? = nil) throws -> ServerFixture {
        try ServerFixture(configure: { configuration in
            configuration.commonHeaders = ["X-Common": "yes"]
            configuration.immediateAnswer = { request in
                offered.record("\(request.method) \(request.path)")
                guard request.method == .get, request.path.hasPrefix("/quick/") else { return nil }
                if request.path == "/quick/file", let file {
                    return .file(file, contentType: "application/octet-stream")
                }
                return .text("quick \(request.query["n"] ?? "")")
            }
        }) { request in
            handled.record(request.path)
            return .text("handled \(request.path)")
        }
    }

    @Test func aRequestItTakesNeverReachesTheHandler() throws {
        let offered = Recorder<String>(), handled = Recorder<String>()
        let fixture = try Self.server(offered: offered, handled: handled)
        let quick = try curl([fixture.url("/quick/a?n=1")])
        #expect(quick.status == 200)
        #expect(quick.text == "quick 1")
        #expect(quick.header("X-Common") == "yes", "the common headers go on an immediate answer too")
        let slow = try curl([fixture.url("/slow")])
        #expect(slow.text == "handled /slow")
        #expect(handled.values == ["/slow"])
        #expect(offered.values == ["GET /quick/a", "GET /slow"])
    }

    @Test func aRequestWithABodyIsNeverOffered() throws {
        let offered = Recorder<String>(), handled = Recorder<String>()
        let fixture = try Self.server(offered: offered, handled: handled)
        let posted = try curl(["-X", "GET", "--data-binary", "some bytes", "-H", "Content-Type: application/octet-stream",
                               fixture.url("/quick/body")])
        #expect(posted.text == "handled /quick/body")
        let form = try curl(["-F", "field=value", fixture.url("/quick/form")])
        #expect(form.text == "handled /quick/form")
        #expect(offered.values.isEmpty)
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func aFileIsSentWholeAndTheConnectionIsKeptForTheNextRequest() throws {
        let offered = Recorder<String>(), handled = Recorder<String>()
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try makeRandomFile(in: root, name: "blob", count: 200_000)
        let fixture = try Self.server(offered: offered, handled: handled, file: file)
        // Two requests on one keep-alive connection: both answered, in order.
        let request = "GET /quick/file HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /quick/b?n=2 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let (text, _) = try exchange(port: fixture.server.port, request, timeout: 2)
        #expect(statusCodes(in: text) == [200, 200])
        #expect(text.contains("Content-Length: 200000"))
        #expect(text.hasSuffix("quick 2"))
        let fetched = try curl([fixture.url("/quick/file")])
        #expect(fetched.body == (try Data(contentsOf: file)))
        #expect(handled.values.isEmpty)
    }
}
