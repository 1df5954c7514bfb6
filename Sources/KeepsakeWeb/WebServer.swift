public import Foundation
import KeepsakeHTTP
#if canImport(Glibc)
import Glibc
#endif

/// A running ``WebApp``: the HTTP server (libmicrohttpd) listening where the configuration says,
/// handing every request to the app.
///
/// Uploads are streamed to a folder of their own under the store's data folder (same file
/// system, removed when the server stops); the store copies what it keeps.
public final class WebServer: Sendable {
    /// The app answering requests.
    public let app: WebApp
    /// Where uploads are staged while a request arrives.
    public let uploadDirectory: URL
    private let ownsUploadDirectory: Bool
    private let server: HTTPServer
    private let sweeper: RecoverySweeper?
    private let recurring: RecurringTicker?

    /// Starts listening.
    ///
    /// - Throws: ``WebError`` when the address cannot be listened on (port in use, not an IPv4
    ///   address) or the upload folder cannot be made.
    public init(app: WebApp) throws {
        self.app = app
        let configuration = app.configuration
        if let directory = configuration.uploadDirectory {
            uploadDirectory = directory
            ownsUploadDirectory = false
        } else {
            uploadDirectory = app.store.location.dataDirectory
                .appendingPathComponent("web-uploads", isDirectory: true)
                .appendingPathComponent(UUID().uuidString.lowercased(), isDirectory: true)
            ownsUploadDirectory = true
            Self.removeStaleUploads(in: uploadDirectory.deletingLastPathComponent())
        }
        // The security headers go on the HTTP layer's own refusals (413, 400, ...) too, a
        // request with a body from a browser that has not logged in is refused before its body
        // is read, and an API body that is not a photo upload is held to the JSON limit.
        let httpConfiguration = HTTPServer.Configuration(stagingDirectory: uploadDirectory, host: configuration.host,
                                                         port: configuration.port, limits: configuration.limits.httpLimits,
                                                         commonHeaders: SecurityHeaders.commonHeaders(overHTTPS: configuration.tls != nil),
                                                         headCheck: { [app] head in app.checkHead(head) },
                                                         refusalFormatter: { head, status, message in
                                                             WebApp.refusal(for: head, status: status, message: message)
                                                         },
                                                         bodyLimit: { [app] head in app.bodyLimit(for: head) },
                                                         immediateAnswer: { [app] request in app.immediateAnswer(to: request) },
                                                         errorLog: configuration.errorLog,
                                                         tls: configuration.tls.map { HTTPServerTLS(certificatePEM: $0.certificatePEM, privateKeyPEM: $0.privateKeyPEM) })
        do {
            server = try HTTPServer(configuration: httpConfiguration) { [app] request in
                await app.handle(request)
            }
        } catch let error as HTTPServerError {
            throw WebError(error.description)
        }
        sweeper = configuration.recoverySeconds > 0
            ? RecoverySweeper(store: app.store, seconds: configuration.recoverySeconds, log: configuration.errorLog) : nil
        recurring = configuration.recurringSeconds > 0
            ? RecurringTicker(store: app.operatorStore, seconds: configuration.recurringSeconds, clock: configuration.clock, log: configuration.errorLog) : nil
    }

    /// The port listened on (the system's pick when the configuration said 0).
    public var port: UInt16 { server.port }

    /// Image bodies being streamed from the object store (or whose read has not stopped yet):
    /// see ``KeepsakeHTTP/HTTPServer/openStreams``.
    public var openStreams: Int { server.openStreams }

    /// The address listened on, e.g. `127.0.0.1` or `0.0.0.0`.
    public var address: String { server.address }

    /// The URL to open, e.g. `http://127.0.0.1:8080/` (`127.0.0.1` when listening on every
    /// interface).
    public var baseURL: URL { server.baseURL }

    /// Stops listening, waits for running requests and removes the upload folder. Safe to call
    /// more than once.
    public func stop() {
        app.changeWaiters.stop()  // long polls return now
        sweeper?.stop()
        recurring?.stop()
        server.stop()
        if ownsUploadDirectory {
            try? FileManager.default.removeItem(at: uploadDirectory)
            // The parent goes too when no other server of this store is using it (rmdir(2) removes
            // only an empty folder, so a concurrent server's folder is never touched).
            _ = rmdir(uploadDirectory.deletingLastPathComponent().path)
        }
    }

    /// Deletes uploads older than a day that a server killed mid-request left in `folder`'s
    /// subfolders (no request lasts that long, so a running server's uploads are never touched).
    static func removeStaleUploads(in folder: URL, olderThan age: TimeInterval = 86_400) {
        let manager = FileManager.default
        guard let servers = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        let cutoff = Date().addingTimeInterval(-age)
        for server in servers {
            let serverFolder = folder.appendingPathComponent(server, isDirectory: true)
            guard let names = try? manager.contentsOfDirectory(atPath: serverFolder.path) else { continue }
            for name in names where name.hasPrefix("http-upload-") {
                let file = serverFolder.appendingPathComponent(name)
                if let modified = (try? manager.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date, modified < cutoff {
                    try? manager.removeItem(at: file)
                }
            }
        }
    }

    deinit {
        stop()
    }
}
