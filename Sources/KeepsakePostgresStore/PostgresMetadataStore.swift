import Dispatch
import Foundation
public import KeepsakeStore
import KeepsakePostgres
import Synchronization

/// The metadata store on a PostgreSQL server (15 or later), for several Keepsake instances on several
/// machines sharing one store: the tables of one schema (``PostgresSchema``), a pool of connections,
/// a liveness session per instance, the change log with `LISTEN/NOTIFY`.
///
/// ## How each promise of ``MetadataStore`` holds
/// - **One commit point.** ``write(_:)`` is one transaction, committed when its body returns; the
///   server's COMMIT (with `synchronous_commit` on, its default) is durable when it answers. A
///   connection lost while COMMIT was on its way is reported as such: whether it happened is unknown,
///   and the engine's journal decides (finishing or undoing the operation).
/// - **Consistent reads.** ``read(_:)`` is one `REPEATABLE READ READ ONLY` transaction: one snapshot.
/// - **Serialised conflicts.** Writes run at `READ COMMITTED`, each decision taken on the latest
///   committed state under a lock held until COMMIT: a record is read `FOR NO KEY UPDATE` (the lock of
///   the record and its images, taken by every writer of either, images' removals included); an
///   image is held `FOR SHARE` by ``MetadataWriter/lockAttachment(id:key:)``; the journal's rows change
///   only by conditional updates, which PostgreSQL re-checks on the newest row version after waiting
///   (so `markCommitted` and `claimIntent` cannot both win, and image numbers are never handed out
///   twice); change-log entries are appended under an advisory lock held to COMMIT (numbers in commit
///   order); a folder checked empty is locked against new objects until COMMIT. Deadlocks, and
///   connections lost before COMMIT was sent, are retried by running the body again on a fresh
///   connection, as the protocol allows.
/// - **Liveness.** Each instance holds its advisory lock on a session of its own
///   (``PostgresLiveness``); `assertLive` proves, inside the journal and commit transactions, that the
///   server still holds it for that very session; ``claimDeadInstances()`` takes the locks of
///   instances whose sessions are gone.
/// - **Ordering.** Keys are `COLLATE "C"`: byte order, as the blob store lists them.
///
/// It does not work behind a pooler in transaction mode (PgBouncer's `pool_mode = transaction`):
/// session-level advisory locks would land on strangers' sessions. Connect to the server, or to a
/// pooler in session mode.
public final class PostgresMetadataStore: MetadataStore {
    public let instanceID: String
    /// Where the store is (`postgresql://host:port/database?schema=…`, never the user or password).
    public let location: String
    /// The schema of the store's tables.
    public let schema: String

    let pool: PostgresPool
    let context: PostgresStoreContext
    let listenerConfiguration: PostgresConfiguration
    let signal = ChangeSignal()
    private let listener = Mutex<(listener: PostgresListener, task: Task<Void, Never>)?>(nil)
    private let closed = Mutex(false)
    /// Called at the start of each write transaction's body and just before its COMMIT, with the
    /// work session's server process (tests end sessions there, as an operator or a crash would).
    let hooks = Mutex<PostgresStoreHooks>(PostgresStoreHooks())

    var keys: PostgresStoreKeys { context.keys }
    var liveness: PostgresLiveness { context.liveness }

