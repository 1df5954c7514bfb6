public import Foundation

extension HTTPServer {
    /// Where an ``HTTPServer`` listens, what it accepts, and how it defends itself against clients
    /// that hold connections open without finishing a request.
    public struct Configuration: Sendable {
        /// Looks at a request whose head (request line and header fields) has arrived, before any
        /// byte of its body is read or stored. Return a response to refuse the request (it is sent
        /// at once, the body is never read and the connection is closed), or `nil` to go on.
        ///
        /// Called on a polling thread, where every connection's bytes are read: it must be quick
        /// and never block (no store access, no waiting). The request it gets has its method,
        /// path, query, headers, cookies and address; its form, files and body are empty.
        public typealias HeadCheck = @Sendable (HTTPRequest) -> HTTPResponse?

        /// Words the server's own refusal of a request whose head it has read (a body over a limit,
        /// a malformed form, the server stopping): gets the request (head only), the status and the
        /// sentence, and returns the response to send. Called on a polling thread: quick, no
        /// blocking. `nil` answers with the sentence as plain text.
        public typealias RefusalFormatter = @Sendable (HTTPRequest, HTTPStatus, String) -> HTTPResponse

        /// The most body bytes one request may send, decided from its head (method, path, headers;
        /// no body yet), or `nil` for ``HTTPLimits/maxBodyBytes``; a value above that limit counts as
        /// that limit. A larger `Content-Length` is refused with `413` before any byte of the body is
        /// read; a chunked body that grows past it is no longer kept (nothing more is stored or
        /// parsed), drained up to ``HTTPLimits/maxBodyBytes`` and then answered `413` (beyond that the
        /// connection is closed). Both refusals go through the ``RefusalFormatter``. Called on a
        /// polling thread, after the ``HeadCheck`` accepted the request: quick, no blocking.
        public typealias BodyLimit = @Sendable (HTTPRequest) -> Int?

        /// Answers a complete request without a body at once, on the polling thread that read it,
        /// or returns `nil` to hand it to the handler as usual. An answer given here skips the
        /// connection's suspension, the handler pool and the handler's task: for requests whose
        /// answer is ready without waiting (a file to send, found from memory and a local lookup).
        ///
        /// Called on a polling thread, for every request that has no body, no form and no file:
        /// it must be quick and never block (nothing that waits on a network, a lock held long or
        /// a slow disk). Whatever it cannot answer so, or any failure it meets, it leaves to the
        /// handler (`nil`), which answers with the right status. Not called while the server is
        /// stopping (those requests get `503`).
        public typealias ImmediateAnswer = @Sendable (HTTPRequest) -> HTTPResponse?

