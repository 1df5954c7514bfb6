import Foundation
import Synchronization
import Testing
import KeepsakePostgres
import KeepsakeTestSupport

@Suite("PostgreSQL connection pool")
struct PostgresPoolTests {
    @Test("the pool opens no more than its size, reuses idle connections, and serves many threads")
    func sizeAndReuse() throws {
        let schema = try PostgresTestSchema()
        let pool = PostgresPool(configuration: schema.configuration, maxConnections: 3)
        defer { pool.close() }
        try pool.withConnection { try $0.executeScript("CREATE TABLE hit (n int4)") }
        let pids = Mutex<Set<Int32>>([])
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 40) { n in
            do {
                try pool.withConnection { connection in
                    pids.withLock { _ = $0.insert(connection.backendPID) }
                    try connection.execute("INSERT INTO hit VALUES ($1)", [n])
                }
            } catch { failures.add(1, ordering: .relaxed) }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(pids.withLock { $0.count } <= 3)
        #expect(pool.openConnections <= 3)
        #expect(try pool.withConnection { try $0.query("SELECT count(*) FROM hit").scalar(Int.self) } == 40)
    }

    @Test("a caller that finds every connection busy gets poolTimeout after the acquire timeout")
    func exhaustion() throws {
        let pool = PostgresPool(configuration: try PostgresConfiguration(url: TestServers.postgresURL()), maxConnections: 1,
                                acquireTimeout: .milliseconds(200))
        defer { pool.close() }
        let inside = DispatchSemaphore(value: 0), leave = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? pool.withConnection { _ in inside.signal(); leave.wait() }
            done.signal()
        }
        inside.wait()
        let error = try #require(throws: PostgresError.self) { try pool.withConnection { _ in } }
        #expect(error.kind == .poolTimeout)
        leave.signal()
        done.wait()
        #expect(try pool.withConnection { try $0.query("SELECT 1").scalar(Int.self) } == 1)
    }

    @Test("an idle pooled connection terminated by the server is replaced before it is handed out")
    func replacesTerminatedIdleConnection() throws {
        let url = try TestServers.postgresURL()
        let pool = PostgresPool(configuration: try PostgresConfiguration(url: url), maxConnections: 1)
        defer { pool.close() }
        let first = try pool.withConnection { $0.backendPID }
        try terminateBackend(first, url: url)
        let (second, answer) = try pool.withConnection { connection in
            (connection.backendPID, try connection.query("SELECT 1").scalar(Int.self))
        }
        #expect(answer == 1)
        #expect(second != first)
        #expect(pool.openConnections == 1)
    }

    @Test("a pooled transaction whose session is terminated midway runs again on a fresh connection, once committed")
    func retriesLostConnection() throws {
        let schema = try PostgresTestSchema()
        let pool = PostgresPool(configuration: schema.configuration, maxConnections: 2)
        defer { pool.close() }
        try pool.withConnection { try $0.executeScript("CREATE TABLE t (x int4)") }
        let attempts = Atomic<Int>(0)
        let pids = Mutex<[Int32]>([])
        try pool.transaction { connection in
            pids.withLock { $0.append(connection.backendPID) }
            try connection.execute("INSERT INTO t VALUES (1)")
            if attempts.add(1, ordering: .relaxed).newValue == 1 {
                try terminateBackend(connection.backendPID, url: schema.url)
                try connection.execute("INSERT INTO t VALUES (2)")
            }
        }
        #expect(attempts.load(ordering: .relaxed) == 2)
        #expect(Set(pids.withLock { $0 }).count == 2)
        #expect(try pool.withConnection { try $0.query("SELECT array_agg(x) FROM t").scalar([Int].self) } == [1])
    }

    @Test("without lost-connection retries, the pooled transaction throws connectionLost and keeps nothing")
    func noRetry() throws {
        let schema = try PostgresTestSchema()
        let pool = PostgresPool(configuration: schema.configuration, maxConnections: 2)
        defer { pool.close() }
        try pool.withConnection { try $0.executeScript("CREATE TABLE t (x int4)") }
        let error = try #require(throws: PostgresError.self) {
            try pool.transaction(retry: PostgresRetryPolicy(retriesLostConnections: false)) { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                try terminateBackend(connection.backendPID, url: schema.url)
                try connection.execute("INSERT INTO t VALUES (2)")
            }
        }
        #expect(error.kind == .connectionLost)
        #expect(try pool.withConnection { try $0.query("SELECT count(*) FROM t").scalar(Int.self) } == 0)
    }

    @Test("retry delays grow and stay within the policy's bounds")
    func backoff() {
        let policy = PostgresRetryPolicy(maxAttempts: 10, initialDelay: .milliseconds(10), maxDelay: .milliseconds(80))
        for attempt in 2...10 {
            let ceiling = min(Duration.milliseconds(80), .milliseconds(10) * (1 << (attempt - 2)))
            for _ in 0..<50 {
                let delay = policy.delay(beforeAttempt: attempt)
                #expect(delay >= .zero && delay <= ceiling)
            }
        }
        #expect(!policy.shouldRetry(PostgresError(.serializationFailure), afterAttempt: 10))
        #expect(policy.shouldRetry(PostgresError(.serializationFailure), afterAttempt: 9))
        #expect(!policy.shouldRetry(PostgresError(.uniqueViolation), afterAttempt: 1))
        #expect(!policy.shouldRetry(PostgresError(.commitOutcomeUnknown), afterAttempt: 1))
    }
}
