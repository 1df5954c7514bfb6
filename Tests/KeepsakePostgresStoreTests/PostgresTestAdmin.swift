import Foundation
import KeepsakePostgres
import KeepsakeTestSupport

/// A session of its own on a test server, doing what an operator would: ending sessions, looking at
/// `pg_stat_activity` and `pg_locks`, running SQL as the store's role.
final class PostgresTestAdmin: Sendable {
    let connection: PostgresConnection

    /// A session on the shared test server (or on `url`).
    init(url: String? = nil) throws {
        connection = try PostgresConnection(url: try url ?? TestServers.postgresURL())
    }

    deinit { connection.close() }

    /// `pg_terminate_backend(pid)`, waiting until the session's process has exited.
    func terminate(_ pid: Int32) throws {
        let ended = try connection.query("SELECT pg_terminate_backend($1::int4, 5000)", [pid]).scalar(Bool.self)
        precondition(ended, "pg_terminate_backend(\(pid)) found no such session")
    }

    /// The server processes of every session of the Keepsake instance `id` (work, liveness, listener).
    func sessions(ofInstance id: String) throws -> [Int32] {
        try connection.query("SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'keepsake %' AND application_name LIKE $1",
                             ["%" + id]).map { try $0.decode(Int32.self, at: 0) }
    }

    /// The instances of the store in `schema` registered by the OS process `pid`.
    func instances(inSchema schema: String, process pid: Int32) throws -> [String] {
        try connection.query("SELECT id FROM \(PostgresConnection.quoted(identifier: schema)).instance WHERE process_id = $1::int4", [pid])
            .map { try $0.decode(String.self, at: 0) }
    }

    /// One integer from `sql`.
    func integer(_ sql: String, _ parameters: [any PostgresEncodable] = []) throws -> Int {
        try connection.query(sql, parameters).scalar(Int.self)
    }
}

