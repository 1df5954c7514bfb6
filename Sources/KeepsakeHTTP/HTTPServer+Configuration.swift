public import Foundation

extension HTTPServer {
    /// Where an ``HTTPServer`` listens and what it accepts.
    public struct Configuration: Sendable {
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
        /// Most connections served at once (each has its own thread); more are refused.
        public var maxConnections: Int
        /// How long a connection may stay idle (between requests of a keep-alive connection, or
        /// in the middle of a slow request) before it is closed.
        public var idleTimeout: Duration
        /// Receives one line for each handler that threw, and each handler error the client could
        /// not be told about; `nil` drops them. Called on connection threads.
        public var errorLog: (@Sendable (String) -> Void)?

        /// Creates a configuration.
        public init(stagingDirectory: URL,
                    host: String = "127.0.0.1",
                    port: UInt16 = 0,
                    limits: HTTPLimits = HTTPLimits(),
                    maxConnections: Int = 128,
                    idleTimeout: Duration = .seconds(30),
                    errorLog: (@Sendable (String) -> Void)? = nil) {
            self.stagingDirectory = stagingDirectory
            self.host = host
            self.port = port
            self.limits = limits
            self.maxConnections = maxConnections
            self.idleTimeout = idleTimeout
            self.errorLog = errorLog
        }
    }
}
