import Foundation
import Testing
@testable import KeepsakePostgres
import KeepsakeTestSupport

@Suite("PostgreSQL connections")
struct PostgresConnectionTests {
    @Test("a connection made from the URL reports the server version and its own backend process")
    func connectsByURL() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        defer { connection.close() }
        #expect(connection.serverVersion >= 150000)
        #expect(try connection.query("SELECT pg_backend_pid()").scalar(Int32.self) == connection.backendPID)
        #expect(try connection.query("SELECT current_user").scalar(String.self) == "keepsake")
        #expect(connection.isUsable)
    }

    @Test("the socket has TCP keepalives on with the configured idle, interval and count, and the session its settings")
    func keepalivesAndSessionSettings() throws {
        var configuration = try PostgresConfiguration(url: TestServers.postgresURL())
        configuration.keepalive = .init(idle: 7, interval: 3, count: 4)
        configuration.applicationName = "keepsake-keepalive-test"
        configuration.sessionSettings = [("statement_timeout", "12345"), ("lock_timeout", "2s")]
        let connection = try PostgresConnection(configuration: configuration)
        defer { connection.close() }
        let socket = try #require(connection.state.withLock { $0.handle?.socket })
        func option(_ level: Int32, _ name: Int32) -> Int32 {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(socket, level, name, &value, &length)
            return value
        }
        #expect(option(SOL_SOCKET, SO_KEEPALIVE) == 1)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPIDLE) == 7)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPINTVL) == 3)
        #expect(option(Int32(IPPROTO_TCP), TCP_KEEPCNT) == 4)
        #expect(option(Int32(IPPROTO_TCP), 18 /* TCP_USER_TIMEOUT */) == 30_000)
        #expect(try connection.query("SHOW statement_timeout").scalar(String.self) == "12345ms")
        #expect(try connection.query("SHOW lock_timeout").scalar(String.self) == "2s")
        #expect(try connection.query("SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()").scalar(String.self)
                == "keepsake-keepalive-test")
    }

    @Test("a wrong password fails as connectionFailed, and neither password appears in the message")
    func wrongPassword() throws {
        let url = try TestServers.postgresURL()
        let real = try #require(url.split(separator: ":")[2].split(separator: "@").first.map(String.init))
        let wrong = url.replacingOccurrences(of: ":\(real)@", with: ":not-the-password-42@")
        let error = try #require(throws: PostgresError.self) { try PostgresConnection(url: wrong) }
        #expect(error.kind == .connectionFailed)
        #expect(error.description.contains("password authentication failed"))
        #expect(!error.description.contains("not-the-password-42"))
        #expect(!error.description.contains(real))
        #expect(error.description.contains("127.0.0.1:"))
    }

    @Test("a port nothing listens on fails at once as connectionFailed, naming the server")
    func refusedPort() throws {
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(url: "postgresql://keepsake:x@127.0.0.1:1/keepsake?connect_timeout=2")
        }
        #expect(error.kind == .connectionFailed)
        #expect(error.description.contains("127.0.0.1:1/keepsake"))
        #expect(error.description.contains("Check that the server is running"))
    }

    @Test("a URL libpq cannot read is refused as invalidConfiguration before any connection")
    func malformedURL() throws {
        let error = try #require(throws: PostgresError.self) { try PostgresConfiguration(url: "postgresql://host/db?nonsense_option=1") }
        #expect(error.kind == .invalidConfiguration)
        #expect(error.description.contains("nonsense_option"))
    }

    @Test("a session ended with pg_terminate_backend fails its next statement as connectionLost with SQLSTATE 57P01, and stays lost")
    func terminatedSession() throws {
        let url = try TestServers.postgresURL()
        let connection = try PostgresConnection(url: url)
        try terminateBackend(connection.backendPID, url: url)
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT 1") }
        #expect(error.kind == .connectionLost)
        #expect(!connection.isUsable)
        let again = try #require(throws: PostgresError.self) { try connection.query("SELECT 1") }
        #expect(again.kind == .connectionLost)
        #expect(again.description.contains("terminating connection") || again.description.contains("closed"))
    }

    @Test("an idle session terminated by the server is seen as lost without a round trip")
    func idleCheck() throws {
        let url = try TestServers.postgresURL()
        let connection = try PostgresConnection(url: url)
        #expect(connection.checkIdleConnection())
        try terminateBackend(connection.backendPID, url: url)
        #expect(eventually { !connection.checkIdleConnection() })
    }

    @Test("a closed connection refuses work as closed")
    func closedConnection() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        connection.close()
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT 1") }
        #expect(error.kind == .closed)
    }
}
