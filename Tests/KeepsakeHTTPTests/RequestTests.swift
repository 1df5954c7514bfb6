import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// The request as the handler sees it: path, query, headers, cookies, forms, raw bodies.
@Suite struct RequestTests {
    @Test func headerNamesAreLookedUpWithoutRegardToASCIICase() {
        let headers: HTTPHeaders = ["Content-Type": "image/jpeg", "x-ÄPFEL": "1", "[": "bracket"]
        #expect(headers["content-type"] == "image/jpeg" && headers["CONTENT-TYPE"] == "image/jpeg")
        #expect(headers["Content-Typf"] == nil && headers["Content-Typ"] == nil && headers["Content_Type"] == nil)
        // Only letters fold: "[" and "{" differ by the case bit but are not one letter.
        #expect(headers["{"] == nil && headers["["] == "bracket")
        #expect(headers["X-äpfel"] == "1", "a name beyond ASCII is compared lowercased")
        #expect(headers.contains("CONTENT-type") && !headers.contains("Content-Length"))
    }

    @Test func getWithQueryIsPercentDecoded() throws {
        let seen = Recorder<HTTPRequest>()
        let fixture = try ServerFixture { request in
            seen.record(request)
            return .text("ok")
        }
        let response = try curl([fixture.url("/photos/my%20cat%C3%A9+1.jpg?q=a+b%26c&tag=x&tag=%C3%A9&flag&empty=")])
        #expect(response.status == 200)
        #expect(response.text == "ok")
        let request = try #require(seen.values.first)
        #expect(request.method == .get)
        #expect(request.path == "/photos/my caté+1.jpg") // '+' is literal in a path
        #expect(request.rawPath == "/photos/my%20cat%C3%A9+1.jpg")
        #expect(request.query["q"] == "a b&c") // '+' is a space in a query
        #expect(request.query.values(for: "tag") == ["x", "é"])
        #expect(request.query["flag"] == "")
        #expect(request.query["empty"] == "")
        #expect(request.query.pairs.map(\.name) == ["q", "tag", "tag", "flag", "empty"])
        #expect(request.pathSegments == ["photos", "my caté+1.jpg"])
        #expect(request.remoteAddress == "127.0.0.1")
        #expect(request.httpVersion == "HTTP/1.1")
        #expect(request.body == .empty)
    }

    @Test func anEncodedSlashStaysInItsSegment() throws {
        let seen = Recorder<HTTPRequest>()
        let fixture = try ServerFixture { request in
            seen.record(request)
            return .text("ok")
        }
        #expect(try curl([fixture.url("/records/a%2Fb/images/2")]).status == 200)
        let request = try #require(seen.values.first)
        #expect(request.path == "/records/a/b/images/2")
        #expect(request.pathSegments == ["records", "a/b", "images", "2"])
    }

    @Test func malformedPercentEncodingIs400() throws {
        let calls = Recorder<String>()
        let fixture = try ServerFixture { request in
            calls.record(request.path)
            return .text("ok")
        }
        for path in ["/bad%zz", "/bad%4", "/nul%00byte", "/notutf8%FF", "/ok?q=%G1", "/ok?%E2%82=x"] {
            let response = try curl([fixture.url(path)])
            #expect(response.status == 400, "\(path)")
            #expect(response.text.contains("percent-encoding"), "\(path)")
        }
        #expect(calls.values.isEmpty)
    }

    @Test func headRequestSendsHeadersWithoutBody() throws {
        let fixture = try ServerFixture { request in
            request.method.isGetOrHead ? .text("twelve bytes") : .notFound()
        }
        let head = try curl(["-I", fixture.url("/")])
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "12")
        #expect(head.header("Content-Type") == "text/plain; charset=utf-8")

