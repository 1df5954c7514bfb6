import Foundation
import Synchronization
import Testing
import KeepsakePostgres
import KeepsakeTestSupport

@Suite("PostgreSQL advisory lock sessions")
struct PostgresLockSessionTests {
    private func key() -> PostgresAdvisoryLockKey { PostgresAdvisoryLockKey(name: "keepsake-test-" + UUID().uuidString) }

    @Test("two sessions contend for one lock: the first holds it, the second is refused until it is released")
    func contention() throws {
        let configuration = try PostgresConfiguration(url: TestServers.postgresURL())
        let a = try PostgresLockSession(configuration: configuration), b = try PostgresLockSession(configuration: configuration)
        defer { a.close(); b.close() }
        let lock = key()
        #expect(try a.tryLock(lock))
        #expect(try !b.tryLock(lock))
        #expect(try a.isHeld(lock))
        #expect(try !b.isHeld(lock))
        let observer = try PostgresConnection(configuration: configuration)
        defer { observer.close() }
        #expect(try observer.advisoryLockHolder(lock) == a.backendPID)
        #expect(try a.unlock(lock))
        #expect(try !a.unlock(lock))
        #expect(try observer.advisoryLockHolder(lock) == nil)
        #expect(try b.tryLock(lock))
        #expect(try observer.advisoryLockHolder(lock) == b.backendPID)
    }

    @Test("keys from names are stable and spread over all 64 bits")
    func keys() {
        #expect(PostgresAdvisoryLockKey(name: "instance-1") == PostgresAdvisoryLockKey(name: "instance-1"))
        #expect(PostgresAdvisoryLockKey(name: "instance-1") != PostgresAdvisoryLockKey(name: "instance-2"))
        #expect(PostgresAdvisoryLockKey(name: "").value == Int64(bitPattern: 0xcbf2_9ce4_8422_2325))
        #expect(Set((0..<1000).map { PostgresAdvisoryLockKey(name: "k\($0)").value }).count == 1000)
    }

    @Test("a negative key and a key above 32 bits are found in pg_locks")
    func wideKeys() throws {
        let session = try PostgresLockSession(configuration: try PostgresConfiguration(url: TestServers.postgresURL()))
        defer { session.close() }
        for value: Int64 in [-1, Int64.min, Int64.max, 1 << 40, 7] {
            let lock = PostgresAdvisoryLockKey(value)
            #expect(try session.tryLock(lock))
            #expect(try session.isHeld(lock))
            #expect(try session.unlock(lock))
            #expect(try !session.isHeld(lock))
        }
    }

    @Test("a holder whose session is terminated learns it at once, stops being alive, and its lock goes to another session")
    func lostSession() throws {
        let url = try TestServers.postgresURL()
        let configuration = try PostgresConfiguration(url: url)
        let lostAt = Mutex<ContinuousClock.Instant?>(nil)
        let holder = try PostgresLockSession(configuration: configuration, checkInterval: .seconds(1), checkTimeout: .seconds(3)) { _ in
            lostAt.withLock { $0 = .now }
        }
        defer { holder.close() }
        let other = try PostgresLockSession(configuration: configuration)
        defer { other.close() }
        let lock = key()
        #expect(try holder.tryLock(lock))
        #expect(try !other.tryLock(lock))
        let terminatedAt = ContinuousClock.now
        try terminateBackend(holder.backendPID, url: url)
        #expect(eventually(timeout: .seconds(5)) { lostAt.withLock { $0 } != nil })
        if let seen = lostAt.withLock({ $0 }) { #expect(seen - terminatedAt < .seconds(2)) }
        #expect(!holder.isAlive)
        #expect(holder.lostError?.kind == .connectionLost)
        let error = try #require(throws: PostgresError.self) { try holder.isHeld(lock) }
        #expect(error.kind == .connectionLost)
        #expect(try other.tryLock(lock))
    }

    @Test("a client process killed in the middle of a statement loses its lock within seconds (client_connection_check_interval)")
    func killedClientMidQuery() throws {
        let url = try TestServers.postgresURL()
        let lock = key()
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        psql.arguments = [url, "-q", "-c", "SELECT pg_advisory_lock(\(lock.value))", "-c", "SELECT pg_sleep(60)"]
        psql.standardOutput = FileHandle.nullDevice
        psql.standardError = FileHandle.nullDevice
        try psql.run()
        let observer = try PostgresConnection(url: url)
        defer { observer.close() }
        #expect(try eventually { try observer.advisoryLockHolder(lock) != nil })
        kill(psql.processIdentifier, SIGKILL)
        psql.waitUntilExit()
        let killedAt = ContinuousClock.now
        #expect(try eventually(timeout: .seconds(10)) { try observer.advisoryLockHolder(lock) == nil })
        #expect(ContinuousClock.now - killedAt < .seconds(5))
    }

    @Test("a transaction-level lock claims work for one transaction and is released by its commit")
    func transactionLock() throws {
        let configuration = try PostgresConfiguration(url: TestServers.postgresURL())
        let a = try PostgresConnection(configuration: configuration), b = try PostgresConnection(configuration: configuration)
        defer { a.close(); b.close() }
        let lock = key()
        let (first, second) = try a.transaction { a in
            (try a.tryTransactionLock(lock), try b.transaction { try $0.tryTransactionLock(lock) })
        }
        #expect(first)
        #expect(!second)
        let afterCommit = try b.transaction { try $0.tryTransactionLock(lock) }
        #expect(afterCommit)
    }
}
