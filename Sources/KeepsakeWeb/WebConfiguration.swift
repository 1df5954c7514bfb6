public import Foundation
public import KeepsakeSupport

/// How `keepsake serve` runs: where it listens, who may use it, and its limits.
public struct WebConfiguration: Sendable {
    /// The IPv4 address to listen on. `127.0.0.1` (the default) serves this machine only; any
    /// other address requires a login (``password``, or an account with a password).
    public var host: String
    /// The TCP port; 0 picks a free one.
    public var port: UInt16
    /// The store's first admin's password (login name `admin` on a store from before accounts),
    /// given to that account when the app starts (``WebApp/init(store:configuration:hasher:)``).
    /// When set, the pages ask for a login, on `127.0.0.1` too. A ``host`` other than `127.0.0.1`
    /// needs it, or an account that has a password.
    public var password: String?
    /// Upload limits.
    public var limits: WebLimits
    /// Diary entries per page of the timeline.
    public var diaryPageSize: Int
    /// Posts per page of the feed.
    public var feedPageSize: Int
    /// How often (seconds) list pages ask `/changes` whether the store changed; 0 turns it off.
    public var changePollSeconds: Int
    /// Where uploads are streamed while a request arrives. `nil`: a folder of its own under the
    /// store's data folder (`web-uploads/<random>`), removed when the server stops.
    public var uploadDirectory: URL?
    /// Chart.js (`libjs-chart.js`); `nil`: looked up where Debian installs it. Pages work without
    /// it (the numbers are shown as tables).
    public var chartScript: URL?
    /// SortableJS (`libjs-sortable`); `nil`: looked up where Debian installs it. Without it photos
    /// are reordered with the arrow buttons.
    public var sortableScript: URL?
    /// The secret (at least 32 bytes) that signs session cookies and CSRF tokens. Every server
    /// of one store must be given the same one, so that a browser's cookie and form tokens are
    /// good on all of them: `keepsake serve` loads it from the store's metadata store
    /// (``SessionSecret/loadOrCreate(for:)``). `nil`: a random secret of this app only (its cookies
    /// end with it).
    public var sessionSecret: Data?
    /// How often (seconds) the server recovers the unfinished operations of other instances of the
    /// store that have died meanwhile (``KeepsakeStore/Store/recoverDeadInstances()``); 0 turns it
    /// off. With several servers on one store, a peer killed on another machine is cleaned up
    /// within this time instead of at the next start.
    public var recoverySeconds: Int
    /// How often (seconds) the server makes the ledger's due recurring transactions (also once when
    /// it starts, before it answers); 0 turns it off (docs/LEDGER.md, Recurring transactions).
    public var recurringSeconds: Int = 3600
    /// Receives one line per failed request (handler errors); `nil` drops them.
    public var errorLog: (@Sendable (String) -> Void)?
    /// The current time, for the login throttle's waits (tests move it by hand).
    public var clock: @Sendable () -> Date
    /// HTTPS with this certificate and key (checked by ``KeepsakeSupport/TLSIdentity``); `nil`
    /// serves plain HTTP. With it the server sends HSTS and marks the session cookie `Secure`.
    public var tls: TLSIdentity?

    /// Creates a configuration.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, password: String? = nil,
                limits: WebLimits = WebLimits(), diaryPageSize: Int = 20, feedPageSize: Int = 10,
                changePollSeconds: Int = 5, uploadDirectory: URL? = nil,
                chartScript: URL? = nil, sortableScript: URL? = nil, sessionSecret: Data? = nil, recoverySeconds: Int = 60,
                errorLog: (@Sendable (String) -> Void)? = nil, clock: @escaping @Sendable () -> Date = { Date() },
                tls: TLSIdentity? = nil) {
        self.host = host
        self.port = port
        self.password = password
        self.limits = limits
        self.diaryPageSize = diaryPageSize
        self.feedPageSize = feedPageSize
        self.changePollSeconds = changePollSeconds
        self.uploadDirectory = uploadDirectory
        self.chartScript = chartScript
        self.sortableScript = sortableScript
        self.sessionSecret = sessionSecret
        self.recoverySeconds = recoverySeconds
        self.errorLog = errorLog
        self.clock = clock
        self.tls = tls
    }

    /// The one address served without a password.
    public static let loopbackHost = "127.0.0.1"

    /// Whether the configuration asks for a login before showing anything (a password is given);
    /// ``WebApp/requiresLogin`` also counts the accounts that have one.
    public var requiresLogin: Bool { !(password ?? "").isEmpty }
}
