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
        // The daemons hold this reference until stop() has stopped them.
        let coreReference = Unmanaged.passRetained(core)
        let threads = max(1, configuration.pollingThreads)
        let connectionLimit = FileDescriptorLimit.connections(wanted: max(1, configuration.maxConnections))
        let perAddress = max(0, configuration.maxConnectionsPerAddress)
        // On Linux each polling thread is a daemon of its own listening on the shared port
        // (SO_REUSEPORT), so the kernel spreads new connections among them by their addresses and
        // ports. With one daemon's thread pool behind one socket, a connection stays with the thread
        // that accepted it, and under wrk's eight connections one thread served them all while the
        // other idled (BENCHMARKS.md, run 6). Each daemon takes its share of the total limit; the
        // per-address limit is counted across them (ConnectionsPerAddress), libmicrohttpd's own
        // per-daemon check being only a first line.
        #if os(Linux)
        let plan = (daemons: threads, threadsEach: 1)
        #else
        let plan = (daemons: 1, threadsEach: threads)
        #endif
        let sharing = plan.daemons > 1
        let fail = { (reason: String) -> HTTPServerError in
            core.watchdog.stop()
            coreReference.release()
            return HTTPServerError.cannotListen(address: configuration.host, port: configuration.port, reason: reason)
        }
        if sharing, configuration.port != 0 {
            let taken = cmhd_port_is_taken(configuration.host, configuration.port)
            if taken != 0 { throw fail(String(cString: strerror(taken))) }
        }
        var started: [OpaquePointer] = []
        var port = configuration.port
        for _ in 0..<plan.daemons {
            let share = Limits(connections: max(1, connectionLimit / plan.daemons), perAddress: perAddress)
            switch Self.startDaemon(configuration, port: port, threads: plan.threadsEach, sharePort: sharing, limits: share,
                                    core: coreReference) {
            case .success(let daemon):
                started.append(daemon)
                port = cmhd_daemon_port(daemon)
            case .failure(let reason):
                for daemon in started { MHD_stop_daemon(daemon) }
                throw fail(reason.text)
            }
        }
        var addressText = [CChar](repeating: 0, count: 64)
        self.address = cmhd_daemon_address(started[0], &addressText, addressText.count) == 0
            ? String(nulTerminated: addressText) : configuration.host
        self.port = port
        self.configuration = configuration
        self.streams = core.streams
        self.daemon = Mutex(DaemonHandle(daemons: started, core: coreReference))
    }

    /// The connection limits one daemon enforces.
    private struct Limits {
        let connections: Int
        let perAddress: Int
    }

    /// Starts one libmicrohttpd daemon on `port` with `threads` polling threads, or says why not.
    private static func startDaemon(_ configuration: Configuration, port: UInt16, threads: Int, sharePort: Bool, limits: Limits,
                                    core: Unmanaged<ServerCore>) -> Result<OpaquePointer, Reason> {
        var errorText = [CChar](repeating: 0, count: 256)
        let timeout = configuration.idleTimeout.components.seconds
        // The PEM texts as C strings for the start call (libmicrohttpd's GnuTLS setup copies them there).
        let tlsTexts = configuration.tls.map { (certificate: Array($0.certificatePEM.utf8CString), key: Array($0.privateKeyPEM.utf8CString)) }
        let started: OpaquePointer? = configuration.host.withCString { host in
            var options = cmhd_daemon_options(
                ipv4_address: host,
                port: port,
                connection_limit: UInt32(clamping: limits.connections),
                per_address_connection_limit: UInt32(clamping: limits.perAddress),
                connection_timeout: UInt32(clamping: max(0, timeout)),
                polling_threads: UInt32(clamping: threads),
                share_port: sharePort ? 1 : 0,
                connection_memory_limit: ServerCore.connectionMemoryLimit,
                access_handler: serverAccessHandler,
                access_handler_cls: core.toOpaque(),
                completed_handler: serverRequestCompleted,
                completed_handler_cls: core.toOpaque(),
                connection_handler: serverConnectionNotified,
                connection_handler_cls: core.toOpaque(),
                head_refusal_handler: serverHeadRefused,
                head_refusal_handler_cls: core.toOpaque(),
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
        guard let started else { return .failure(Reason(String(nulTerminated: errorText))) }
        return .success(started)
    }

    /// Why a daemon did not start, as libmicrohttpd or the system said it.
    private struct Reason: Error {
        let text: String
        init(_ text: String) { self.text = text }
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
        // Stop accepting first; the listening sockets are then the caller's to close.
        let listening = handle.daemons.map { MHD_quiesce_daemon($0) }
        core.drain()
        // libmicrohttpd must not stop while a connection is suspended waiting for a producer.
        core.streams.abortAll()
        for daemon in handle.daemons { MHD_stop_daemon(daemon) }
        for socket in listening where socket >= 0 { close(socket) }
        core.watchdog.stop()
        handle.core.release()
    }

    deinit {
        stop()
    }
}

/// The running libmicrohttpd daemons of a server (one per polling thread on Linux, sharing the
/// port) and the reference they hold on their ``ServerCore``.
///
/// `@unchecked Sendable`: the pointers are only used by ``HTTPServer/stop()``, which takes the
/// handle out of its mutex first, so exactly one thread ever stops the daemons and releases the core.
private struct DaemonHandle: @unchecked Sendable {
    let daemons: [OpaquePointer]
    let core: Unmanaged<ServerCore>
}
