import Foundation
import Testing
import KeepsakePostgres
import KeepsakeTestSupport

@Suite("PostgreSQL statements and values")
struct PostgresQueryTests {
    @Test("every supported Swift type round-trips through a bound parameter and a binary result")
    func roundTrips() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("""
            CREATE TABLE item (t text, i int4, b int8, s int2, d float8, f bool, bytes bytea, id uuid, at timestamptz,
                               n numeric(12, 3), j jsonb, tags text[], nothing text)
            """)
        let allBytes = Data((0...255).map { UInt8($0) } + [0, 0, 255])
        let id = UUID()
        let at = Date(timeIntervalSince1970: 1_714_567_890.123456)
        try connection.execute("INSERT INTO item VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                               ["행복한 하루 'quoted' \"double\" \\ back", Int32(-7), Int64.max, Int16.min, 0.1 + 0.2, true, allBytes, id, at,
                                "-1234.505", #"{"a": [1, "둘"]}"#, ["x", "y,z", "q\"uote", "back\\slash", "한글"], String?.none])
        let row = try #require(try connection.query("SELECT * FROM item").first)
        #expect(try row.decode(String.self, column: "t") == "행복한 하루 'quoted' \"double\" \\ back")
        #expect(try row.decode(Int32.self, column: "i") == -7)
        #expect(try row.decode(Int64.self, column: "b") == Int64.max)
        #expect(try row.decode(Int16.self, column: "s") == Int16.min)
        #expect(try row.decode(Double.self, column: "d") == 0.1 + 0.2)
        #expect(try row.decode(Bool.self, column: "f"))
        #expect(try row.decode(Data.self, column: "bytes") == allBytes)
        #expect(try row.decode(UUID.self, column: "id") == id)
        let readAt = try row.decode(Date.self, column: "at")
        #expect(abs(readAt.timeIntervalSince(at)) < 0.000_001)
        #expect(try row.decode(String.self, column: "n") == "-1234.505")
        #expect(try row.decode(Double.self, column: "n") == -1234.505)
        #expect(try row.decode(String.self, column: "j") == #"{"a": [1, "둘"]}"#)
        #expect(try row.decode([String].self, column: "tags") == ["x", "y,z", "q\"uote", "back\\slash", "한글"])
        #expect(try row.decode(String?.self, column: "nothing") == nil)
        let (t, i) = try row.decode(String.self, Int.self)
        #expect(t.hasPrefix("행복한") && i == -7)
    }

