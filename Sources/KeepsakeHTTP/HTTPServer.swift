internal import CMicroHTTPD
public import Foundation
internal import Synchronization

/// A small HTTP/1.1 server over libmicrohttpd.
///
/// It listens from ``init(configuration:handler:)`` until ``stop()`` (or until it is released).
/// A few polling threads (epoll) move every connection's bytes; once a request is fully received
/// (form fields decoded, uploads streamed to the staging folder) its handler runs on a thread of
/// the server's pool and the response is sent back. Connections that never finish a request head,
/// or whose body stops advancing, are closed (see ``Configuration``).
///
/// ```swift
/// let server = try HTTPServer(configuration: .init(stagingDirectory: staging)) { request in
///     switch (request.method, request.path) {
///     case (.get, "/"): return .html("<h1>Hello</h1>")
///     default: return .notFound()
///     }
/// }
/// print("listening on \(server.baseURL)")
/// ```
public final class HTTPServer: Sendable {
    /// Answers one request. Called concurrently on the server's handler threads, so it must be
    /// thread-safe; it may block (its connection waits, the others do not).
    /// A thrown error becomes a plain `500 Internal Server Error` (its text goes only to
    /// ``Configuration/errorLog``).
    public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

    /// Answers one request asynchronously, in a task a handler thread waits for (until it returns
    /// or parks, see ``park(_:)``).
    public typealias AsyncHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// The configuration the server was started with.
    public let configuration: Configuration
    /// The port the server listens on (the system's choice when the configuration said 0).
    public let port: UInt16
    /// The address the listening socket is bound to, e.g. `127.0.0.1`.
    public let address: String

    private let daemon: Mutex<DaemonHandle?>
    private let streams: StreamRegistry

    /// Starts listening and serving requests with `handler`.
    ///
    /// - Throws: ``HTTPServerError`` when the address is not IPv4, the staging folder cannot be
    ///   used, or the port cannot be listened on.
    public convenience init(configuration: Configuration, handler: @escaping Handler) throws {
        try self.init(configuration: configuration, requestHandler: .sync(handler))
    }

    /// Starts listening and serving requests with an `async` handler. Each request's task runs on
    /// the server's own task executor (Dispatch threads, never Swift's cooperative pool, which a
    /// blocking handler could starve), while a thread of the handler pool waits for it: until it
    /// returns, or until it parks to wait for something (``park(_:)``), when the thread goes back
    /// to the pool and the parked task answers by itself once its wait is over.
    public convenience init(configuration: Configuration, asyncHandler: @escaping AsyncHandler) throws {
        try self.init(configuration: configuration, requestHandler: .async(asyncHandler))
    }

    /// Starts the daemon with `requestHandler` (see the two public initializers).
    private init(configuration: Configuration, requestHandler: ServerCore.RequestHandler) throws {
        var parsed = in_addr()
        guard inet_pton(AF_INET, configuration.host, &parsed) == 1 else {
            throw HTTPServerError.invalidAddress(configuration.host)
        }
        let staging = configuration.stagingDirectory
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw HTTPServerError.stagingDirectoryUnavailable(path: staging.path,
                                                              reason: error.localizedDescription)
        }
        guard FileManager.default.isWritableFile(atPath: staging.path) else {
            throw HTTPServerError.stagingDirectoryUnavailable(path: staging.path, reason: "it is not writable")
        }

