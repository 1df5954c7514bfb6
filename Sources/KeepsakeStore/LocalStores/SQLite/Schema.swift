/// The database schema, as append-only migrations keyed on `PRAGMA user_version`.
///
/// Migrations are written against raw table names and never edited once released: a change is a new
/// entry at the end.
enum Schema {
    /// Migration `i` moves the database from `user_version == i` to `i + 1`.
    static let migrations: [String] = [
        // 1: records, attachments, the intent journal and the change log.
        """
        CREATE TABLE record (
            id TEXT PRIMARY KEY NOT NULL,
            collection TEXT NOT NULL,
            date REAL NOT NULL,
            fields TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(fields)),
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            trashed_at REAL,
            next_image_seq INTEGER NOT NULL DEFAULT 0,
            version INTEGER NOT NULL DEFAULT 1
        ) WITHOUT ROWID;
        CREATE INDEX record_by_date ON record(collection, date, id);
        CREATE INDEX record_by_created ON record(collection, created_at, id);
        CREATE INDEX record_by_updated ON record(collection, updated_at, id);
        CREATE INDEX record_trashed ON record(trashed_at) WHERE trashed_at IS NOT NULL;

        CREATE TABLE attachment (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: an id names one stored file forever
            record_id TEXT NOT NULL REFERENCES record(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            path TEXT NOT NULL UNIQUE,
            byte_size INTEGER NOT NULL CHECK (byte_size >= 0),
            sha256 TEXT NOT NULL,
            source_sha256 TEXT NOT NULL,
            media_type TEXT NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            captured_at REAL,
            thumbnail_format TEXT NOT NULL,
            created_at REAL NOT NULL,
            UNIQUE (record_id, position)
        );

        CREATE TABLE intent (
            id TEXT PRIMARY KEY NOT NULL,
            owner TEXT NOT NULL,
            kind TEXT NOT NULL,
            record_id TEXT,
            state TEXT NOT NULL CHECK (state IN ('pending', 'committed')),
            created_at REAL NOT NULL
        );
        CREATE INDEX intent_by_owner ON intent(owner);
        CREATE TABLE intent_file (
            intent_id TEXT NOT NULL REFERENCES intent(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('new', 'obsolete')),
            thumbnail_format TEXT NOT NULL,
            PRIMARY KEY (intent_id, path, role)
        ) WITHOUT ROWID;

        CREATE TABLE change (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            record_id TEXT NOT NULL,
            collection TEXT NOT NULL,
            kind TEXT NOT NULL,
            at REAL NOT NULL
        );
        """,
        // 2: full-text search over every text value in a record's fields (titles, notes, tags),
        // kept up to date by triggers inside the same transactions as the records.
        """
        CREATE TABLE record_search_key (
            key INTEGER PRIMARY KEY,
            record_id TEXT NOT NULL UNIQUE
        );
        CREATE VIRTUAL TABLE record_text USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
        CREATE TRIGGER record_text_insert AFTER INSERT ON record BEGIN
            INSERT INTO record_search_key (record_id) VALUES (new.id);
            INSERT INTO record_text (rowid, body) VALUES (
                (SELECT key FROM record_search_key WHERE record_id = new.id),
                coalesce((SELECT group_concat(value, ' ') FROM json_tree(new.fields) WHERE type = 'text'), ''));
        END;
        CREATE TRIGGER record_text_update AFTER UPDATE OF fields ON record BEGIN
            UPDATE record_text SET body = coalesce((SELECT group_concat(value, ' ') FROM json_tree(new.fields) WHERE type = 'text'), '')
            WHERE rowid = (SELECT key FROM record_search_key WHERE record_id = new.id);
        END;
        CREATE TRIGGER record_text_delete AFTER DELETE ON record BEGIN
            DELETE FROM record_text WHERE rowid = (SELECT key FROM record_search_key WHERE record_id = old.id);
            DELETE FROM record_search_key WHERE record_id = old.id;
        END;
        INSERT INTO record_search_key (record_id) SELECT id FROM record;
        INSERT INTO record_text (rowid, body)
            SELECT k.key, coalesce((SELECT group_concat(value, ' ') FROM json_tree(r.fields) WHERE type = 'text'), '')
            FROM record r JOIN record_search_key k ON k.record_id = r.id;
        """,
        // 3: small settings kept with the records (the store's defaults, the web app's tokens).
        """
        CREATE TABLE setting (
            namespace TEXT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (namespace, key)
        ) WITHOUT ROWID;
        """,
        // 4: idempotency keys of the web API: the first request made with a key and its answer.
        """
        CREATE TABLE idempotency (
            scope TEXT NOT NULL,
            key TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            target TEXT,
            lease_until REAL NOT NULL,
            response BLOB,
            created_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            PRIMARY KEY (scope, key)
        ) WITHOUT ROWID;
        CREATE INDEX idempotency_by_expiry ON idempotency(expires_at);
        """,
        // 5: accounts and the books they share; every record and change row names its book.
        """
        CREATE TABLE account (
            id TEXT PRIMARY KEY NOT NULL,
            login TEXT NOT NULL UNIQUE,
            display_name TEXT NOT NULL,
            language TEXT NOT NULL,
            time_zone TEXT NOT NULL,
            is_admin INTEGER NOT NULL DEFAULT 0,
            disabled_at REAL,
            password_hash TEXT,
            credential_version INTEGER NOT NULL DEFAULT 1,
            created_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE book (
            id TEXT PRIMARY KEY NOT NULL,
            collection TEXT NOT NULL,
            name TEXT NOT NULL,
            default_of TEXT REFERENCES account(id) ON DELETE SET NULL,
            created_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX book_default ON book(default_of, collection) WHERE default_of IS NOT NULL;
        CREATE TABLE book_member (
            book_id TEXT NOT NULL REFERENCES book(id) ON DELETE CASCADE,
            account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
            PRIMARY KEY (book_id, account_id)
        ) WITHOUT ROWID;
        CREATE INDEX book_member_by_account ON book_member(account_id, book_id);
        ALTER TABLE record ADD COLUMN book_id TEXT;
        ALTER TABLE record ADD COLUMN author_id TEXT;
        CREATE INDEX record_by_book_date ON record(book_id, collection, date, id);
        CREATE INDEX record_by_book_created ON record(book_id, collection, created_at, id);
        CREATE INDEX record_by_book_updated ON record(book_id, collection, updated_at, id);
        ALTER TABLE change ADD COLUMN book_id TEXT;
        """,
        // 6: invitations: one-time links that make one account each; the SHA-256 of the secret, never
        // the secret. The accounts they name are plain ids (an account removed later leaves its id).
        """
        CREATE TABLE invitation (
            id TEXT PRIMARY KEY NOT NULL,
            secret_sha256 TEXT NOT NULL UNIQUE,
            made_by TEXT,
            made_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            used_at REAL,
            used_by TEXT,
            is_admin INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE INDEX invitation_by_made ON invitation(made_at, id);
        """,
        // 7: storage quotas: an account's quota (bytes, NULL for none) and who added each original
        // (NULL: the local operator), backfilled from the record's author.
        """
        ALTER TABLE account ADD COLUMN quota INTEGER CHECK (quota IS NULL OR quota >= 0);
        ALTER TABLE attachment ADD COLUMN added_by TEXT;
        UPDATE attachment SET added_by = (SELECT r.author_id FROM record r WHERE r.id = attachment.record_id);
        CREATE INDEX attachment_by_adder ON attachment(added_by) WHERE added_by IS NOT NULL;
        """,
        // 8: the change log's audience: a row for one account only (its membership of the
        // book began or ended, or the book was deleted); the book's rows read by book.
        """
        ALTER TABLE change ADD COLUMN audience_id TEXT;
        CREATE INDEX change_by_book ON change(book_id, seq);
        CREATE INDEX change_by_audience ON change(audience_id, seq) WHERE audience_id IS NOT NULL;
        """,
    ]

    /// The schema version this program writes.
    static var currentVersion: Int { migrations.count }

    /// Brings `db` up to ``currentVersion``; refuses a database from a newer program.
    static func migrate(_ db: Database) throws {
        let version = Int(try db.scalarInt("PRAGMA user_version"))
        if version > currentVersion {
            throw KeepsakeError(.incompatibleStore, "This store was written by a newer Keepsake (schema \(version), this program knows \(currentVersion)).", remedy: .upgradeKeepsake)
        }
        guard version < currentVersion else { return }
        try db.transaction {
            // Re-read inside the write lock: another process may have migrated meanwhile.
            let locked = Int(try db.scalarInt("PRAGMA user_version"))
            for index in locked..<currentVersion {
                try db.execute(migrations[index])
            }
            try db.execute("PRAGMA user_version = \(currentVersion)")
        }
    }
}
