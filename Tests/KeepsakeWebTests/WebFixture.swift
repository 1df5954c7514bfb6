import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// A real web app on 127.0.0.1 (or another address) and an ephemeral port, over a fresh store,
/// with a cookie jar for curl. Stopped and removed when released.
final class WebFixture: @unchecked Sendable {
    let directory: TemporaryDirectory
    let store: Store
    let app: WebApp
    let server: WebServer
    let host: String
    let cookieJar: URL

    init(host: String = "127.0.0.1", password: String? = nil, limits: WebLimits = WebLimits(),
         feedPageSize: Int = 10, sessionSecret: Data? = nil, clock: @escaping @Sendable () -> Date = { Date() },
         store: Store? = nil, errorLog: (@Sendable (String) -> Void)? = nil) throws {
        directory = TemporaryDirectory("web")
        self.store = try store ?? TestStores.open(directory)
        self.host = host
        app = try WebApp(store: self.store, configuration: WebConfiguration(host: host, port: 0, password: password, limits: limits,
                                                                        feedPageSize: feedPageSize, changePollSeconds: 0,
                                                                        sessionSecret: sessionSecret, errorLog: errorLog, clock: clock))
        server = try WebServer(app: app)
        cookieJar = directory.appending("cookies.txt")
    }

    deinit {
        server.stop()
    }

    /// `http://<host>:<port><path>`.
    func url(_ path: String) -> String {
        "http://\(host):\(server.port)\(path)"
    }

    /// curl with this fixture's cookie jar (read and written).
    func curl(_ arguments: [String]) async throws -> CurlResponse {
        try await KeepsakeTestSupport.curl(["-b", cookieJar.path, "-c", cookieJar.path] + arguments)
    }

    /// GET `path` with the cookie jar.
    func get(_ path: String, headers: [String] = []) async throws -> CurlResponse {
        try await curl(headers.flatMap { ["-H", $0] } + [url(path)])
    }

    /// The CSRF token of this fixture's session (opening a page first if needed).
    func csrfToken() async throws -> String {
        let page = try await get("/diary/new")
        return try #require(page.csrfToken)
    }

    /// POSTs a multipart form (`-F` arguments) with this session's token.
    func post(_ path: String, fields: [String], headers: [String] = []) async throws -> CurlResponse {
        let token = try await csrfToken()
        // `-F name=@file` uploads a file; every other field goes as it is (`--form-string`: curl
        // would otherwise read a value starting with `<` from a file).
        let formArguments = fields.flatMap { field -> [String] in
            let value = field.split(separator: "=", maxSplits: 1).dropFirst().first ?? ""
            return value.hasPrefix("@") ? ["-F", field] : ["--form-string", field]
        }
        return try await curl(headers.flatMap { ["-H", $0] } + ["-F", "_csrf=\(token)"] + formArguments + [url(path)])
    }

    /// Files left in the upload folder (should be none between requests).
    var stagedUploads: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: server.uploadDirectory.path)) ?? []
    }
}