        let core = ServerCore(handler: requestHandler, configuration: configuration)
        // The daemon holds this reference until stop() has stopped it.
        let coreReference = Unmanaged.passRetained(core)
        var errorText = [CChar](repeating: 0, count: 256)
        let timeout = configuration.idleTimeout.components.seconds
        let connectionLimit = FileDescriptorLimit.connections(wanted: max(1, configuration.maxConnections))
        // The PEM texts as C strings for the start call (libmicrohttpd's GnuTLS setup copies them there).
        let tlsTexts = configuration.tls.map { (certificate: Array($0.certificatePEM.utf8CString), key: Array($0.privateKeyPEM.utf8CString)) }
        let started: OpaquePointer? = configuration.host.withCString { host in
            var options = cmhd_daemon_options(
                ipv4_address: host,
                port: configuration.port,
                connection_limit: UInt32(clamping: connectionLimit),
                per_address_connection_limit: UInt32(clamping: max(0, configuration.maxConnectionsPerAddress)),
                connection_timeout: UInt32(clamping: max(0, timeout)),
                polling_threads: UInt32(clamping: max(1, configuration.pollingThreads)),
                connection_memory_limit: ServerCore.connectionMemoryLimit,
                access_handler: serverAccessHandler,
                access_handler_cls: coreReference.toOpaque(),
                completed_handler: serverRequestCompleted,
                completed_handler_cls: coreReference.toOpaque(),
                connection_handler: serverConnectionNotified,
                connection_handler_cls: coreReference.toOpaque(),
                head_refusal_handler: serverHeadRefused,
                head_refusal_handler_cls: coreReference.toOpaque(),
                tls_certificate_pem: nil,
                tls_key_pem: nil)
            guard let tlsTexts else { return cmhd_start_daemon(&options, &errorText, errorText.count) }
            return tlsTexts.certificate.withUnsafeBufferPointer { certificate in
                tlsTexts.key.withUnsafeBufferPointer { key in
                    options.tls_certificate_pem = certificate.baseAddress
                    options.tls_key_pem = key.baseAddress
                    return cmhd_start_daemon(&options, &errorText, errorText.count)
                }
            }
        }
        guard let started else {
            core.watchdog.stop()
            coreReference.release()
            let reason = String(nulTerminated: errorText)
            throw HTTPServerError.cannotListen(address: configuration.host, port: configuration.port, reason: reason)
        }
        var addressText = [CChar](repeating: 0, count: 64)
        self.address = cmhd_daemon_address(started, &addressText, addressText.count) == 0
            ? String(nulTerminated: addressText) : configuration.host
        self.port = cmhd_daemon_port(started)
        self.configuration = configuration
        self.streams = core.streams
        self.daemon = Mutex(DaemonHandle(daemon: started, core: coreReference))
    }

    /// The server's root URL, e.g. `http://127.0.0.1:49152/` (`https://` with ``Configuration/tls``;
    /// `127.0.0.1` when bound to every interface).
    public var baseURL: URL {
        let host = address == "0.0.0.0" ? "127.0.0.1" : address
        return URL(string: "\(configuration.tls == nil ? "http" : "https")://\(host):\(port)/")!
    }

    /// The streamed bodies (``HTTPResponse/Body/stream(_:)``) still alive: being sent, or whose
    /// producer has not returned yet. It drops back as each one is sent, or abandoned by its client
    /// and its producer has stopped, so it is also a count of open transfers behind the server.
    public var openStreams: Int { streams.count }

    /// Stops listening, waits for running handlers to return (requests completed meanwhile are
    /// answered 503), gives answers already made a moment to go out, ends streamed bodies still
    /// being sent (their producers' next write throws), then closes every connection. Staged files
    /// of unfinished requests are deleted. Safe to call more than once; never call it from inside
    /// a handler.
    public func stop() {
        let handle = daemon.withLock { handle -> DaemonHandle? in
            defer { handle = nil }
            return handle
        }
        guard let handle else { return }
        let core = handle.core.takeUnretainedValue()
        // Stop accepting first; the listening socket is then the caller's to close.
        let listening = MHD_quiesce_daemon(handle.daemon)
        core.drain()
        // libmicrohttpd must not stop while a connection is suspended waiting for a producer.
        core.streams.abortAll()
        MHD_stop_daemon(handle.daemon)
        if listening >= 0 { close(listening) }
        core.watchdog.stop()
        handle.core.release()
    }

    deinit {
        stop()
    }
}

/// A running libmicrohttpd daemon and the reference it holds on its ``ServerCore``.
///
/// `@unchecked Sendable`: the pointers are only used by ``HTTPServer/stop()``, which takes the
/// handle out of its mutex first, so exactly one thread ever stops the daemon and releases the core.
private struct DaemonHandle: @unchecked Sendable {
    let daemon: OpaquePointer
    let core: Unmanaged<ServerCore>
}