    @Test("numerics of every shape read back exactly as text")
    func numerics() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        defer { connection.close() }
        for text in ["0", "1", "-1", "10000", "123456789012345678901234567890", "0.0001", "0.00000001", "-0.5", "99999999.99999999",
                     "1.10", "NaN", "Infinity", "-Infinity", "100000000"] {
            #expect(try connection.query("SELECT $1::numeric", [text]).scalar(String.self) == text)
        }
        #expect(try connection.query("SELECT sum(x) FROM (VALUES (1::int8), (2)) AS v(x)").scalar(Int.self) == 3)
    }

    @Test("a parameter is data, never SQL: a hostile string is stored as it is")
    func parametersAreNotSQL() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE note (body text)")
        let hostile = "x'); DROP TABLE note; --"
        try connection.execute("INSERT INTO note VALUES ($1)", [hostile])
        #expect(try connection.query("SELECT body FROM note").scalar(String.self) == hostile)
        #expect(try connection.query("SELECT count(*) FROM note WHERE body = $1", [hostile]).scalar(Int.self) == 1)
    }

    @Test("arrays bind to = ANY($1) and come back as Swift arrays")
    func arrays() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE r (id uuid PRIMARY KEY, n int8)")
        let ids = (0..<5).map { _ in UUID() }
        for (n, id) in ids.enumerated() { try connection.execute("INSERT INTO r VALUES ($1, $2)", [id, n]) }
        let picked = try connection.query("SELECT n FROM r WHERE id = ANY($1) ORDER BY n", [[ids[1], ids[3]]]).map { try $0.decode(Int.self, at: 0) }
        #expect(picked == [1, 3])
        #expect(try connection.query("SELECT array_agg(n ORDER BY n) FROM r").scalar([Int].self) == [0, 1, 2, 3, 4])
        #expect(try connection.query("SELECT ARRAY[1, NULL, 3]::int8[]").scalar([Int?].self) == [1, nil, 3])
        #expect(try connection.query("SELECT '{}'::text[]").scalar([String].self) == [])
    }

    @Test("one SQL text is prepared once per connection and reused")
    func statementCache() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        defer { connection.close() }
        for n in 0..<20 { #expect(try connection.query("SELECT $1::int8 + 1", [n]).scalar(Int.self) == n + 1) }
        try connection.query("SELECT $1::text", ["a"])
        #expect(try connection.query("SELECT count(*) FROM pg_prepared_statements").scalar(Int.self) == 3)
    }

    @Test("a prepared SELECT * survives its table changing shape")
    func stalePreparedStatement() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE shape (a int4); INSERT INTO shape VALUES (1)")
        #expect(try connection.query("SELECT * FROM shape").columns.count == 1)
        try connection.executeScript("ALTER TABLE shape ADD COLUMN b text DEFAULT 'new'")
        let result = try connection.query("SELECT * FROM shape")
        #expect(result.columns.map(\.name) == ["a", "b"])
        #expect(try result[0].decode(String.self, column: "b") == "new")
    }

    @Test("a value read as the wrong type fails as decoding, naming the column and its type")
    func decodingMismatch() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        defer { connection.close() }
        let result = try connection.query("SELECT 'text'::text AS label, NULL::int4 AS missing")
        let wrongType = try #require(throws: PostgresError.self) { try result[0].decode(Int.self, column: "label") }
        #expect(wrongType.kind == .decoding)
        #expect(wrongType.description.contains("\"label\"") && wrongType.description.contains("text"))
        let null = try #require(throws: PostgresError.self) { try result[0].decode(Int.self, column: "missing") }
        #expect(null.description.contains("NULL"))
        #expect(try result[0].decode(Int?.self, column: "missing") == nil)
        let noColumn = try #require(throws: PostgresError.self) { try result[0].decode(Int.self, column: "nope") }
        #expect(noColumn.description.contains("label, missing"))
        let notOne = try #require(throws: PostgresError.self) { try connection.query("SELECT 1 WHERE false").scalar(Int.self) }
        #expect(notOne.kind == .decoding)
    }

    @Test("a syntax error carries SQLSTATE 42601 and its position; the statement is only in the debug description")
    func syntaxError() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        defer { connection.close() }
        let error = try #require(throws: PostgresError.self) { try connection.query("SELEC secret_column FROM nowhere") }
        #expect(error.kind == .other)
        #expect(error.sqlState == "42601")
        #expect(error.serverFields?.position == 1)
        #expect(error.serverFields?.severity == "ERROR")
        #expect(!error.description.contains("secret_column"))
        #expect(error.debugDescription.contains("SELEC secret_column FROM nowhere"))
        #expect(error.query == "SELEC secret_column FROM nowhere")
        // The connection is still usable after a statement error.
        #expect(try connection.query("SELECT 2").scalar(Int.self) == 2)
    }

    @Test("a duplicate is a uniqueViolation naming the constraint, without the duplicate value in the description")
    func uniqueViolation() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE person (email text CONSTRAINT person_email_key UNIQUE)")
        try connection.execute("INSERT INTO person VALUES ($1)", ["private@example.org"])
        let error = try #require(throws: PostgresError.self) { try connection.execute("INSERT INTO person VALUES ($1)", ["private@example.org"]) }
        #expect(error.kind == .uniqueViolation)
        #expect(error.sqlState == "23505")
        #expect(error.serverFields?.constraintName == "person_email_key")
        #expect(error.serverFields?.tableName == "person")
        #expect(error.serverFields?.schemaName == schema.name)
        #expect(error.description.contains("person_email_key"))
        #expect(!error.description.contains("private@example.org"))
        #expect(error.serverFields?.detail?.contains("private@example.org") == true)
    }

    @Test("a reference to a missing row is a foreignKeyViolation")
    func foreignKeyViolation() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("CREATE TABLE parent (id int4 PRIMARY KEY); CREATE TABLE child (parent int4 REFERENCES parent)")
        let error = try #require(throws: PostgresError.self) { try connection.execute("INSERT INTO child VALUES (1)") }
        #expect(error.kind == .foreignKeyViolation)
        #expect(error.sqlState == "23503")
    }

    @Test("the server's statement_timeout cancels a statement as queryCanceled and the connection stays usable")
    func statementTimeout() throws {
        let schema = try PostgresTestSchema()
        let connection = try PostgresConnection(configuration: schema.configuration { $0.sessionSettings.append(("statement_timeout", "200ms")) })
        defer { connection.close() }
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT pg_sleep(5)") }
        #expect(error.kind == .queryCanceled)
        #expect(error.sqlState == "57014")
        #expect(try connection.query("SELECT 3").scalar(Int.self) == 3)
    }

    @Test("cancel() from another thread stops a running statement as queryCanceled")
    func cancelFromAnotherThread() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        defer { connection.close() }
        let started = ContinuousClock.now
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { connection.cancel() }
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT pg_sleep(10)") }
        #expect(error.kind == .queryCanceled)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(try connection.query("SELECT 4").scalar(Int.self) == 4)
    }

    @Test("the client's query timeout cancels a statement the server would let run")
    func clientQueryTimeout() throws {
        var configuration = try PostgresConfiguration(url: TestServers.postgresURL())
        configuration.queryTimeout = .milliseconds(300)
        let connection = try PostgresConnection(configuration: configuration)
        defer { connection.close() }
        let started = ContinuousClock.now
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT pg_sleep(10)") }
        #expect(error.kind == .queryCanceled)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(try connection.query("SELECT 5").scalar(Int.self) == 5)
    }

    @Test("several statements run as one script")
    func script() throws {
        let schema = try PostgresTestSchema()
        let connection = try schema.connect()
        defer { connection.close() }
        try connection.executeScript("""
            CREATE TABLE a (x int4);
            INSERT INTO a VALUES (1), (2);
            CREATE INDEX a_x ON a (x);
            """)
        #expect(try connection.query("SELECT count(*) FROM a").scalar(Int.self) == 2)
        #expect(try connection.execute("UPDATE a SET x = x + 1") == 2)
    }

    @Test("pg_trgm, from postgresql-contrib, can be installed by the database owner")
    func trigramExtension() throws {
        let connection = try PostgresConnection(url: TestServers.postgresURL())
        defer { connection.close() }
        try connection.executeScript("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        #expect(try connection.query("SELECT similarity('keepsake', 'keepsakes') > 0.5").scalar(Bool.self))
    }
}
