import Foundation
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// `keepsake serve` over HTTPS (issue 23): a certificate made as docs/WEB.md says, a client that
/// trusts only its authority, HSTS and a `Secure` session cookie, a login whose form posts with an
/// `https://` origin, and plain HTTP to the same port refused.
@Suite struct HTTPSServerTests {
    @Test func theAppServesHTTPSWithHSTSAndSecureCookiesAndRefusesPlainHTTP() async throws {
        let directory = TemporaryDirectory("https")
        let made = try TestCertificates(in: directory)
        let store = try TestStores.open(directory)
        let tls = try TLSIdentity.load(certificate: made.certificate, privateKey: made.privateKey)
        let app = try WebApp(store: store, configuration: WebConfiguration(port: 0, password: "correct horse", changePollSeconds: 0, tls: tls))
        let server = try WebServer(app: app)
        defer { server.stop() }
        #expect(server.baseURL.absoluteString == "https://127.0.0.1:\(server.port)/")
        let jar = directory.appending("cookies.txt").path
        let trusting = ["--cacert", made.authority.path, "-b", jar, "-c", jar]
        let base = "https://localhost:\(server.port)"

        let login = try await curl(trusting + ["\(base)/login"])
        #expect(login.status == 200, "\(login.text.prefix(200))")
        #expect(login.header("Strict-Transport-Security") == "max-age=31536000")
        let cookie = try #require(login.headers(named: "Set-Cookie").first { $0.hasPrefix("keepsake_session=") })
        #expect(cookie.contains("; Secure") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let token = try #require(login.csrfToken)
        let loggedIn = try await curl(trusting + ["-H", "Origin: \(base)", "--data-urlencode", "_csrf=\(token)", "--data-urlencode", "login=admin",
                                                  "--data-urlencode", "password=correct horse", "--data-urlencode", "next=/diary", "\(base)/login"])
        #expect(loggedIn.status == 303, "a form from the https:// origin is this server's: \(loggedIn.text.prefix(300))")
        let diary = try await curl(trusting + ["\(base)/diary"])
        #expect(diary.status == 200 && diary.text.contains("/diary/new"))
        // An invitation link names this server as reached: https.
        let people = try await curl(trusting + ["\(base)/people"])
        let invited = try await curl(trusting + ["-H", "Origin: \(base)", "--data-urlencode", "_csrf=\(try #require(people.csrfToken))",
                                                 "--data-urlencode", "days=7", "\(base)/people/invitations"])
        #expect(invited.text.contains("value=\"\(base)/invite/"), "\(invited.status) \(invited.text.prefix(300))")
        // An http:// origin is another site's.
        let crossScheme = try await curl(trusting + ["-H", "Origin: http://localhost:\(server.port)", "--data-urlencode", "_csrf=\(token)",
                                                     "--data-urlencode", "login=admin", "--data-urlencode", "password=correct horse", "\(base)/login"])
        #expect(crossScheme.status == 403)
        // The HTTP layer's own refusals carry HSTS too.
        let tooLarge = try await curl(trusting + ["-X", "POST", "-H", "Content-Length: 99999999999", "\(base)/diary/new"])
        #expect(tooLarge.status == 413 && tooLarge.header("Strict-Transport-Security") == "max-age=31536000", "\(tooLarge.status)")

        // A client that does not trust the authority gets no answer, and neither does plain HTTP.
        let untrusting = try await curl(["\(base)/login"])
        #expect(untrusting.status == 0 && untrusting.exitCode != 0)
        let plain = try await curl(["http://127.0.0.1:\(server.port)/login"])
        #expect(plain.status == 0 && plain.exitCode != 0)
    }

    @Test func plainHTTPSendsNoHSTSAndNoSecureCookie() async throws {
        let fixture = try WebFixture()
        let page = try await fixture.get("/diary")
        #expect(page.status == 200 && page.header("Strict-Transport-Security") == nil)
        #expect(page.headers(named: "Set-Cookie").allSatisfy { !$0.contains("Secure") })
    }
}
