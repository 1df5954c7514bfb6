import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// SQLite's migration 7 on a database that has photos already: each counts for its record's author.
@Suite struct QuotaMigrationTests {
    @Test func migrationSixCountsEachStoredPhotoForItsRecordsAuthor() throws {
        let directory = TemporaryDirectory("quota-migration")
        let db = try Database(path: directory.appending("keepsake.sqlite").path)
        for index in 0..<5 { try db.execute(Schema.migrations[index]) }
        try db.execute("PRAGMA user_version = 5")
        let author = AccountID.random()
        try db.execute("""
            INSERT INTO account (id, login, display_name, language, time_zone, created_at) VALUES ('\(author.string)', 'mina', 'Mina', 'en', 'UTC', 1);
            INSERT INTO record (id, collection, date, created_at, updated_at, author_id) VALUES ('r1', 'diary', 1, 1, 1, '\(author.string)');
            INSERT INTO record (id, collection, date, created_at, updated_at) VALUES ('r2', 'diary', 1, 1, 1);
            INSERT INTO attachment (record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, thumbnail_format, created_at)
                VALUES ('r1', 0, 'a/1.png', 700, '00', '00', 'image/png', 1, 1, 'png', 1), ('r1', 1, 'a/2.png', 300, '00', '00', 'image/png', 1, 1, 'png', 1),
                       ('r2', 0, 'a/3.png', 50, '00', '00', 'image/png', 1, 1, 'png', 1);
            """)
        try Schema.migrate(db)
        #expect(try db.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try db.scalarInt("SELECT sum(byte_size) FROM attachment WHERE added_by = ?", [.text(author.string)]) == 1000)
        #expect(try db.scalarInt("SELECT count(*) FROM attachment WHERE added_by IS NULL") == 1, "a record without an author: nobody's")
        #expect(try db.scalarInt("SELECT count(*) FROM account WHERE quota IS NULL") == 1)
    }
}