    /// Opens the store named by `url`: creates or migrates its schema, takes this instance's liveness
    /// lock and registers the instance.
    ///
    /// With `ownerURL` (`KEEPSAKE_METADATA_OWNER_URL`), that role migrates the schema and grants the
    /// role of `url` what the store needs, and every session of the store then uses `url`'s role,
    /// which row-level security must bind: a login role that is a superuser, has `BYPASSRLS` or owns
    /// something in the schema is refused (``KeepsakeError/Code/invalidArgument``, saying what to
    /// change) before anything is opened. Without it, `url`'s role owns the tables (the policies still
    /// hold it: they are `FORCE`d), as before accounts.
    ///
    /// - Parameter busyTimeoutMilliseconds: how long a statement waits for a lock another instance
    ///   holds (`lock_timeout`), and for a free pooled connection, before failing as ``KeepsakeError/Code/busy``.
    public init(url: PostgresStoreURL, ownerURL: PostgresStoreURL? = nil, busyTimeoutMilliseconds: Int32 = 10_000) throws {
        let id = UUID().uuidString.lowercased()
        let location = url.location
        let keys = PostgresStoreKeys(schema: url.schema)
        let base = try mappingErrors(location: location) { try PostgresConfiguration(url: url.libpqURL) }
        let settings = Self.sessionSettings(schema: url.schema, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        func configuration(_ role: String) -> PostgresConfiguration {
            var configuration = base
            configuration.applicationName = "keepsake \(role)\(id)"
            configuration.sessionSettings = settings
            return configuration
        }
        let pool = PostgresPool(configuration: configuration(""), maxConnections: url.poolSize,
                                acquireTimeout: .milliseconds(max(Int(busyTimeoutMilliseconds), 1000)))
        // The liveness session connects while the schema is checked: opening costs one connection's
        // time, not two (a crash-recovering process opens often).
        let connecting = Mutex<Result<PostgresLockSession, any Error>?>(nil)
        let connected = DispatchSemaphore(value: 0)
        let livenessConfiguration = configuration("liveness ")
        Thread {
            connecting.withLock { $0 = Result { try PostgresLockSession(configuration: livenessConfiguration, checkInterval: .seconds(1), checkTimeout: .seconds(5)) } }
            connected.signal()
        }.start()
        let ownerConfiguration = try ownerURL.map { owner in
            guard owner.schema == url.schema else {
                throw KeepsakeError(.invalidArgument, "The metadata URL names the schema \(url.schema) and the owner URL (KEEPSAKE_METADATA_OWNER_URL) \(owner.schema); give both the same ?schema=.")
            }
            var configuration = try mappingErrors(location: location) { try PostgresConfiguration(url: owner.libpqURL) }
            configuration.applicationName = "keepsake owner \(id)"
            configuration.sessionSettings = settings
            return configuration
        }
        let migrated = Result {
            guard let ownerConfiguration else {
                return try pool.withConnection { try PostgresSchema.migrate($0, schema: url.schema, location: location) }
            }
            let login = try pool.withConnection { connection in
                let login = try PostgresRoles.login(connection)
                try PostgresRoles.checkAttributes(login, location: location)
                return login
            }
            let owner = try PostgresConnection(configuration: ownerConfiguration)
            defer { owner.close() }
            try PostgresSchema.migrate(owner, schema: url.schema, location: location)
            try pool.withConnection { try PostgresRoles.checkOwnsNothing($0, login: login, schema: url.schema, location: location) }
            try PostgresRoles.grant(owner, to: login.name, schema: url.schema)
        }
        connected.wait()
        let sessionResult = connecting.withLock { $0! }
        let liveness: PostgresLiveness
        do {
            try migrated.get()
            let lockSession = try sessionResult.get()
            let key = keys.instance(id)
            guard try lockSession.tryLock(key) else {
                throw KeepsakeError(.busy, "Another session holds the liveness lock this new instance drew in \(location); nothing was changed.", remedy: .retryLater)
            }
            // Registered once the lock is held, so a recoverer that sees the row finds the lock taken.
            let start = try pool.withConnection { connection in
                try connection.query("""
                    INSERT INTO instance (id, host, process_id, liveness_pid) VALUES ($1, $2, $3::int4, $4::int4)
                    RETURNING (SELECT (extract(epoch FROM backend_start) * 1000000)::int8 FROM pg_stat_activity WHERE pid = $4::int4)
                    """, [id, Self.hostName, Int32(getpid()), lockSession.backendPID]).scalar(Int64.self)
            }
            liveness = PostgresLiveness(session: lockSession, key: key, backendStart: start, location: location)
        } catch {
            (try? sessionResult.get())?.close()
            pool.close()
            throw (error as? PostgresError)?.keepsakeError(location: location) ?? error
        }
        instanceID = id
        self.location = location
        schema = url.schema
        self.pool = pool
        listenerConfiguration = configuration("listener ")
        context = PostgresStoreContext(instanceID: id, keys: keys, liveness: liveness)
    }

    deinit { close() }

    /// The settings of every session: the schema first on the search path, the lock wait of the
    /// busy timeout, a bound on a frozen client's open transaction, and the server-side checks that
    /// end the session of a dead or vanished client soon (releasing its liveness lock).
    static func sessionSettings(schema: String, busyTimeoutMilliseconds: Int32) -> [(name: String, value: String)] {
        [("search_path", schema),
         ("lock_timeout", String(max(1, busyTimeoutMilliseconds))),
         ("idle_in_transaction_session_timeout", "60000"),
         ("client_connection_check_interval", "1000"),
         ("tcp_keepalives_idle", "10"), ("tcp_keepalives_interval", "5"), ("tcp_keepalives_count", "3"),
         ("tcp_user_timeout", "30000")]
    }

    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: - Transactions

    /// The local operator's read: ``read(caller:_:)`` bound to `'operator'`.
    public func read<T>(_ body: (any MetadataReader) throws -> T) throws -> T {
        try read(caller: PostgresTransaction.operatorCaller, body)
    }

    /// The local operator's write: ``write(caller:_:)`` bound to `'operator'`.
    public func write<T>(_ body: (any MetadataWriter) throws -> T) throws -> T {
        try write(caller: PostgresTransaction.operatorCaller, body)
    }

    /// ``read(_:)`` with `caller` bound for row-level security: the operator, or the account (a
    /// token's narrower scopes are the engine's to apply).
    public func read<T>(as caller: Caller, _ body: (any MetadataReader) throws -> T) throws -> T {
        try read(caller: PostgresTransaction.binding(caller), body)
    }

    /// ``write(_:)`` with `caller` bound for row-level security (see ``read(as:_:)``).
    public func write<T>(as caller: Caller, _ body: (any MetadataWriter) throws -> T) throws -> T {
        try write(caller: PostgresTransaction.binding(caller), body)
    }

    /// One `REPEATABLE READ READ ONLY` transaction whose first statement binds `caller` (`'operator'`
    /// or an account id) for row-level security.
    func read<T>(caller: String, _ body: (any MetadataReader) throws -> T) throws -> T {
        try mappingErrors(location: location) {
            try pool.transaction(isolation: .repeatableRead, readOnly: true) { connection in
                try PostgresTransaction.bind(caller, on: connection)
                return try body(PostgresTransaction(connection: connection, context: context, writable: false, caller: caller))
            }
        }
    }

    /// One `READ COMMITTED` write transaction whose first statement binds `caller`, committed when
    /// `body` returns (after the change-log entries are flushed).
    func write<T>(caller: String, _ body: (any MetadataWriter) throws -> T) throws -> T {
        try mappingErrors(location: location) {
            try pool.transaction(isolation: .readCommitted) { connection in
                try PostgresTransaction.bind(caller, on: connection)
                if caller != PostgresTransaction.operatorCaller {
                    // An account's write holds its access lock shared (PostgresStoreKeys.access): a
                    // membership or account change on another server waits for it to end.
                    _ = try connection.query("SELECT pg_advisory_xact_lock_shared($1::int8)", [context.keys.access(caller).value])
                }
                let hooks = hooks.withLock { $0 }
                hooks.bodyBegins?(connection.backendPID)
                let transaction = PostgresTransaction(connection: connection, context: context, writable: true, caller: caller)
                let value = try body(transaction)
                try transaction.flushChanges()
                hooks.commitBegins?(connection.backendPID)
                return value
            }
        }
    }

    // MARK: - Change notifications

    /// Returns when a notification of the change log arrives (a commit of any instance), when the
    /// listening connection was lost and made again (notifications may have been missed), or after
    /// `timeout`. The listening session is started by the first call.
    public func waitForChanges(timeout: Duration) async throws {
        startListening()
        try await signal.wait(timeout: timeout)
    }

    private func startListening() {
        listener.withLock { state in
            guard state == nil, !closed.withLock({ $0 }) else { return }
            let listener = PostgresListener(configuration: listenerConfiguration, channels: [keys.changeChannel])
            let signal = signal
            let task = Task.detached {
                for await _ in listener.events { signal.signal() }
            }
            state = (listener, task)
        }
    }

    // MARK: - Closing

    /// Stops listening, removes this instance's row and ends its liveness session (releasing its
    /// lock: the instance is then dead to others) and its connections.
    public func close() {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        if let (listener, task) = listener.withLock({ $0 }) {
            listener.stop()
            task.cancel()
        }
        if liveness.session.isAlive {
            // Best effort: a row left behind (the server is down) is removed by the next recovery.
            _ = try? pool.transaction(retry: .never) { connection in try connection.execute("DELETE FROM instance WHERE id = $1", [instanceID]) }
        }
        liveness.session.close()
        pool.close()
    }
}
