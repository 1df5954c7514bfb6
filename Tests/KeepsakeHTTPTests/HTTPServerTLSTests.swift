import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// The HTTP layer over HTTPS (``HTTPServer/Configuration/tls``) with a certificate made by
/// scripts/make-certificate: staged uploads, file and streamed bodies arrive whole, a malformed
/// `Content-Length` gets libmicrohttpd's own refusal and the server goes on, and the head deadline
/// closes a connection that never starts its TLS handshake.
@Suite struct HTTPServerTLSTests {
    static func tls(_ made: TestCertificates) throws -> HTTPServerTLS {
        HTTPServerTLS(certificatePEM: try String(contentsOf: made.certificate, encoding: .utf8),
                      privateKeyPEM: try String(contentsOf: made.privateKey, encoding: .utf8))
    }

    @Test func uploadsFilesAndStreamedBodiesArriveWholeOverHTTPS() throws {
        let directory = TemporaryDirectory("tls-bodies")
        let made = try TestCertificates(in: directory)
        let tls = try Self.tls(made)
        let size = 8 * 1024 * 1024 + 17
        let source = try makeRandomFile(in: directory.url, name: "large.bin", count: size)
        let fixture = try ServerFixture(configure: { $0.tls = tls }) { request in
            switch request.path {
            case "/upload":
                guard let file = request.files.first else { return .badRequest() }
                return .text(try sha256(of: file.url))
            case "/file":
                return .file(source, contentType: "application/octet-stream")
            default:
                return .stream(HTTPBodyStream(size: Int64(size)) { write in
                    let handle = try FileHandle(forReadingFrom: source)
                    defer { try? handle.close() }
                    while let chunk = try handle.read(upToCount: 65_536), !chunk.isEmpty {
                        try chunk.withUnsafeBytes { try write($0) }
                    }
                }, contentType: "application/octet-stream")
            }
        }
        #expect(fixture.server.baseURL.absoluteString.hasPrefix("https://"))
        let base = "https://localhost:\(fixture.server.port)", trust = ["--cacert", made.authority.path]
        let upload = try curl(trust + ["-F", "photo=@\(source.path);type=image/jpeg", "\(base)/upload"])
        let expected = try sha256(of: source), bytes = try Data(contentsOf: source)
        #expect(upload.status == 200 && upload.text == expected)
        #expect(fixture.stagedFiles.isEmpty)
        for path in ["/file", "/stream"] {
            let download = try curl(trust + ["\(base)\(path)"])
            #expect(download.status == 200 && download.body == bytes, "\(path) arrives whole")
        }
        #expect(eventually { fixture.server.openStreams == 0 })
    }

    @Test func aMalformedContentLengthOverHTTPSIsRefusedAndTheServerGoesOn() throws {
        let directory = TemporaryDirectory("tls-length")
        let made = try TestCertificates(in: directory)
        let tls = try Self.tls(made)
        let fixture = try ServerFixture(configure: { $0.tls = tls }) { _ in .text("fine") }
        let base = "https://localhost:\(fixture.server.port)", trust = ["--cacert", made.authority.path]
        let refused = try curl(trust + ["-H", "Content-Length: +5", "--data-binary", "hello", "\(base)/"])
        #expect(refused.status == 400, "libmicrohttpd's own refusal, inside the TLS session")
        #expect(try curl(trust + ["\(base)/"]).text == "fine")
    }

    @Test func theHeadDeadlineClosesAConnectionThatNeverStartsItsHandshake() throws {
        let directory = TemporaryDirectory("tls-deadline")
        let made = try TestCertificates(in: directory)
        let tls = try Self.tls(made)
        let fixture = try ServerFixture(configure: { $0.tls = tls; $0.headTimeout = .seconds(1) }) { _ in .text("fine") }
        let silent = try RawSocket(port: fixture.server.port)  // connected, and no ClientHello
        let opened = Date()
        #expect(silent.receive(timeout: 6).closed)
        #expect(Date().timeIntervalSince(opened) < 4, "closed by the 1-second head deadline")
        #expect(try curl(["--cacert", made.authority.path, "https://localhost:\(fixture.server.port)/"]).text == "fine")
    }
}
