import Foundation
import Testing
import KeepsakePostgres
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeStoreConfiguration
import KeepsakeTestSupport

/// The owner and login roles: the owner migrates and grants, the store then works through a login
/// role that owns nothing; a login role that row-level security would not bind is refused.
@Suite("PostgreSQL roles")
struct PostgresRoleTests {
    @Test("With an owner URL the owner migrates and grants; every session of the store is the login role, which owns nothing; opening again grants nothing new")
    func ownerMigratesAndTheLoginRoleWorks() throws {
        let schema = TestSchemas.make()
        let login = try PostgresStoreURL(PostgresAccessFixture.withSchema(try PostgresAccessFixture.appURL(), schema))
        let owner = try PostgresStoreURL(PostgresAccessFixture.withSchema(try TestServers.postgresURL(), schema))
        let store = try PostgresMetadataStore(url: login, ownerURL: owner)
        let record = RecordID(), book = BookID.random()
        try store.write { tx throws in
            try tx.insertBook(Book(id: book, collection: "diary", name: "Diary", defaultOf: nil, createdAt: Date()))
            try PostgresAccessFixture.insert(record, book: book, author: nil, tx)
            try tx.appendChange(record: record, collection: "diary", book: book, kind: .inserted, at: 1)
        }
        let user = try store.read { tx in try (tx as! PostgresTransaction).connection.query("SELECT current_user::text").scalar(String.self) }
        #expect(user == "keepsake_app")
        #expect(try store.read { try $0.record(record)?.book } == book)
        store.close()

        let admin = try PostgresTestAdmin()
        let owners = Set(try admin.connection.query("""
            SELECT pg_get_userbyid(c.relowner)::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
            """, [schema]).map { try $0.decode(String.self, at: 0) })
        #expect(owners == ["keepsake"])
        #expect(try admin.connection.query("SELECT has_table_privilege('keepsake_app', $1, 'TRUNCATE')", ["\(schema).record"]).scalar(Bool.self) == false)
        #expect(try admin.connection.query("SELECT has_table_privilege('keepsake_app', $1, 'INSERT')", ["\(schema).keepsake_schema_version"]).scalar(Bool.self) == false)
        #expect(try admin.connection.query("SELECT has_function_privilege('keepsake_app', $1, 'EXECUTE')", ["\(schema).keepsake_books_of(text, text[])"]).scalar(Bool.self) == false,
                "the inner helpers are the owner's alone")
        let forced = try admin.integer("""
            SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relrowsecurity AND c.relforcerowsecurity
            """, [schema])
        #expect(forced == PostgresAccessFixture.tables.count)

        let again = try PostgresMetadataStore(url: login, ownerURL: owner)
        #expect(try again.read { try $0.recordCount() } == 1)
        again.close()
    }

    @Test("A login role that owns the tables is refused when an owner URL is given, saying what to change")
    func aLoginRoleThatOwnsTablesIsRefused() throws {
        let schema = TestSchemas.make()
        let owner = try PostgresStoreURL(PostgresAccessFixture.withSchema(try TestServers.postgresURL(), schema))
        let error = try #require(throws: KeepsakeError.self) { try PostgresMetadataStore(url: owner, ownerURL: owner) }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("owns") && error.message.contains("KEEPSAKE_METADATA_OWNER_URL"), "\(error)")
        #expect(!error.description.contains(try TestServers.postgresURL()), "no credentials in messages")
    }

    @Test("A superuser login role and a BYPASSRLS login role are refused before anything is made")
    func superuserAndBypassRolesAreRefused() throws {
        let schema = TestSchemas.make()
        let owner = try PostgresStoreURL(PostgresAccessFixture.withSchema(try TestServers.postgresURL(), schema))
        let superuserURL = try TestServers.runScript("postgres", ["superuser-url", "main"])
        let superuser = try #require(throws: KeepsakeError.self) {
            try PostgresMetadataStore(url: try PostgresStoreURL(PostgresAccessFixture.withSchema(superuserURL, schema)), ownerURL: owner)
        }
        #expect(superuser.code == .invalidArgument)
        #expect(superuser.message.contains("superuser"), "\(superuser)")

        let superuserSession = try PostgresConnection(url: superuserURL)
        defer { superuserSession.close() }
        let role = "t_bypass_" + UUID().uuidString.prefix(8).lowercased()
        let password = UUID().uuidString
        try superuserSession.executeScript("CREATE ROLE \(role) LOGIN BYPASSRLS PASSWORD '\(password)'")
        defer { try? superuserSession.executeScript("DROP ROLE IF EXISTS \(role)") }
        let bypassURL = superuserURL.replacingOccurrences(of: #"//[^@]*@"#, with: "//\(role):\(password)@", options: .regularExpression)
        let bypass = try #require(throws: KeepsakeError.self) {
            try PostgresMetadataStore(url: try PostgresStoreURL(PostgresAccessFixture.withSchema(bypassURL, schema)), ownerURL: owner)
        }
        #expect(bypass.code == .invalidArgument)
        #expect(bypass.message.contains("BYPASSRLS") && !bypass.message.contains(password), "\(bypass)")

        let admin = try PostgresTestAdmin()
        #expect(try admin.integer("SELECT count(*) FROM pg_namespace WHERE nspname = $1", [schema]) == 0, "refused before migrating")
    }

    @Test("The owner URL must name the login URL's schema; KEEPSAKE_METADATA_OWNER_URL reaches the store through the configuration")
    func theOwnerURLIsConfigured() throws {
        let schema = TestSchemas.make()
        let error = try #require(throws: KeepsakeError.self) {
            try PostgresMetadataStore(url: try PostgresStoreURL(PostgresAccessFixture.withSchema(try PostgresAccessFixture.appURL(), schema)),
                                      ownerURL: try PostgresStoreURL(try TestServers.postgresURL()))
        }
        #expect(error.code == .invalidArgument && error.message.contains("schema"), "\(error)")

        let folder = PlaceFolders.make("owner-url")
        let configuration = try StoreConfiguration.named(store: folder.path, environment: [
            "KEEPSAKE_METADATA_URL": PostgresAccessFixture.withSchema(try PostgresAccessFixture.appURL(), schema),
            "KEEPSAKE_METADATA_OWNER_URL": PostgresAccessFixture.withSchema(try TestServers.postgresURL(), schema),
        ])
        #expect(configuration.metadataOwnerURL != nil)
        let metadata = try configuration.openMetadata(options: StoreOptions())
        defer { metadata.close() }
        let user = try metadata.read { tx in try (tx as! PostgresTransaction).connection.query("SELECT current_user::text").scalar(String.self) }
        #expect(user == "keepsake_app")

        let sqlite = try #require(throws: KeepsakeError.self) {
            try StoreConfiguration.named(store: folder.path, environment: ["KEEPSAKE_METADATA_OWNER_URL": try TestServers.postgresURL()])
        }
        #expect(sqlite.code == .invalidArgument)
    }
}
