import Foundation
import KeepsakeStore

/// A PostgreSQL metadata URL as the benchmark passes it: libpq's part and Keepsake's `schema`.
struct BenchPostgresURL {
    /// The URL without Keepsake's parameters, acting as the local operator under the store's
    /// row-level security (`keepsake.caller` set for the session): what `psql` takes.
    let libpq: String
    /// The store's schema.
    let schema: String

    init(_ url: String) throws {
        let parts = url.split(separator: "?", maxSplits: 1)
        libpq = String(parts[0]) + "?options=-c%20keepsake.caller%3Doperator"
        let query = parts.count == 2 ? parts[1].split(separator: "&") : []
        guard let item = query.first(where: { $0.hasPrefix("schema=") }) else { throw BenchFailure("the metadata URL names no schema") }
        schema = String(item.dropFirst("schema=".count))
        guard schema.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { throw BenchFailure("schema \(schema) needs quoting") }
    }
}

/// `populate-distributed --store DIR --metadata URL --blobs URL --records N --photo FILE...`: a
/// store of N records with three images each on PostgreSQL + S3, fast, for the listing benchmark.
/// One template record is created through the public API (real processing, objects in the bucket,
/// rows written by the engine); the other N-1 are written by `psql` into the engine's own tables
/// (the record rows with the template's search words, book and author, three attachment rows each with the
/// template's sizes and hashes and keys of their own). Their objects are not uploaded: listing
/// reads only the metadata, and the benchmark's store is never checked with fsck.
///
/// `--accounts A` (default 1) spreads the records over A accounts as `populate` does: the
/// template's author and A-1 more, each the owner of its own book, record i in the book of account
/// i mod A.
func populateDistributed(_ arguments: Arguments) throws {
    let records = arguments.int("records", default: 10_000)
    let accounts = max(1, arguments.int("accounts", default: 1))
    let photos = arguments.list("photo").map { URL(fileURLWithPath: $0) }
    guard photos.count >= photosPerRecord else { throw BenchFailure("populate-distributed needs \(photosPerRecord) --photo") }
    let url = try BenchPostgresURL(try arguments.string("metadata"))
    let template: Record
    do {
        let store = try openStore(try arguments.string("store"), arguments)
        template = try store.create(RecordDraft(collection: benchCollection, date: Date(timeIntervalSince1970: 1_800_000_000),
                                                fields: ["title": .string("Template"), "notes": .string("made through the API")],
                                                images: photos.prefix(photosPerRecord).map { .file($0) }))
    }
    let id = template.id.string
    let sql = """
        \\set ON_ERROR_STOP on
        SET search_path TO \(url.schema);
        BEGIN;
        INSERT INTO account (id, login, display_name, language, time_zone, created_at)
        SELECT '00000000-0000-4000-9000-' || lpad(to_hex(a), 12, '0'), 'bench' || a, 'Bench ' || a, 'en', 'UTC', 1700000000.0 + a
        FROM generate_series(1, \(accounts - 1)) AS a;
        INSERT INTO book (id, collection, name, default_of, created_at)
        SELECT '00000000-0000-4000-a000-' || lpad(to_hex(a), 12, '0'), 'bench', 'Bench', '00000000-0000-4000-9000-' || lpad(to_hex(a), 12, '0'),
               1700000000.0 + a
        FROM generate_series(1, \(accounts - 1)) AS a;
        INSERT INTO book_member (book_id, account_id, role)
        SELECT '00000000-0000-4000-a000-' || lpad(to_hex(a), 12, '0'), '00000000-0000-4000-9000-' || lpad(to_hex(a), 12, '0'), 'owner'
        FROM generate_series(1, \(accounts - 1)) AS a;
        INSERT INTO record (id, collection, date, fields, field_index, search, created_at, updated_at, next_image_seq, book_id, author_id)
        SELECT '00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), 'bench', 1700000000.0 + i * 600.0 + (i::int8 * 7919) % 600,
               json_build_object('title', 'Record ' || i, 'notes', 'a day out number ' || i || ' with photos', 'emotion', 'happy')::text,
               jsonb_build_object('title', 'record ' || i, 'notes', 'a day out number ' || i || ' with photos', 'emotion', 'happy'),
               t.search, 1700000000.0 + i * 600.0, 1700000000.0 + i * 600.0, 3,
               CASE WHEN i % \(accounts) = 0 THEN t.book_id ELSE '00000000-0000-4000-a000-' || lpad(to_hex(i % \(accounts)), 12, '0') END,
               CASE WHEN i % \(accounts) = 0 THEN t.author_id ELSE '00000000-0000-4000-9000-' || lpad(to_hex(i % \(accounts)), 12, '0') END
        FROM generate_series(1, \(records - 1)) AS i, (SELECT search, book_id, author_id FROM record WHERE id = '\(id)') AS t;
        INSERT INTO attachment (record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at,
                                thumbnail_format, created_at)
        SELECT r.id, a.position, replace(a.path, '\(id)', r.id), a.byte_size, a.sha256, a.source_sha256, a.media_type, a.width, a.height,
               a.captured_at, a.thumbnail_format, r.created_at
        FROM record r CROSS JOIN attachment a
        WHERE a.record_id = '\(id)' AND r.id <> '\(id)' AND r.collection = 'bench'
        ORDER BY r.id, a.position;
        COMMIT;
        ANALYZE record;
        ANALYZE attachment;
        """
    try run(["psql", url.libpq, "-X", "-q"], stdin: Data(sql.utf8), discardStdout: true)
    emit(["records": records, "attachments": records * photosPerRecord, "template": id, "accounts": accounts])
}
