import Foundation
import Testing
import KeepsakePostgresStore
import KeepsakeStore

@Suite("PostgreSQL store URLs")
struct PostgresStoreURLTests {
    @Test("Keepsake's own parameters are taken out before the URL goes to libpq; the rest is kept as written")
    func ownParametersAreTakenOut() throws {
        let url = try PostgresStoreURL("postgresql://ks:s%40cret@db.example:6543/family?sslmode=require&schema=home_2&pool_size=3&connect_timeout=4")
        #expect(url.schema == "home_2")
        #expect(url.poolSize == 3)
        #expect(url.libpqURL == "postgresql://ks:s%40cret@db.example:6543/family?sslmode=require&connect_timeout=4")
        #expect(url.location == "postgresql://db.example:6543/family?schema=home_2")
        let plain = try PostgresStoreURL("postgres://localhost/keepsake")
        #expect(plain.schema == PostgresStoreURL.defaultSchema)
        #expect(plain.poolSize == PostgresStoreURL.defaultPoolSize)
        #expect(plain.libpqURL == "postgres://localhost/keepsake")
    }

    @Test("A schema that would need quoting, or that PostgreSQL reserves, is refused with the parameter named",
          arguments: ["Home", "1abc", "pg_home", "a-b", "a\"b", "", String(repeating: "a", count: 64)])
    func badSchemasAreRefused(_ schema: String) throws {
        let error = try #require(throws: KeepsakeError.self) { try PostgresStoreURL("postgresql://h/db?schema=" + schema) }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("schema="))
    }

    @Test("A bad pool size, an unknown scheme and a URL libpq refuses are invalid arguments that never show the password")
    func badURLsNeverShowThePassword() throws {
        #expect(throws: KeepsakeError.self) { try PostgresStoreURL("postgresql://h/db?pool_size=0") }
        #expect(throws: KeepsakeError.self) { try PostgresStoreURL("mysql://h/db") }
        let error = try #require(throws: KeepsakeError.self) { try PostgresStoreURL("postgresql://ks:hunter2%zz@h/db") }
        #expect(error.code == .invalidArgument)
        #expect(!error.description.contains("hunter2"), "\(error)")
        let unknown = try #require(throws: KeepsakeError.self) { try PostgresStoreURL("postgresql://ks:hunter2@h/db?nonsense=1") }
        #expect(!unknown.description.contains("hunter2"), "\(unknown)")
    }
}