        /// The IPv4 address to listen on: `127.0.0.1` (the default, this machine only) or
        /// `0.0.0.0` (every interface), or one interface's address.
        public var host: String
        /// The TCP port; `0` (the default) lets the system pick a free one, see ``HTTPServer/port``.
        public var port: UInt16
        /// The folder uploads and large bodies are streamed into. It is created if missing. Put it
        /// on the same file system as their final place, so keeping an upload is a rename.
        public var stagingDirectory: URL
        /// Size and count limits for request bodies.
        public var limits: HTTPLimits
        /// Most connections open at once, from everyone together; more wait in the kernel's listen
        /// queue or are refused. Open connections cost a file descriptor and a 128 KB buffer each,
        /// no thread (the server raises the process's soft limit on open files when it can, and
        /// uses fewer connections when it cannot).
        public var maxConnections: Int
        /// Most connections open at once from one client address; a further one is closed as soon
        /// as it is accepted. `0` means no limit (only for a server whose every client comes
        /// through a proxy: behind a proxy every client has the proxy's address).
        public var maxConnectionsPerAddress: Int
        /// How long a connection may take to send a complete request head (request line and header
        /// fields), counted from when it opened or from the end of its previous request; it is
        /// closed after that, however steadily it trickles bytes. This also bounds how long an idle
        /// keep-alive connection stays open.
        public var headTimeout: Duration
        /// How long a request body may go without ``bodyProgressBytes`` more bytes arriving (the
        /// rest of a shorter body counts as enough); the connection is closed after that.
        public var bodyProgressTimeout: Duration
        /// The bytes a body must advance by within each ``bodyProgressTimeout``.
        public var bodyProgressBytes: Int
        /// How long a connection may go without any byte moving while a response is being sent
        /// (a client that stopped reading); libmicrohttpd closes it after that.
        public var idleTimeout: Duration
        /// Most handlers running at once (each on a thread of the server's own pool); further
        /// complete requests wait for a free thread, their connections parked meanwhile.
        public var maxConcurrentHandlers: Int
        /// Threads that read and write every connection's bytes (libmicrohttpd's polling threads,
        /// each with its own epoll set). Handlers never run on them. On Linux each is a daemon with
        /// its own socket on the shared port (`SO_REUSEPORT`), taking its share of the connection
        /// limits, so the kernel spreads new connections over them.
        public var pollingThreads: Int
        /// Header fields added to every response the server sends, the handler's and the server's
        /// own refusals (400, 413, 503, ...), unless the response already has a field of that name:
        /// for example the security headers of a web app.
        public var commonHeaders: HTTPHeaders
        /// Called for each request once its head is in, before the body is read; see ``HeadCheck``.
        public var headCheck: HeadCheck?
        /// Shapes the server's own refusals of requests it has the head of; see ``RefusalFormatter``.
        public var refusalFormatter: RefusalFormatter?
        /// A smaller body limit for some requests (a JSON API's small bodies); see ``BodyLimit``.
        public var bodyLimit: BodyLimit?
        /// Answers the requests it can on the polling thread, without the handler; see
        /// ``ImmediateAnswer``.
        public var immediateAnswer: ImmediateAnswer?
        /// Receives one line for each handler that threw, and each handler error the client could
        /// not be told about; `nil` drops them. Called on the server's threads.
        public var errorLog: (@Sendable (String) -> Void)?
        /// HTTPS with this certificate and key; `nil` (the default) serves plain HTTP. Over HTTPS a
        /// `Content-Length` libmicrohttpd cannot read gets libmicrohttpd's own answer (the server
        /// cannot write its own refusal into the encrypted stream; see docs/HTTP.md).
        public var tls: HTTPServerTLS?

        /// Creates a configuration.
        public init(stagingDirectory: URL,
                    host: String = "127.0.0.1",
                    port: UInt16 = 0,
                    limits: HTTPLimits = HTTPLimits(),
                    maxConnections: Int = 1_024,
                    maxConnectionsPerAddress: Int = 64,
                    headTimeout: Duration = .seconds(10),
                    bodyProgressTimeout: Duration = .seconds(10),
                    bodyProgressBytes: Int = 1_024,
                    idleTimeout: Duration = .seconds(30),
                    maxConcurrentHandlers: Int = 64,
                    pollingThreads: Int = 2,
                    commonHeaders: HTTPHeaders = [:],
                    headCheck: HeadCheck? = nil,
                    refusalFormatter: RefusalFormatter? = nil,
                    bodyLimit: BodyLimit? = nil,
                    immediateAnswer: ImmediateAnswer? = nil,
                    errorLog: (@Sendable (String) -> Void)? = nil,
                    tls: HTTPServerTLS? = nil) {
            self.stagingDirectory = stagingDirectory
            self.host = host
            self.port = port
            self.limits = limits
            self.maxConnections = maxConnections
            self.maxConnectionsPerAddress = maxConnectionsPerAddress
            self.headTimeout = headTimeout
            self.bodyProgressTimeout = bodyProgressTimeout
            self.bodyProgressBytes = bodyProgressBytes
            self.idleTimeout = idleTimeout
            self.maxConcurrentHandlers = maxConcurrentHandlers
            self.pollingThreads = pollingThreads
            self.commonHeaders = commonHeaders
            self.headCheck = headCheck
            self.refusalFormatter = refusalFormatter
            self.bodyLimit = bodyLimit
            self.immediateAnswer = immediateAnswer
            self.errorLog = errorLog
            self.tls = tls
        }
    }
}