        // On the wire: HEAD then GET on one connection; the HEAD answer ends with its headers.
        let wire = try exchange(port: fixture.server.port,
                                "HEAD / HTTP/1.1\r\nHost: test\r\n\r\n"
                                + "GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").text
        let answers = wire.components(separatedBy: "HTTP/1.1 200 OK\r\n").filter { !$0.isEmpty }
        #expect(answers.count == 2)
        #expect(answers.first?.hasSuffix("\r\n\r\n") == true)
        #expect(answers.first?.contains("Content-Length: 12\r\n") == true)
        #expect(answers.last?.hasSuffix("\r\n\r\ntwelve bytes") == true)
    }

    @Test func headersAndCookiesRoundTrip() throws {
        let fixture = try ServerFixture { request in
            var response = HTTPResponse.text(request.headers["x-CUSTOM-header"] ?? "missing")
            response.headers.add("X-Cookie-Count", "\(request.cookies.count)")
            response.headers.add("X-Cookie-B", request.cookies["b"] ?? "missing")
            response.setCookie("session", "abc 123;é", maxAge: 3600)
            response.setCookie("theme", "dark", httpOnly: false, sameSite: .strict)
            return response
        }
        let response = try curl(["-H", "X-Custom-Header: Hello there", "-b", "a=1; b=hello%20world",
                                 fixture.url("/")])
        #expect(response.text == "Hello there")
        #expect(response.header("X-Cookie-Count") == "2")
        #expect(response.header("X-Cookie-B") == "hello world")
        let cookies = response.headers(named: "Set-Cookie")
        #expect(cookies == ["session=abc%20123%3B%C3%A9; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax",
                            "theme=dark; Path=/; SameSite=Strict"])

        // The encoded cookie comes back decoded.
        let echo = try ServerFixture { request in .text(request.cookies["session"] ?? "missing") }
        #expect(try curl(["-b", "session=abc%20123%3B%C3%A9", echo.url("/")]).text == "abc 123;é")
    }

    @Test func urlencodedFormPost() throws {
        let seen = Recorder<HTTPRequest>()
        let fixture = try ServerFixture { request in
            seen.record(request)
            return .redirect(to: "/done")
        }
        let response = try curl(["--data-urlencode", "name=Zoë & co=1", "-d", "n=1&n=2&empty=", fixture.url("/form")])
        #expect(response.status == 303)
        #expect(response.header("Location") == "/done")
        let request = try #require(seen.values.first)
        #expect(request.method == .post)
        #expect(request.form["name"] == "Zoë & co=1")
        #expect(request.form.values(for: "n") == ["1", "2"])
        #expect(request.form["empty"] == "")
        #expect(request.files.isEmpty)
        #expect(request.body == .empty)
    }

    @Test func rawBodyInMemoryThenStagedToAFile() throws {
        let seen = Recorder<String>()
        let limits = HTTPLimits(maxInMemoryBodyBytes: 1_000)
        let fixture = try ServerFixture(limits: limits) { request in
            switch request.body {
            case .data(let data):
                seen.record("memory \(data.count)")
            case .file(let url, let count):
                seen.record("file \(count) \(url.path)")
            case .empty:
                seen.record("empty")
            }
            guard request.mediaType == "text/csv" else { return .badRequest() }
            return .text(String(decoding: try request.body.data(), as: UTF8.self))
        }
        let small = "date,amount\n2024-01-01,3.50\n"
        let response = try curl(["-H", "Content-Type: text/csv; charset=utf-8", "--data-binary", small,
                                 fixture.url("/import")])
        #expect(response.text == small)

        let large = String(repeating: "2024-01-01,3.50\n", count: 200) // 3,200 bytes
        let file = fixture.root.appendingPathComponent("large.csv")
        try Data(large.utf8).write(to: file)
        let staged = try curl(["-H", "Content-Type: text/csv", "--data-binary", "@\(file.path)",
                               fixture.url("/import")])
        #expect(staged.text == large)

        let values = seen.values
        #expect(values.first == "memory \(small.utf8.count)")
        let stagedPath = try #require(values.last?.split(separator: " ").last.map(String.init))
        #expect(values.last?.hasPrefix("file 3200 ") == true)
        #expect(!FileManager.default.fileExists(atPath: stagedPath))
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func handlerErrorBecomes500WithoutDetails() throws {
        struct Secret: Error, CustomStringConvertible {
            var description: String { "database password is hunter2" }
        }
        let log = Recorder<String>()
        let fixture = try ServerFixture(errorLog: { log.record($0) }) { _ in throw Secret() }
        let response = try curl([fixture.url("/boom")])
        #expect(response.status == 500)
        #expect(!response.text.contains("hunter2"))
        #expect(log.values.count == 1)
        #expect(log.values.first?.contains("GET /boom: database password is hunter2") == true)
    }
}
