import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// The answers the HTTP layer gives itself (413, 400, 501, 500, 503) carry the configured common
/// headers, like the handler's, and never quote what the client named its files or fields.
@Suite struct ServerRefusalTests {
    static let common: HTTPHeaders = [
        "Content-Security-Policy": "default-src 'none'",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Cache-Control": "no-store",
    ]

    private static func server(limits: HTTPLimits = HTTPLimits(), handler: @escaping HTTPServer.Handler) throws -> ServerFixture {
        try ServerFixture(limits: limits, configure: { $0.commonHeaders = common }, handler: handler)
    }

    private static func expectCommonHeaders(_ header: (String) -> String?, _ what: String) {
        #expect(header("Content-Security-Policy") == "default-src 'none'", "\(what)")
        #expect(header("X-Content-Type-Options") == "nosniff", "\(what)")
        #expect(header("X-Frame-Options") == "DENY", "\(what)")
    }

    /// The value of header `name` in a raw answer.
    private static func header(_ name: String, in text: String) -> String? {
        for line in text.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == name.lowercased() {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    @Test func sizeRefusalsCarryTheHeadersAndNeverTheClientsNames() throws {
        let fixture = try Self.server(limits: HTTPLimits(maxFileBytes: 100_000, maxFieldBytes: 100)) { _ in .text("ok") }
        let hostileName = "<img src=x onerror=alert(1)>.jpg"
        let file = try makeRandomFile(in: fixture.root, name: "big.bin", count: 200_000)
        let tooLarge = try curl(["-F", "photo=@\(file.path);filename=\(hostileName)", fixture.url("/upload")])
        #expect(tooLarge.status == 413)
        Self.expectCommonHeaders(tooLarge.header, "413 for a file")
        #expect(tooLarge.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(!tooLarge.text.contains("onerror") && !tooLarge.text.contains("<img"))
        let longField = try curl(["--form-string", "<script>=\(String(repeating: "x", count: 200))", fixture.url("/upload")])
        #expect(longField.status == 413)
        Self.expectCommonHeaders(longField.header, "413 for a field")
        #expect(!longField.text.contains("<script>"))
    }

    @Test func headRefusalsCarryTheHeaders() throws {
        let fixture = try Self.server { _ in .text("ok") }
        let noHost = try exchange(port: fixture.server.port, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(statusCodes(in: noHost.text) == [400])
        Self.expectCommonHeaders({ Self.header($0, in: noHost.text) }, "400 without Host")
        let coding = try exchange(port: fixture.server.port, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n")
        #expect(statusCodes(in: coding.text) == [501])
        Self.expectCommonHeaders({ Self.header($0, in: coding.text) }, "501")
        let encoding = try curl([fixture.url("/bad%zz")])
        #expect(encoding.status == 400)
        Self.expectCommonHeaders(encoding.header, "400 for percent-encoding")
        let tooLong = try curl(["-H", "Content-Length: \(1 << 40)", "-X", "POST", fixture.url("/")])
        #expect(tooLong.status == 413)
        Self.expectCommonHeaders(tooLong.header, "413 on Content-Length")
    }

    @Test func handlerAnswersGetTheHeadersTheyDoNotSetThemselves() throws {
        struct Broken: Error {}
        let fixture = try Self.server { request in
            if request.path == "/fail" { throw Broken() }
            return HTTPResponse.text("image").adding(header: "Cache-Control", "private, max-age=60")
        }
        let ok = try curl([fixture.url("/image")])
        Self.expectCommonHeaders(ok.header, "200")
        #expect(ok.header("Cache-Control") == "private, max-age=60", "the handler's own value wins")
        let failed = try curl([fixture.url("/fail")])
        #expect(failed.status == 500)
        Self.expectCommonHeaders(failed.header, "500")
        #expect(failed.header("Cache-Control") == "no-store")
    }
}
