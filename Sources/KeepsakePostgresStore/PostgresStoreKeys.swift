import KeepsakePostgres

/// The advisory-lock keys and the notification channel of one store (one schema): names hashed to
/// 64 bits (``PostgresAdvisoryLockKey/init(name:)``), each starting with the schema, so stores
/// sharing a database never share a lock. Advisory locks belong to one database already.
struct PostgresStoreKeys: Sendable {
    let schema: String

    /// Held by the session that migrates the schema, for the migration's transaction.
    var migration: PostgresAdvisoryLockKey { PostgresAdvisoryLockKey(name: "keepsake/\(schema)/migrate") }

    /// Taken by every transaction that appends to the change log, from the append to its COMMIT,
    /// so sequence numbers are handed out in commit order.
    var changeLog: PostgresAdvisoryLockKey { PostgresAdvisoryLockKey(name: "keepsake/\(schema)/changes") }

    /// Held, for its whole life, by the liveness session of the instance `id`; taken by whoever
    /// recovers it once that session is gone.
    func instance(_ id: String) -> PostgresAdvisoryLockKey { PostgresAdvisoryLockKey(name: "keepsake/\(schema)/instance/\(id)") }

    /// Taken by a transaction that journals new objects under the folder `key`, or that checks that
    /// nothing is journalled there before removing it, until its COMMIT.
    func folder(_ key: String) -> PostgresAdvisoryLockKey { PostgresAdvisoryLockKey(name: "keepsake/\(schema)/folder/\(key)") }

    /// Held shared by every write transaction of the account `id` from its first statement, and
    /// exclusively by one that changes the account's memberships or account row: a change to what an
    /// account may do waits for its writes in flight, which were allowed by what it may do now.
    func access(_ id: String) -> PostgresAdvisoryLockKey { PostgresAdvisoryLockKey(name: "keepsake/\(schema)/access/\(id)") }

    /// The `LISTEN/NOTIFY` channel of the change log (short whatever the schema's length).
    var changeChannel: String {
        let hash = UInt64(bitPattern: PostgresAdvisoryLockKey(name: "keepsake/\(schema)/channel").value)
        return "keepsake_changes_" + String(hash, radix: 16)
    }
}

extension PostgresAdvisoryLockKey {
    /// `pg_locks.classid` of this key: its high 32 bits.
    var lockClassID: Int64 { Int64(UInt64(bitPattern: value) >> 32) }
    /// `pg_locks.objid` of this key: its low 32 bits.
    var lockObjectID: Int64 { Int64(UInt64(bitPattern: value) & 0xFFFF_FFFF) }
}
