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
         feedPageSize: Int = 10) throws {
        directory = TemporaryDirectory("web")
        store = try TestStores.open(directory)
        self.host = host
        app = try WebApp(store: store, configuration: WebConfiguration(host: host, port: 0, password: password, limits: limits,
                                                                        feedPageSize: feedPageSize, changePollSeconds: 0))
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
        try await Curl.run(["-b", cookieJar.path, "-c", cookieJar.path] + arguments)
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

/// What curl got back.
struct CurlResponse: Sendable {
    /// The status; 0 when there was no response.
    let status: Int
    /// Header fields of the final response.
    let headers: [Header]
    /// The body.
    let body: Data
    /// curl's exit status.
    let exitCode: Int32

    /// One header field.
    struct Header: Sendable {
        let name: String
        let value: String
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func headers(named name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The `_csrf` hidden field of the page, if any.
    var csrfToken: String? {
        guard let range = text.range(of: "name=\"_csrf\" value=\"") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// Runs curl as a child process and waits for it without blocking a Swift concurrency thread (the
/// server's handlers need those threads while the test waits).
enum Curl {
    static func run(_ arguments: [String]) async throws -> CurlResponse {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-web-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let headerFile = directory.appendingPathComponent("headers"), bodyFile = directory.appendingPathComponent("body")
        let statusFile = directory.appendingPathComponent("status")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "--max-time", "60", "-D", headerFile.path, "-o", bodyFile.path, "-w", "%{http_code}"] + arguments
        FileManager.default.createFile(atPath: statusFile.path, contents: nil)
        let statusHandle = try FileHandle(forWritingTo: statusFile)
        process.standardOutput = statusHandle
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try? statusHandle.close()
        let headerText = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
        let lastBlock = headerText.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
        let fields = lastBlock.components(separatedBy: "\r\n").dropFirst().compactMap { line -> CurlResponse.Header? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return CurlResponse.Header(name: String(line[..<colon]),
                                       value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let code = (try? String(contentsOf: statusFile, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        return CurlResponse(status: code, headers: fields, body: (try? Data(contentsOf: bodyFile)) ?? Data(), exitCode: status)
    }
}

/// Small real photos from the shared corpus, with their sizes.
enum Photos {
    /// 227×149 JPEG.
    static let wide = Corpus.url("jpeg/testorig.jpg")
    /// 162×150 PNG.
    static let toucan = Corpus.url("png/toucan.png")
    /// 128×128 WebP.
    static let square = Corpus.url("webp/test.webp")
    /// 32×32 PNG.
    static let tiny = Corpus.url("png/basn2c08.png")
    /// A truncated JPEG libvips refuses.
    static let corrupt = Corpus.corruptImage
}

/// `count` random bytes in a new file.
func randomFile(in directory: TemporaryDirectory, name: String, count: Int) throws -> URL {
    var generator = SystemRandomNumberGenerator()
    let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let url = directory.appending(name)
    try data.write(to: url)
    return url
}

/// The value of the session cookie in a curl cookie jar.
func sessionCookie(in jar: URL) -> String? {
    guard let text = try? String(contentsOf: jar, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        if fields.count >= 7, fields[5] == "keepsake_session" { return String(fields[6]) }
    }
    return nil
}
