import Foundation
import KeepsakePostgres
import KeepsakeTestSupport

/// A fresh schema on the shared test server for one test, first on the search path of every
/// connection made from ``configuration``; dropped (with everything in it) when released.
final class PostgresTestSchema: Sendable {
    let name: String
    let url: String
    let configuration: PostgresConfiguration

    init(url: String? = nil, queryTimeout: Duration? = .seconds(30)) throws {
        let url = try url ?? TestServers.postgresURL()
        self.url = url
        name = "test_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        var configuration = try PostgresConfiguration(url: url)
        configuration.sessionSettings = [("search_path", name)]
        configuration.queryTimeout = queryTimeout
        configuration.connectTimeout = 5
        self.configuration = configuration
        let admin = try PostgresConnection(url: url)
        defer { admin.close() }
        try admin.executeScript("CREATE SCHEMA \(name)")
    }

    /// A new connection into the schema.
    func connect() throws -> PostgresConnection { try PostgresConnection(configuration: configuration) }

    /// The configuration with changes.
    func configuration(_ change: (inout PostgresConfiguration) -> Void) -> PostgresConfiguration {
        var copy = configuration
        change(&copy)
        return copy
    }

    deinit {
        if let admin = try? PostgresConnection(url: url) {
            try? admin.executeScript("DROP SCHEMA \(name) CASCADE")
            admin.close()
        }
    }
}

/// Ends the server session `pid` from another session (as an operator's `pg_terminate_backend` would).
func terminateBackend(_ pid: Int32, url: String) throws {
    let admin = try PostgresConnection(url: url)
    defer { admin.close() }
    let terminated = try admin.query("SELECT pg_terminate_backend($1::int4, 5000)", [pid]).scalar(Bool.self)
    precondition(terminated, "pg_terminate_backend(\(pid)) found no such session")
}

