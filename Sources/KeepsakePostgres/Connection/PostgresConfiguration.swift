internal import CPostgres

/// Where and how to connect to a PostgreSQL server: a libpq connection URL plus the client-side
/// settings that keep a dead server or a vanished network from hanging the caller.
///
/// The URL is anything libpq accepts (`postgresql://user:password@host:port/database?sslmode=…` or
/// `host=… dbname=…`); parameters it names itself take precedence over the options here.
public struct PostgresConfiguration: Sendable {
    /// TCP keepalive settings: how soon an idle connection to a machine that vanished is found dead.
    public struct Keepalive: Sendable, Hashable {
        /// Seconds of silence before the first probe.
        public var idle: Int
        /// Seconds between probes.
        public var interval: Int
        /// Unanswered probes before the connection is declared dead.
        public var count: Int

        /// Creates keepalive settings.
        public init(idle: Int = 10, interval: Int = 5, count: Int = 3) {
            self.idle = idle
            self.interval = interval
            self.count = count
        }
    }

    /// The connection URL (or keyword/value string) as given; it may hold a password, so it is never
    /// printed: ``serverDescription`` is.
    public let url: String
    /// Seconds to wait for the connection to be made (libpq's `connect_timeout`; at least 2).
    public var connectTimeout: Int = 10
    /// TCP keepalives on the connection; `nil` leaves libpq's defaults (the operating system's, two hours).
    public var keepalive: Keepalive? = Keepalive()
    /// Milliseconds transmitted data may stay unacknowledged before the connection is dropped
    /// (`tcp_user_timeout`); `nil` leaves it to the operating system.
    public var tcpUserTimeoutMilliseconds: Int? = 30_000
    /// The name the server shows for this session in `pg_stat_activity`.
    public var applicationName: String = "keepsake"
    /// Client-side limit on how long one statement may take, from sending it to its last result: past
    /// it the statement is canceled (``PostgresError/Kind-swift.struct/queryCanceled``), and if the
    /// server does not answer the cancel within ``cancelGrace`` the connection is dropped
    /// (``PostgresError/Kind-swift.struct/connectionLost``). `nil`: no limit.
    public var queryTimeout: Duration? = .seconds(60)
    /// How long to wait for the server to honour a cancel before giving the connection up.
    public var cancelGrace: Duration = .seconds(5)
    /// Server-side settings for each session, sent at connection (`statement_timeout`,
    /// `lock_timeout`, `idle_in_transaction_session_timeout`, …), as name and value.
    public var sessionSettings: [(name: String, value: String)] = []

    /// A configuration for `url`; throws ``PostgresError/Kind-swift.struct/invalidConfiguration`` when libpq
    /// cannot parse it.
    public init(url: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &error) else {
            let message = error.map { String(cString: $0) } ?? "out of memory"
            if let error { PQfreemem(error) }
            throw PostgresError(.invalidConfiguration, clientMessage: "the PostgreSQL URL cannot be read: \(message)")
        }
        PQconninfoFree(options)
        self.url = url
    }

    /// `host:port/database` of the URL, for messages; never the password.
    public var serverDescription: String {
        var host = "localhost", port = "5432", database = ""
        if let options = PQconninfoParse(url, nil) {
            var option = options
            while let keyword = option.pointee.keyword {
                if let value = option.pointee.val {
                    switch String(cString: keyword) {
                    case "host", "hostaddr": host = String(cString: value)
                    case "port": port = String(cString: value)
                    case "dbname": database = String(cString: value)
                    default: break
                    }
                }
                option += 1
            }
            PQconninfoFree(options)
        }
        return "\(host):\(port)/\(database)"
    }

    /// The keyword/value pairs given to `PQconnectdbParams`: these options first, then the URL
    /// (expanded), whose own parameters override them.
    var connectionParameters: [(String, String)] {
        var parameters: [(String, String)] = [
            ("connect_timeout", String(max(2, connectTimeout))),
            ("application_name", applicationName),
        ]
        if let keepalive {
            parameters += [("keepalives", "1"), ("keepalives_idle", String(keepalive.idle)),
                           ("keepalives_interval", String(keepalive.interval)), ("keepalives_count", String(keepalive.count))]
        }
        if let tcpUserTimeoutMilliseconds { parameters.append(("tcp_user_timeout", String(tcpUserTimeoutMilliseconds))) }
        if !sessionSettings.isEmpty {
            // libpq's `options` are command-line switches for the backend: spaces and backslashes escaped.
            let switches = sessionSettings.map { setting in
                "-c " + "\(setting.name)=\(setting.value)".replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: " ", with: "\\ ")
            }
            parameters.append(("options", switches.joined(separator: " ")))
        }
        parameters.append(("dbname", url))
        return parameters
    }
}
