import KeepsakePostgres
import KeepsakeStore
import Synchronization

/// A dead instance held for recovery: its advisory lock, taken on the recoverer's liveness session
/// (so no other recoverer works on it), until the claim is finished or abandoned. If the recoverer's
/// own session is lost meanwhile, the lock goes with it and another recoverer may start; each intent
/// is still claimed one by one in the journal, so no intent is finished twice.
final class PostgresInstanceClaim: InstanceClaim {
    let owner: String
    private let key: PostgresAdvisoryLockKey
    private let liveness: PostgresLiveness
    private let pool: PostgresPool
    private let location: String
    private let held = Mutex(true)

    init(owner: String, key: PostgresAdvisoryLockKey, liveness: PostgresLiveness, pool: PostgresPool, location: String) {
        self.owner = owner
        self.key = key
        self.liveness = liveness
        self.pool = pool
        self.location = location
    }

    /// Removes the instance's row (its staging was discarded and its intents finished) while the
    /// lock is still held, then lets the lock go.
    func finish() throws {
        try mappingErrors(location: location) {
            _ = try pool.transaction { connection in try connection.execute("DELETE FROM instance WHERE id = $1", [owner]) }
        }
        abandon()
    }

    func abandon() {
        let wasHeld = held.withLock { held in
            defer { held = false }
            return held
        }
        if wasHeld { _ = try? liveness.session.unlock(key) }  // a lost session has released it already
    }

    deinit { abandon() }
}
