import Foundation
import Synchronization
import Testing
import KeepsakePostgres
import KeepsakeTestSupport

@Suite("PostgreSQL restarts (a private server)")
struct PostgresRestartTests {
    @Test("pg_ctl restart -m immediate: connections are lost, the pool replaces them, the listener listens again, the lock session reports its loss")
    func immediateRestart() throws {
        let name = "restart-" + UUID().uuidString.prefix(8).lowercased()
        let url = try TestServers.startPrivatePostgres(name)
        defer { try? TestServers.stopPrivatePostgres(name) }
        var configuration = try PostgresConfiguration(url: url)
        configuration.queryTimeout = .seconds(5)

        let plain = try PostgresConnection(configuration: configuration)
        let pool = PostgresPool(configuration: configuration, maxConnections: 2)
        defer { pool.close() }
        try pool.withConnection { try $0.executeScript("CREATE TABLE kept (x int4); INSERT INTO kept VALUES (1)") }
        let lockLost = Atomic<Bool>(false)
        let locks = try PostgresLockSession(configuration: configuration, checkInterval: .milliseconds(500)) { _ in
            lockLost.store(true, ordering: .relaxed)
        }
        defer { locks.close() }
        let lock = PostgresAdvisoryLockKey(name: "liveness")
        #expect(try locks.tryLock(lock))
        let reconnected = Atomic<Int>(0)
        let payloads = Mutex<[String]>([])
        let listener = PostgresListener(configuration: configuration, channels: ["changes"], reconnectDelay: .milliseconds(100)) { event in
            switch event {
            case .listening(reconnected: true): reconnected.add(1, ordering: .relaxed)
            case .notification(let n): payloads.withLock { $0.append(n.payload) }
            default: break
            }
        }
        defer { listener.stop() }
        try listener.waitUntilListening()

        try TestServers.runScript("postgres", ["restart-immediate", name])

        let error = try #require(throws: PostgresError.self) { try plain.query("SELECT 1") }
        #expect(error.kind == .connectionLost)
        #expect(try pool.withConnection { try $0.query("SELECT x FROM kept").scalar(Int.self) } == 1)
        #expect(eventually { lockLost.load(ordering: .relaxed) })
        #expect(!locks.isAlive)
        #expect(eventually { reconnected.load(ordering: .relaxed) == 1 })
        try listener.waitUntilListening()
        try pool.withConnection { try $0.notify(channel: "changes", payload: "after restart") }
        #expect(eventually { payloads.withLock { $0 } == ["after restart"] })
        // A new lock session can take the lock the lost one held.
        let successor = try PostgresLockSession(configuration: configuration)
        defer { successor.close() }
        #expect(try successor.tryLock(lock))
    }
}
