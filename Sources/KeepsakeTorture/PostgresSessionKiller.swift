import Foundation
import KeepsakeStore

/// Ends Keepsake's PostgreSQL sessions with `pg_terminate_backend`, as an operator (or a failover)
/// would, through `psql` as the store's own role (which may signal its own sessions). Sessions are
/// told apart by the application name each instance gives them: `keepsake <instance>` for the
/// work pool, `keepsake liveness <instance>` for the session holding the liveness lock,
/// `keepsake listener <instance>` for LISTEN.
struct PostgresSessionKiller: Sendable {
    /// Which sessions to end.
    enum Target: String, Sendable {
        /// Work sessions, idle or in a query (a COMMIT included).
        case work
        /// The liveness session of one instance, chosen at random.
        case liveness
    }

    /// The server (no schema: `pg_stat_activity` is server-wide).
    let url: String

    /// Ends the sessions `target` names; returns how many.
    func terminate(_ target: Target) throws -> Int {
        let filter = switch target {
        case .work: "application_name LIKE 'keepsake %' AND application_name NOT LIKE 'keepsake liveness %' AND application_name NOT LIKE 'keepsake listener %'"
        case .liveness: "application_name LIKE 'keepsake liveness %' ORDER BY random() LIMIT 1"
        }
        let sql = "SELECT count(*) FILTER (WHERE ended) FROM (SELECT pg_terminate_backend(pid, 2000) AS ended FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND \(filter)) AS t"
        let (status, output) = try run(URL(fileURLWithPath: "/usr/bin/psql"), [url, "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql], timeout: 30)
        guard status == .exited(0), let count = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw KeepsakeError(.io, "psql could not end the \(target.rawValue) sessions (\(status)): \(output.suffix(400))")
        }
        return count
    }
}

extension PostgresSessionKiller {
    /// Ends every session (work, liveness, listener) of the instances that OS process `pid`
    /// registered in the store in `schema`; returns how many.
    func terminateInstances(ofProcess pid: pid_t, schema: String) throws -> Int {
        try count(ofProcess: pid, schema: schema, select: "pg_terminate_backend(a.pid, 2000)")
    }

    /// How many sessions the instances of OS process `pid` hold now.
    func sessions(ofProcess pid: pid_t, schema: String) throws -> Int {
        try count(ofProcess: pid, schema: schema, select: "true")
    }

    private func count(ofProcess pid: pid_t, schema: String, select: String) throws -> Int {
        let sql = """
            SELECT count(*) FILTER (WHERE ended) FROM (SELECT \(select) AS ended FROM pg_stat_activity a
            JOIN \(schema).instance i ON a.application_name LIKE ('keepsake %' || i.id) WHERE i.process_id = \(pid)) AS t
            """
        let (status, output) = try run(URL(fileURLWithPath: "/usr/bin/psql"), [url, "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql], timeout: 30)
        guard status == .exited(0), let count = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw KeepsakeError(.io, "psql could not end the sessions of process \(pid) (\(status)): \(output.suffix(400))")
        }
        return count
    }
}
