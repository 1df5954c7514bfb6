/// A transaction's isolation level.
public enum PostgresIsolation: String, Sendable, Hashable, CaseIterable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// Every statement sees one snapshot, taken at the first; a write to a row changed since then
    /// fails with a serialization failure.
    case repeatableRead = "REPEATABLE READ"
    /// As if the transactions ran one after the other; a conflict fails one of them with a
    /// serialization failure, to be run again.
    case serializable = "SERIALIZABLE"
}
