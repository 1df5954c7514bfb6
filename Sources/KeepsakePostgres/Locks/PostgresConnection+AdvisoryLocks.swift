extension PostgresConnection {
    /// The server process of the session holding the session- or transaction-level advisory lock
    /// `key`, or `nil` when no session holds it. A snapshot: it may change at once.
    public func advisoryLockHolder(_ key: PostgresAdvisoryLockKey) throws -> Int32? {
        try query("""
            SELECT pid FROM pg_locks
            WHERE locktype = 'advisory' AND classid = $1::oid AND objid = $2::oid AND objsubid = 1 AND granted
            LIMIT 1
            """, [Int64(key.classID), Int64(key.objectID)]).first.map { try $0.decode(Int32.self, at: 0) }
    }

    /// Takes the advisory lock `key` for the current transaction if no other session holds it
    /// (`pg_try_advisory_xact_lock`); it is released at COMMIT or ROLLBACK. Returns whether it was taken.
    /// For claiming work of a dead instance inside the transaction that does it.
    public func tryTransactionLock(_ key: PostgresAdvisoryLockKey) throws -> Bool {
        try query("SELECT pg_try_advisory_xact_lock($1::int8)", [key.value]).scalar(Bool.self)
    }
}
