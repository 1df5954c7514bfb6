import Foundation
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// What makes the web app installable and readable offline (issue 23), as the server sends it: the
/// manifest and its icons, the service worker and its shell, the pages' head, the logout's
/// `Clear-Site-Data`, and icons that are what scripts/make-icons makes of the artwork.
@Suite struct InstallableAppTests {
    /// The width and height in a PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func theManifestItsIconsAndTheWorkerAreServedWithoutALogin() async throws {
        let web = try WebFixture(password: "correct horse")
        let manifest = try await curl([web.url("/manifest.webmanifest")])
        #expect(manifest.status == 200 && manifest.header("Content-Type") == "application/manifest+json")
        #expect(manifest.header("Cache-Control") == "no-cache")
        let fields = try #require(try JSONSerialization.jsonObject(with: manifest.body) as? [String: Any])
        #expect(fields["name"] as? String == "Keepsake" && fields["short_name"] as? String == "Keepsake")
        #expect(fields["display"] as? String == "standalone" && fields["start_url"] as? String == "/diary" && fields["scope"] as? String == "/")
        #expect(fields["theme_color"] as? String == "#2f6f8f" && fields["background_color"] as? String == "#f5f6f4")
        let icons = try #require(fields["icons"] as? [[String: String]])
        #expect(Set(icons.map { "\($0["sizes"]!) \($0["purpose"]!)" }) == ["192x192 any", "512x512 any", "512x512 maskable"])
        for icon in icons {
            let source = try #require(icon["src"])
            let image = try await curl([web.url(source)])
            #expect(image.status == 200 && image.header("Content-Type") == "image/png", "\(source)")
            let size = try #require(Self.pngSize(image.body))
            #expect("\(size.0)x\(size.1)" == icon["sizes"], "\(source) is the size the manifest says")
            #expect(image.header("Cache-Control") == "public, max-age=31536000, immutable")
        }

        let worker = try await curl([web.url("/sw.js")])
        #expect(worker.status == 200 && worker.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(worker.header("Cache-Control") == "no-cache")
        #expect(worker.text.contains("var LIMITS = { pages: 60, images: 300 };"))
        // Every file of the shell is there to be cached (an install fails on one that is not).
        let shell = try #require(worker.text.firstMatch(of: /var SHELL_URLS = \[([^\]]*)\];/)).1
        let urls = shell.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " '")) }
        #expect(urls.contains { $0.hasPrefix("/assets/app.css?v=") } && urls.contains { $0.hasPrefix("/assets/offline.html?v=") })
        for url in urls {
            #expect(try await curl([web.url(url)]).status == 200, "\(url)")
        }
        let offline = try await curl([web.url(urls.first { $0.hasPrefix("/assets/offline.html") }!)])
        #expect(offline.text.contains("You are offline") && offline.text.contains("오프라인입니다"))
        // The API and the login are never the worker's to cache.
        #expect(worker.text.contains(#"/^\/api\//"#) && worker.text.contains(#"/^\/login/"#))
    }

    @Test func everyPageLinksTheManifestAndTheIconsAndLoggingOutClearsTheSite() async throws {
        let web = try WebFixture(password: "correct horse")
        let login = try await web.get("/login")
        #expect(login.text.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
        #expect(login.text.contains(##"<meta name="theme-color" content="#2f6f8f">"##))
        #expect(login.text.contains(#"<link rel="apple-touch-icon" href="/assets/apple-touch-icon.png?v="#))
        let token = try #require(login.csrfToken)
        let loggedIn = try await web.curl(["--data-urlencode", "_csrf=\(token)", "--data-urlencode", "login=admin",
                                           "--data-urlencode", "password=correct horse", web.url("/login")])
        #expect(loggedIn.status == 303)
        let page = try await web.get("/diary")
        let logout = try await web.curl(["--data-urlencode", "_csrf=\(try #require(page.csrfToken))", web.url("/logout")])
        #expect(logout.status == 303)
        #expect(logout.header("Clear-Site-Data") == #""cache", "storage""#)
    }

    @Test func theIconsAreWhatScriptsMakeIconsMakesOfTheArtwork() throws {
        let directory = TemporaryDirectory("icons")
        let script = Corpus.repositoryRoot.appendingPathComponent("scripts/make-icons")
        let made = try runProcess(URL(fileURLWithPath: "/bin/bash"), [script.path, "--out", directory.path])
        #expect(made.status == 0, "\(made.stderr)")
        let committed = Corpus.repositoryRoot.appendingPathComponent("Sources/KeepsakeWeb/Resources/Icons")
        for name in ["icon-192.png", "icon-512.png", "icon-maskable-512.png", "apple-touch-icon.png", "favicon-32.png"] {
            let fresh = try Data(contentsOf: directory.appending(name))
            #expect(try Data(contentsOf: committed.appendingPathComponent(name)) == fresh,
                    "\(name) is out of date: run scripts/make-icons and commit the PNGs")
        }
    }
}
