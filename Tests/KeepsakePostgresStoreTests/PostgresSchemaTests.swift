import Foundation
import Testing
import KeepsakePostgres
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeTestSupport

/// The schema: its version table, refusal of a newer one, stores side by side in one database, and
/// keys in byte order whatever the database's collation.
@Suite("PostgreSQL schema")
struct PostgresSchemaTests {
    @Test("A new schema records each migration; reopening migrates nothing; a schema written by a newer Keepsake is refused")
    func migrationsAreRecordedAndANewerSchemaIsRefused() throws {
        let place = try PostgresFolderStorePlace(label: "schema")
        _ = try place.open()
        let admin = try PostgresTestAdmin()
        let versions = try admin.connection.query("SELECT version FROM \(place.schema).keepsake_schema_version ORDER BY version").map { try $0.decode(Int.self, at: 0) }
        #expect(versions == Array(1...PostgresSchema.currentVersion))
        _ = try place.open()
        #expect(try admin.integer("SELECT count(*) FROM \(place.schema).keepsake_schema_version") == PostgresSchema.currentVersion)
        try admin.connection.execute("INSERT INTO \(place.schema).keepsake_schema_version (version) VALUES ($1::int4)", [PostgresSchema.currentVersion + 1])
        let error = try #require(throws: KeepsakeError.self) { try place.open() }
        #expect(error.code == .incompatibleStore)
        #expect(error.remedy == .upgradeKeepsake)
        #expect(!error.description.contains(try TestServers.postgresURL()), "no credentials in messages")
    }

    @Test("Two stores in one database, one schema each, see only their own records, journal and change log")
    func storesInOneDatabaseAreApart() throws {
        let first = try PostgresFolderStorePlace(label: "apart-1").open()
        let second = try PostgresFolderStorePlace(label: "apart-2").open()
        let record = try first.create(RecordDraft(collection: "diary", fields: ["title": .string("only here")]))
        #expect(try second.recordIfPresent(record.id) == nil)
        #expect(try second.search("only", in: "diary").isEmpty)
        #expect(try second.lastChangeSequence() == 0)
        #expect(try first.lastChangeSequence() > 0)
        let schemas = try [first, second].map { store in try store.status().metadata.figures.first { $0.label == "schema" }?.value }
        #expect(schemas[0] != nil && schemas[0] != schemas[1])
    }

    @Test("Keys compare as bytes even in a database whose collation sorts otherwise (ICU en-US), so fsck's merge with the blob listing holds")
    func keysCompareAsBytesWhateverTheDatabaseCollation() throws {
        let admin = try PostgresTestAdmin()
        let database = "keepsake_icu_" + UUID().uuidString.prefix(8).lowercased()
        try admin.connection.executeScript("CREATE DATABASE \(database) TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'")
        defer { try? admin.connection.executeScript("DROP DATABASE \(database) WITH (FORCE)") }
        let base = try TestServers.postgresURL()
        let url = String(base[..<base.lastIndex(of: "/")!]) + "/" + database
        let icu = try PostgresConnection(url: url)
        defer { icu.close() }
        // The database's own order puts "a_b" before "a1" (ICU sorts punctuation before digits); bytes do not.
        #expect(try icu.query("SELECT 'a_b' < 'a1'").scalar(Bool.self))

        let place = try PostgresFolderStorePlace(label: "icu", serverURL: url)
        let store = try place.open()
        let image = Corpus.url("png/basn2c08.png")
        for collection in ["a_b", "a1", "a-b", "ab"] {
            try store.create(RecordDraft(collection: try CollectionName(collection), images: [.file(image), .file(image)]))
        }
        let keys = try store.metadata.read { try $0.attachments(after: nil, limit: 100) }.map(\.attachment.path.string)
        #expect(keys.count == 8)
        #expect(keys == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }, "\(keys)")
        let report = try store.fsck()
        #expect(report.isClean, "\(report)")
    }
}
