import Foundation
@testable import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// Responses: files, conditional requests, redirects.
@Suite struct ResponseTests {
    @Test func aFileResponseSendsItsBytesAndLength() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try makeRandomFile(in: directory, name: "image.jpg", count: 300_000)
        let fixture = try ServerFixture { request in
            switch request.path {
            case "/image.jpg": return .file(image, contentType: "image/jpeg")
            case "/folder": return .file(directory, contentType: "text/plain")
            default: return .file(directory.appendingPathComponent("missing.jpg"), contentType: "image/jpeg")
            }
        }
        let response = try curl([fixture.url("/image.jpg")])
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "300000")
        #expect(response.header("Content-Type") == "image/jpeg")
        #expect(response.body == (try Data(contentsOf: image)))

        let head = try exchange(port: fixture.server.port,
                                   "HEAD /image.jpg HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").text
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Length: 300000\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))

        #expect(try curl([fixture.url("/missing.jpg")]).status == 404)
        #expect(try curl([fixture.url("/folder")]).status == 404)
    }

    @Test func aClientLeavingMidDownloadDoesNotHurtTheServer() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let video = try makeRandomFile(in: directory, name: "big.bin", count: 20_000_000)
        let fixture = try ServerFixture { _ in .file(video, contentType: "application/octet-stream") }
        for _ in 0..<3 {
            let cut = try curl(["--limit-rate", "2M", "--max-time", "0.3", fixture.url("/big.bin")])
            #expect(cut.exitCode == 28) // curl timed out and closed the connection mid-body
        }
        // The server (and this process: no SIGPIPE) is still fine.
        let whole = try curl([fixture.url("/big.bin")])
        #expect(whole.status == 200)
        #expect(whole.body.count == 20_000_000)
    }

    @Test func conditionalGetAnswers304() throws {
        let modified = Date(timeIntervalSince1970: 1_700_000_000.75)
        let validators = HTTPValidators(etag: "abc123", lastModified: modified)
        let fixture = try ServerFixture { request in
            validators.response(for: request) { .text("the photo") }
        }
        let first = try curl([fixture.url("/photo")])
        #expect(first.status == 200)
        #expect(first.text == "the photo")
        #expect(first.header("ETag") == "\"abc123\"")
        #expect(first.header("Last-Modified") == "Tue, 14 Nov 2023 22:13:20 GMT")

        let byTag = try curl(["-H", "If-None-Match: \"zzz\", W/\"abc123\"", fixture.url("/photo")])
        #expect(byTag.status == 304)
        #expect(byTag.body.isEmpty)
        #expect(byTag.header("ETag") == "\"abc123\"")

        let byDate = try curl(["-H", "If-Modified-Since: Tue, 14 Nov 2023 22:13:20 GMT", fixture.url("/photo")])
        #expect(byDate.status == 304)

        let staleTag = try curl(["-H", "If-None-Match: \"old\"",
                                 "-H", "If-Modified-Since: Tue, 14 Nov 2023 22:13:20 GMT", fixture.url("/photo")])
        #expect(staleTag.status == 200) // If-None-Match wins over If-Modified-Since
        let staleDate = try curl(["-H", "If-Modified-Since: Tue, 14 Nov 2023 22:13:19 GMT", fixture.url("/photo")])
        #expect(staleDate.status == 200)
        let post = try curl(["-X", "POST", "-H", "If-None-Match: *", fixture.url("/photo")])
        #expect(post.status == 200)
    }

    @Test func httpDatesRoundTrip() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
        #expect(HTTPDate.parse("garbage") == nil)
    }

    @Test func convenienceResponses() throws {
        let fixture = try ServerFixture { request in
            switch request.path {
            case "/html": return .html("<p>hi</p>")
            case "/json": return try .json(["a": 1])
            case "/redirect": return .redirect(to: "/next")
            case "/method": return .methodNotAllowed(allowed: [.get, .head])
            case "/empty-text": return .text("")
            case "/no-content": return HTTPResponse(status: .noContent)
            default: return .notFound()
            }
        }
        let html = try curl([fixture.url("/html")])
        #expect(html.header("Content-Type") == "text/html; charset=utf-8")
        #expect(html.text == "<p>hi</p>")
        let json = try curl([fixture.url("/json")])
        #expect(json.header("Content-Type") == "application/json")
        #expect(json.text == "{\"a\":1}")
        let redirect = try curl([fixture.url("/redirect")])
        #expect(redirect.status == 303)
        #expect(redirect.header("Location") == "/next")
        let method = try curl([fixture.url("/method")])
        #expect(method.status == 405)
        #expect(method.header("Allow") == "GET, HEAD")
        let emptyText = try curl([fixture.url("/empty-text")])
        #expect(emptyText.status == 200)
        #expect(emptyText.header("Content-Length") == "0")
        #expect(try curl([fixture.url("/no-content")]).status == 204)
        let missing = try curl([fixture.url("/nothing")])
        #expect(missing.status == 404)
        #expect(missing.text == "Not found.\n")
    }

    @Test func headerInjectionIsRefused() throws {
        let fixture = try ServerFixture { _ in
            HTTPResponse.text("ok").adding(header: "X-Evil", "a\r\nSet-Cookie: pwned=1")
        }
        let response = try curl([fixture.url("/")])
        #expect(response.status == 200)
        #expect(response.header("X-Evil") == nil)
        #expect(response.header("Set-Cookie") == nil)
    }
}
