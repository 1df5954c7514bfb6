import KeepsakePostgres
import KeepsakeStore

/// An instance's proof of life: a dedicated session (``PostgresLockSession``) holding the
/// instance's session-level advisory lock from open to close. The server releases the lock when the
/// session ends: the process died (at once; a process killed mid-statement once the server's
/// `client_connection_check_interval` notices, which Keepsake sets on its sessions), the machine or
/// network vanished (once TCP keepalives give up, about 25 s), the session was terminated, the
/// server restarted. A frozen process keeps its session and its lock, so it is never taken for dead.
///
/// The session never reconnects: once it is lost, another instance may be recovering this one, so
/// this instance must stop writing; ``PostgresTransaction/assertLive()`` fails from then on.
final class PostgresLiveness: Sendable {
    /// The session holding the lock (and the locks of dead instances being recovered).
    let session: PostgresLockSession
    /// The instance's lock.
    let key: PostgresAdvisoryLockKey
    /// The server process of the session, as `pg_locks` shows it.
    let backendPID: Int32
    /// When that process started (microseconds since 1970, from `pg_stat_activity`), so a process
    /// number reused by a later session is never taken for this one.
    let backendStart: Int64
    /// Where the store is, for messages.
    let location: String

    init(session: PostgresLockSession, key: PostgresAdvisoryLockKey, backendStart: Int64, location: String) {
        self.session = session
        self.key = key
        backendPID = session.backendPID
        self.backendStart = backendStart
        self.location = location
    }

    /// Why the session is gone, once it has been seen gone.
    var lostError: PostgresError? {
        if session.isAlive { return nil }
        return session.lostError ?? PostgresError(.connectionLost, clientMessage: "the liveness session was closed")
    }

    /// The error every write of an instance that lost its liveness fails with.
    func lostLiveness(_ reason: String) -> KeepsakeError {
        KeepsakeError(.busy, "This Keepsake instance lost its liveness session with PostgreSQL (\(location)): \(reason). Other instances may be recovering its work, so it writes nothing more; open the store again (restart this program) to go on writing.",
                      remedy: .retryLater)
    }
}

/// What a transaction needs of its store.
struct PostgresStoreContext: Sendable {
    /// The instance's token (the owner of its intents).
    let instanceID: String
    /// The store's lock keys and channel.
    let keys: PostgresStoreKeys
    /// The instance's liveness.
    let liveness: PostgresLiveness
}
