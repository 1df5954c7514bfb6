import Foundation
import KeepsakeDiary
import KeepsakeStore

/// A diary of `entries` entries over 50 years (about five a day, the newest on 30 November 2026),
/// for the on-this-day and year-in-pixels figures: one entry made through the Diary app, then the
/// rest copied from it by SQL with their own moment, day, month, emotion, intensity and title, so
/// every row is what the app writes. Returns the store's folder.
func populateDiaryYears(root: String, entries: Int) throws {
    removeTree(root)
    let store = try openStore(root)
    let utc = TimeZone(identifier: "UTC")!
    let newest = try Date("2026-11-30T21:00:00Z", strategy: .iso8601)
    let template = try Diary(store: store).create(DiaryDraft(moment: newest, timeZone: utc, emotion: .joy, intensity: 3, title: "Entry 0",
                                                             text: "A walk by the river, coffee, and the light on the water.", tags: ["walk"]))
    let step = 50 * 365.25 * 86_400 / Double(entries)
    let emotions = Emotion.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    let sql = """
        PRAGMA journal_mode = WAL;
        BEGIN;
        CREATE TEMP TABLE emotion_name (i INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO emotion_name (i, name) SELECT key, value FROM json_each(json_array(\(emotions)));
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(entries - 1)),
             m(i, at) AS (SELECT i, \(newest.timeIntervalSince1970) - i * \(step) FROM n)
        INSERT INTO record (id, collection, date, fields, created_at, updated_at, next_image_seq, book_id, author_id)
        SELECT printf('00000000-0000-4000-8000-%012x', m.i), 'diary', m.at,
               json_set(t.fields, '$.day', strftime('%Y-%m-%d', m.at, 'unixepoch'), '$.month', strftime('%Y-%m', m.at, 'unixepoch'),
                        '$.emotion', (SELECT name FROM emotion_name WHERE i = (m.i * 7) % 10), '$.intensity', 1 + m.i % 5,
                        '$.title', 'Entry ' || m.i),
               m.at, m.at, 0, t.book_id, t.author_id
        FROM m, (SELECT fields, book_id, author_id FROM record WHERE id = '\(template.id.string)') AS t;
        COMMIT;
        PRAGMA wal_checkpoint(TRUNCATE);
        """
    try run(["sqlite3", store.location.databaseURL.path], stdin: Data(sql.utf8))
    let count = try store.count(Diary.collection)
    guard count == entries else { throw BenchFailure("the diary has \(count) entries, not \(entries)") }
}
