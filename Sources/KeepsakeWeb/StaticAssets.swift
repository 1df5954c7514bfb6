import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// The files under `/assets/`: the app's own script and style sheet (compiled in), its icons and
/// offline page, the manifest and service worker at the root (``WebManifest``,
/// ``ServiceWorkerScript``), and Chart.js
/// and SortableJS from the Debian packages `libjs-chart.js` and `libjs-sortable`, served from
/// where Debian installs them so that the pages work offline.
///
/// Every asset URL the pages use carries a version (`?v=` and the start of its hash), so the
/// files are sent with a one-year `immutable` cache lifetime, and with an `ETag` for `304`s.
struct StaticAssets: Sendable {
    /// One servable file.
    struct Asset: Sendable {
        /// Where the bytes come from.
        let body: HTTPResponse.Body
        /// The media type.
        let contentType: String
        /// Its entity tag (a content hash, or size and modification time for a system file).
        let etag: String
        /// When it last changed, if known.
        let lastModified: Date?
    }

    /// `/assets/app.js`.
    let script: Asset
    /// `/assets/app.css`.
    let style: Asset
    /// `/assets/chart.js`, when Chart.js is installed.
    let chart: Asset?
    /// `/assets/sortable.js`, when SortableJS is installed.
    let sortable: Asset?
    /// `/assets/icon-192.png` and the other icons (``AppIcons``) that this build has.
    let icons: [String: Asset]
    /// `/assets/outbox.js`: changes written offline, sent when the server is back (``OutboxScript``).
    let outbox: Asset
    /// `/assets/offline.html`: the installed app's page for a page not seen, offline.
    let offline: Asset
    /// `/manifest.webmanifest` (unversioned: browsers ask for it by this name).
    let manifest: Asset
    /// `/sw.js` (unversioned, at the root so that it serves every page).
    let serviceWorker: Asset

    init(chartScript: URL?, sortableScript: URL?) {
        script = Self.compiled(AppScript.source, contentType: "text/javascript; charset=utf-8")
        style = Self.compiled(AppStyle.source, contentType: "text/css; charset=utf-8")
        outbox = Self.compiled(OutboxScript.source, contentType: "text/javascript; charset=utf-8")
        chart = chartScript.flatMap { Self.system($0) }
        sortable = sortableScript.flatMap { Self.system($0) }
        icons = AppIcons.load().mapValues { Asset(body: .data($0), contentType: "image/png", etag: Self.sha256($0), lastModified: nil) }
        func versioned(_ name: String, _ asset: Asset) -> String { "/assets/\(name)?v=\(asset.etag.prefix(12))" }
        offline = Self.compiled(OfflinePage.html(styleURL: versioned("app.css", style)), contentType: "text/html; charset=utf-8")
        let icons = icons
        manifest = Self.compiled(String(decoding: WebManifest.json { name in icons[name].map { versioned(name, $0) } ?? "/assets/\(name)" }, as: UTF8.self),
                                 contentType: "application/manifest+json")
        // The shell: every file the pages need to draw without the server. Their versions are in
        // the URLs, so any change makes a new worker (and a new shell cache).
        let shell = [("app.css", style), ("app.js", script), ("outbox.js", outbox), ("offline.html", offline)] + (chart.map { [("chart.js", $0)] } ?? [])
            + (sortable.map { [("sortable.js", $0)] } ?? []) + icons.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let urls = shell.map { versioned($0.0, $0.1) }
        serviceWorker = Self.compiled(ServiceWorkerScript.source(version: String(Self.sha256(Data(urls.joined(separator: "\n").utf8)).prefix(12)),
                                                                 shellURLs: urls, offlineURL: versioned("offline.html", offline)),
                                      contentType: "text/javascript; charset=utf-8")
    }

    /// Whether every icon of ``AppIcons`` is in this build (the manifest lists them).
    var hasIcons: Bool { AppIcons.all.allSatisfy { icons[$0.name] != nil } }

    /// The asset called `name` under `/assets/` (`app.js`, `app.css`, `chart.js`, `sortable.js`,
    /// `offline.html`, the icons).
    func asset(named name: String) -> Asset? {
        switch name {
        case "app.js": script
        case "app.css": style
        case "chart.js": chart
        case "sortable.js": sortable
        case "outbox.js": outbox
        case "offline.html": offline
        default: icons[name]
        }
    }

    /// The versioned URL of an asset, e.g. `/assets/app.js?v=3fa9c2e1d0b4`.
    func url(_ name: String) -> String {
        let version = asset(named: name).map { String($0.etag.prefix(12)) } ?? "0"
        return "/assets/\(name)?v=\(version)"
    }

    /// `GET /assets/<name>` (for a year, `immutable`: the pages ask for versioned URLs), or
    /// `GET /manifest.webmanifest` and `GET /sw.js` (`no-cache`: asked again each time, so a new
    /// version is seen at once): the file, `304` when the client's copy is current, `404` otherwise.
    func response(for segments: [String], request: HTTPRequest) -> HTTPResponse {
        let found: Asset?, caching: String
        switch segments {
        case ["manifest.webmanifest"]: (found, caching) = (manifest, "no-cache")
        case ["sw.js"]: (found, caching) = (serviceWorker, "no-cache")
        case let path where path.count == 2 && path[0] == "assets": (found, caching) = (asset(named: path[1]), "public, max-age=31536000, immutable")
        default: (found, caching) = (nil, "")
        }
        guard let asset = found else { return .notFound() }
        let validators = HTTPValidators(etag: asset.etag, lastModified: asset.lastModified)
        var response = validators.response(for: request) {
            HTTPResponse(status: .ok, headers: ["Content-Type": asset.contentType], body: asset.body)
        }
        response.headers.set("Cache-Control", caching)
        return response
    }

    private static func compiled(_ text: String, contentType: String) -> Asset {
        let data = Data(text.utf8)
        return Asset(body: .data(data), contentType: contentType, etag: sha256(data), lastModified: nil)
    }

    /// A regular file (symbolic links resolved, as Debian links some of these names).
    private static func system(_ url: URL) -> Asset? {
        let resolved = url.resolvingSymlinksInPath()
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved.path),
              attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = attributes[.modificationDate] as? Date
        let stamp = Int64((modified?.timeIntervalSince1970 ?? 0).rounded(.down))
        let etag = sha256(Data("\(resolved.path)|\(size)|\(stamp)".utf8))
        return Asset(body: .file(resolved), contentType: "text/javascript; charset=utf-8", etag: etag, lastModified: modified)
    }

    /// Where Debian's `libjs-chart.js` puts the browser build (v4 `chart.umd.js`, v3 `chart.min.js`).
    static func findChartScript() -> URL? {
        firstExisting(["/usr/share/javascript/chart.js/chart.umd.js", "/usr/share/javascript/chart.js/chart.min.js",
                       "/usr/share/javascript/chart.js/Chart.min.js", "/usr/share/javascript/chart.js/chart.js"])
    }

    /// Where Debian's `libjs-sortable` puts SortableJS.
    static func findSortableScript() -> URL? {
        firstExisting(["/usr/share/javascript/sortable/Sortable.min.js", "/usr/share/javascript/sortable/Sortable.js"])
    }

    private static func firstExisting(_ paths: [String]) -> URL? {
        paths.first { FileManager.default.fileExists(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }

    /// SHA-256 of `data`, hex.
    static func sha256(_ data: Data) -> String {
        SHA256.hex(data)
    }
}
