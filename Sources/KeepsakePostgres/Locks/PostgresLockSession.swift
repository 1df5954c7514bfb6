import Foundation
import Synchronization

/// A dedicated session that holds session-level advisory locks (an instance's liveness lock, say) and
/// watches its own connection, so its owner learns at once when the locks are gone.
///
/// A session-level advisory lock lasts as long as its session: the server releases it when the
/// session ends (terminated with `pg_terminate_backend`, the server restarted, the client killed; a
/// client killed mid-statement keeps it until the server's `client_connection_check_interval` notices,
/// a vanished machine until TCP keepalives do). A thread waits on the socket, and every
/// ``checkInterval`` of silence sends `SELECT 1`; once the connection is found lost, ``isAlive`` turns
/// false, `onLost` is called once, and every call throws ``PostgresError/Kind-swift.struct/connectionLost``.
/// It never reconnects: locks held by a lost session may already belong to someone else, so the owner
/// must stop acting on them (not act as a zombie) and start again with a new session.
///
/// Advisory locks do not work through PgBouncer in transaction mode: connect to the server (or a
/// session-mode pooler).
public final class PostgresLockSession: Sendable {
    /// How long the connection may be silent before it is checked with a round trip.
    public let checkInterval: Duration
    private let connection: PostgresConnection
    private let core: Core

    /// Connects a session for locks. Each statement on it (the checks included) must be answered
    /// within `checkTimeout`, and a cancel within as long again, or the session counts as lost;
    /// `onLost` is called once, on the session's thread, when the connection is found lost.
    public init(configuration: PostgresConfiguration, checkInterval: Duration = .seconds(1), checkTimeout: Duration = .seconds(5),
                onLost: (@Sendable (PostgresError) -> Void)? = nil) throws {
        self.checkInterval = checkInterval
        var configuration = configuration
        configuration.queryTimeout = checkTimeout
        configuration.cancelGrace = checkTimeout
        connection = try PostgresConnection(configuration: configuration)
        core = Core(connection: connection, checkInterval: checkInterval, onLost: onLost)
        core.start()
    }

    /// The server process of this session (what another session sees in `pg_locks.pid`).
    public var backendPID: Int32 { connection.backendPID }

    /// Whether the session is still open (as last seen; a loss is noticed within about
    /// ``checkInterval`` plus the check's timeout).
    public var isAlive: Bool { connection.isUsable && core.lost.withLock { $0 } == nil }

    /// Why the session ended, once it has.
    public var lostError: PostgresError? { core.lost.withLock { $0 } }

    /// Takes the lock `key` for this session if no other session holds it (`pg_try_advisory_lock`);
    /// returns whether it holds it now. Taking a lock this session holds already stacks it (unlock
    /// the same number of times).
    public func tryLock(_ key: PostgresAdvisoryLockKey) throws -> Bool {
        try checked { try connection.query("SELECT pg_try_advisory_lock($1::int8)", [key.value]).scalar(Bool.self) }
    }

    /// Releases one hold of `key`; returns `false` if this session did not hold it.
    @discardableResult
    public func unlock(_ key: PostgresAdvisoryLockKey) throws -> Bool {
        try checked { try connection.query("SELECT pg_advisory_unlock($1::int8)", [key.value]).scalar(Bool.self) }
    }

    /// Whether this session holds `key` now, asked of the server (`pg_locks`): `true` proves the
    /// session and its lock are alive at this moment; a lost session throws.
    public func isHeld(_ key: PostgresAdvisoryLockKey) throws -> Bool {
        try checked {
            try connection.query("""
                SELECT EXISTS (SELECT 1 FROM pg_locks
                               WHERE locktype = 'advisory' AND pid = pg_backend_pid()
                                 AND classid = $1::oid AND objid = $2::oid AND objsubid = 1 AND granted)
                """, [Int64(key.classID), Int64(key.objectID)]).scalar(Bool.self)
        }
    }

    /// Ends the session, releasing its locks; stops the watching thread.
    public func close() {
        core.stop()
        connection.close()
    }

    deinit { close() }

    /// Runs `body`, first throwing the loss if one was seen, and reporting a loss it runs into.
    private func checked<T>(_ body: () throws -> T) throws -> T {
        if let lost = core.lost.withLock({ $0 }) { throw lost }
        do {
            return try body()
        } catch let error as PostgresError where error.kind == .connectionLost {
            core.report(error)
            throw error
        }
    }

    /// The watching thread's state, apart from the public object so the thread does not keep it alive.
    final class Core: Sendable {
        let connection: PostgresConnection
        let checkInterval: Duration
        let onLost: (@Sendable (PostgresError) -> Void)?
        let lost = Mutex<PostgresError?>(nil)
        let stopped = Atomic<Bool>(false)
        let wake = WakeEvent()
        let finished = DispatchSemaphore(value: 0)

        init(connection: PostgresConnection, checkInterval: Duration, onLost: (@Sendable (PostgresError) -> Void)?) {
            self.connection = connection
            self.checkInterval = checkInterval
            self.onLost = onLost
        }

        func start() {
            let thread = Thread { [self] in watch(); finished.signal() }
            thread.name = "keepsake-postgres-lock-session"
            thread.start()
        }

        func stop() {
            guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
            wake.signal()
            finished.wait()
        }

        /// Records the loss and tells the owner, once.
        func report(_ error: PostgresError) {
            let first = lost.withLock { lost -> Bool in
                guard lost == nil else { return false }
                lost = error
                return true
            }
            if first { onLost?(error) }
        }

        private func watch() {
            while !stopped.load(ordering: .acquiring) {
                do {
                    guard try connection.watchIdle(checkInterval: checkInterval, wake: wake) else { return }
                } catch let error as PostgresError {
                    if error.kind == .closed { return }
                    report(error.kind == .connectionLost ? error : error.with(kind: .connectionLost))
                    return
                } catch {
                    report(PostgresError(.connectionLost, clientMessage: "\(error)"))
                    return
                }
            }
        }
    }
}
