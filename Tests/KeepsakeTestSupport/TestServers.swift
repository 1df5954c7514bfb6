public import Foundation

/// The real servers the distributed-backend tests run against (PostgreSQL, Ceph's S3 gateway),
/// started by `scripts/servers/start` (`make test` does it).
///
/// Their settings come from the `KEEPSAKE_TEST_*` environment variables, or, when those are not set,
/// from `.build/keepsake-servers.env`, which the start script writes. When neither is there the tests
/// that need a server fail, saying how to start them: they never skip silently.
public enum TestServers {
    /// A server the tests need is not configured or not running.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What is missing and how to get it.
        public let description: String

        /// Creates the error.
        public init(description: String) { self.description = description }
    }

    /// The S3 settings of the test radosgw.
    public struct S3: Sendable {
        /// Path-style endpoint (`http://127.0.0.1:PORT`).
        public let endpoint: String
        /// Endpoint for virtual-host addressing (`http://localhost:PORT`; `bucket.localhost` resolves to loopback).
        public let virtualHostEndpoint: String
        /// The region to sign for.
        public let region: String
        /// The bucket made at set-up.
        public let bucket: String
        /// The access key id.
        public let accessKeyID: String
        /// The secret access key.
        public let secretAccessKey: String
    }

    /// The environment file the start script writes into the checkout's `.build`.
    public static var environmentFile: URL { Corpus.repositoryRoot.appendingPathComponent(".build/keepsake-servers.env") }

    /// The settings: the process environment, else the start script's file.
    public static let settings: [String: String] = {
        var values: [String: String] = [:]
        if let text = try? String(contentsOf: environmentFile, encoding: .utf8) {
            for line in text.split(separator: "\n") {
                // export NAME='value'
                guard line.hasPrefix("export "), let equals = line.firstIndex(of: "=") else { continue }
                let name = String(line[line.index(line.startIndex, offsetBy: 7)..<equals])
                var value = String(line[line.index(after: equals)...])
                if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                values[name] = value
            }
        }
        for (name, value) in ProcessInfo.processInfo.environment where name.hasPrefix("KEEPSAKE_TEST_") { values[name] = value }
        return values
    }()

    private static func required(_ name: String, _ server: String) throws -> String {
        guard let value = settings[name], !value.isEmpty else {
            throw Unavailable(description: "The \(server) test server is not configured: \(name) is not set and \(environmentFile.path) does not name it. "
                              + "Start the servers with `scripts/servers/start` (make test does it for you), then run the tests again.")
        }
        return value
    }

    /// The URL of the shared test PostgreSQL (`postgresql://keepsake:…@127.0.0.1:PORT/keepsake`).
    public static func postgresURL() throws -> String { try required("KEEPSAKE_TEST_POSTGRES_URL", "PostgreSQL") }

    /// The S3 settings of the test radosgw.
    public static func s3() throws -> S3 {
        S3(endpoint: try required("KEEPSAKE_TEST_S3_ENDPOINT", "S3"),
           virtualHostEndpoint: try required("KEEPSAKE_TEST_S3_VIRTUAL_HOST_ENDPOINT", "S3"),
           region: try required("KEEPSAKE_TEST_S3_REGION", "S3"), bucket: try required("KEEPSAKE_TEST_S3_BUCKET", "S3"),
           accessKeyID: try required("KEEPSAKE_TEST_S3_ACCESS_KEY_ID", "S3"),
           secretAccessKey: try required("KEEPSAKE_TEST_S3_SECRET_ACCESS_KEY", "S3"))
    }

    /// Runs `scripts/servers/<script>` on the servers' folder (to start a private PostgreSQL, restart
    /// or kill a server) and returns its standard output, trimmed; throws with its standard error
    /// when it fails.
    @discardableResult
    public static func runScript(_ script: String, _ arguments: [String]) throws -> String {
        let folder = try required("KEEPSAKE_TEST_SERVERS_DIR", "test")
        let scripts = settings["KEEPSAKE_TEST_SERVERS_SCRIPTS"] ?? Corpus.repositoryRoot.appendingPathComponent("scripts/servers").path
        var environment = ProcessInfo.processInfo.environment
        environment["KEEPSAKE_SERVERS_DIR"] = folder
        let result = try runProcess(URL(fileURLWithPath: scripts).appendingPathComponent(script), arguments, environment: environment)
        guard result.status == 0 else {
            throw Unavailable(description: "scripts/servers/\(script) \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts a PostgreSQL of its own for a test that must disrupt the server (restart it, kill it),
    /// and returns its URL; ``stopPrivatePostgres(_:)`` removes it.
    public static func startPrivatePostgres(_ name: String) throws -> String {
        try runScript("postgres", ["start", name])
    }

    /// Stops and removes a private PostgreSQL.
    public static func stopPrivatePostgres(_ name: String) throws {
        try runScript("postgres", ["stop", name])
    }
}
