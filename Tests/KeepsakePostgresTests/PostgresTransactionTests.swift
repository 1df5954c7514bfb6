import Foundation
import Synchronization
import Testing
import KeepsakePostgres
import KeepsakeTestSupport

private struct Refusal: Error {}

@Suite("PostgreSQL transactions")
struct PostgresTransactionTests {
    @Test("a transaction commits when its body returns and rolls back when it throws")
    func commitAndRollback() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE t (x int4)")
        try connection.transaction { _ = try $0.execute("INSERT INTO t VALUES (1)") }
        #expect(throws: Refusal.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO t VALUES (2)")
                throw Refusal()
            }
        }
        #expect(try connection.query("SELECT array_agg(x) FROM t").scalar([Int].self) == [1])
        #expect(!connection.isInTransaction)
    }

    @Test("a body that swallows a failed statement's error gets misuse, and nothing it did is kept")
    func swallowedError() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE t (x int4 PRIMARY KEY)")
        let error = try #require(throws: PostgresError.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                _ = try? connection.execute("INSERT INTO t VALUES (1)")
            }
        }
        #expect(error.kind == .misuse)
        #expect(try connection.query("SELECT count(*) FROM t").scalar(Int.self) == 0)
    }

    @Test("a transaction inside a transaction on one connection is refused as misuse")
    func nested() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        defer { connection.close() }
        let error = try #require(throws: PostgresError.self) {
            try connection.transaction { connection in try connection.transaction { _ in } }
        }
        #expect(error.kind == .misuse)
        #expect(try connection.query("SELECT 1").scalar(Int.self) == 1)
    }

    @Test("a read-only transaction refuses writes")
    func readOnly() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE t (x int4)")
        let error = try #require(throws: PostgresError.self) {
            try connection.transaction(readOnly: true) { try $0.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(error.sqlState == "25006")
    }

    @Test("two serializable transactions that conflict: one fails as serializationFailure, and the retry helper runs it again to success")
    func serializationFailureRetried() throws {
        let schema = try PostgresTestSchema()
        let setup = try schema.connect()
        defer { setup.close() }
        try setup.executeScript("CREATE TABLE account (id int4 PRIMARY KEY, balance int8); INSERT INTO account VALUES (1, 100), (2, 100)")
        let a = try schema.connect(), b = try schema.connect()
        defer { a.close(); b.close() }

        // Write skew: each reads both rows and writes one; the second commit must fail.
        let first = try #require(throws: PostgresError.self) {
            try a.transaction(isolation: .serializable) { a in
                _ = try a.query("SELECT sum(balance) FROM account").scalar(Int.self)
                try b.transaction(isolation: .serializable) { b in
                    _ = try b.query("SELECT sum(balance) FROM account").scalar(Int.self)
                    try b.execute("UPDATE account SET balance = balance - 150 WHERE id = 2")
                }
                try a.execute("UPDATE account SET balance = balance - 150 WHERE id = 1")
            }
        }
        #expect(first.kind == .serializationFailure)
        #expect(first.sqlState == "40001")
        #expect(first.isRetryable)

        // With the helper: the first attempt meets a concurrent committed change, the second succeeds.
        let attempts = Atomic<Int>(0)
        try a.transaction(isolation: .serializable, retry: .default) { a in
            let attempt = attempts.add(1, ordering: .relaxed).newValue
            _ = try a.query("SELECT sum(balance) FROM account").scalar(Int.self)
            if attempt == 1 {
                try b.transaction(isolation: .serializable) { b in
                    _ = try b.query("SELECT sum(balance) FROM account").scalar(Int.self)
                    try b.execute("UPDATE account SET balance = balance + 1 WHERE id = 2")
                }
            }
            try a.execute("UPDATE account SET balance = balance + 1 WHERE id = 1")
        }
        #expect(attempts.load(ordering: .relaxed) == 2)
        #expect(try a.query("SELECT array_agg(balance ORDER BY id) FROM account").scalar([Int].self) == [101, -49])
    }

    @Test("a deadlock is reported as serializationFailure (40P01) and retried")
    func deadlock() throws {
        let schema = try PostgresTestSchema()
        let setup = try schema.connect()
        defer { setup.close() }
        try setup.executeScript("CREATE TABLE r (id int4 PRIMARY KEY, n int4); INSERT INTO r VALUES (1, 0), (2, 0)")
        let a = try schema.connect(), b = try schema.connect()
        defer { a.close(); b.close() }
        let bLocked = DispatchSemaphore(value: 0), aLocked = DispatchSemaphore(value: 0)
        let bResult = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do {
                try b.transaction { b in
                    try b.execute("UPDATE r SET n = n + 1 WHERE id = 2")
                    bLocked.signal()
                    aLocked.wait()
                    try b.execute("UPDATE r SET n = n + 1 WHERE id = 1")
                }
            } catch { bResult.withLock { $0 = error } }
            done.signal()
        }
        let attempts = Atomic<Int>(0)
        try a.transaction(retry: .default) { a in
            if attempts.add(1, ordering: .relaxed).newValue == 1 {
                try a.execute("UPDATE r SET n = n + 1 WHERE id = 1")
                bLocked.wait()
                aLocked.signal()
                try a.execute("UPDATE r SET n = n + 1 WHERE id = 2")
            } else {
                done.wait()
                try a.execute("UPDATE r SET n = n + 10 WHERE id IN (1, 2)")
            }
        }
        // One of the two was the deadlock victim: either a retried, or b failed with the typed error.
        // (a's retry waited for b already; otherwise b's error is read only once b has finished.)
        if attempts.load(ordering: .relaxed) == 1 { done.wait() }
        let bError = bResult.withLock { $0 } as? PostgresError
        if attempts.load(ordering: .relaxed) == 2 {
            #expect(bError == nil)
            #expect(try a.query("SELECT array_agg(n ORDER BY id) FROM r").scalar([Int].self) == [11, 11])
        } else {
            #expect(bError?.kind == .serializationFailure)
            #expect(bError?.sqlState == "40P01")
        }
    }

    @Test("a session terminated while COMMIT runs reports commitOutcomeUnknown, not a plain failure")
    func commitOutcomeUnknown() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        // A deferred constraint trigger runs at COMMIT; this one sleeps, so the commit is caught in flight.
        try connection.executeScript("""
            CREATE TABLE t (x int4);
            CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$;
            CREATE CONSTRAINT TRIGGER slow AFTER INSERT ON t DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit();
            """)
        let pid = connection.backendPID
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { try? terminateBackend(pid, url: schema.url) }
        let error = try #require(throws: PostgresError.self) {
            try connection.transaction { try $0.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(error.kind == .commitOutcomeUnknown)
        #expect(error.description.contains("may have been committed or not"))
        #expect(!PostgresRetryPolicy.default.shouldRetry(error, afterAttempt: 1))
    }

    @Test("a full disk under a table is diskFull (53100), and the table stays as it was")
    func diskFull() throws {
        let space = "full_" + UUID().uuidString.prefix(8).lowercased()
        try TestServers.runScript("postgres", ["tablespace", "main", space, "1024"])
        defer { _ = try? TestServers.runScript("postgres", ["drop-tablespace", "main", space]) }
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE big (b bytea) TABLESPACE \(space)")
        var stored = 0
        let error = try #require(throws: PostgresError.self) {
            for _ in 0..<200 {
                try connection.execute("INSERT INTO big VALUES ($1)", [Data((0..<65_536).map { _ in UInt8.random(in: 0...255) })])
                stored += 1
            }
        }
        #expect(error.kind == .diskFull)
        #expect(error.sqlState == "53100")
        #expect(error.description.contains("Free space on the database server's disk"))
        #expect(stored > 0)
        #expect(try connection.query("SELECT count(*) FROM big").scalar(Int.self) == stored)
        try connection.executeScript("DROP TABLE big")
    }
}
