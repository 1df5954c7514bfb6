/// Points inside every write transaction where a test can act on the server, given the work
/// session's server process: to end it with `pg_terminate_backend` (or end the liveness session) at
/// that moment, as an operator or a crash would. Empty in production.
struct PostgresStoreHooks: Sendable {
    /// At the start of the body (before its first statement).
    var bodyBegins: (@Sendable (Int32) -> Void)?
    /// After the body and the change log's insert, just before COMMIT is sent.
    var commitBegins: (@Sendable (Int32) -> Void)?
}
