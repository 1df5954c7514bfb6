import KeepsakePostgres
import KeepsakeStore

/// The store's tables in one PostgreSQL schema, as append-only migrations recorded in
/// `keepsake_schema_version` (one row per migration applied).
///
/// Migrations are constant SQL, never edited once released: a change is a new entry at the end.
/// Every key column is `COLLATE "C"`, so keys compare as their UTF-8 bytes (the order the blob store
/// lists them in, which fsck merges with) whatever the database's own collation.
enum PostgresSchema {
    /// Migration `i` moves the schema from version `i` to `i + 1`.
    static let migrations: [String] = [
        // 1: records (fields as the engine writes them, a jsonb copy for filters, the search words),
        // images, the intent journal, the change log, settings, and the open instances.
        """
        CREATE TABLE record (
            id text COLLATE "C" PRIMARY KEY,
            collection text COLLATE "C" NOT NULL,
            date double precision NOT NULL,
            fields text NOT NULL,
            field_index jsonb NOT NULL,
            search tsvector NOT NULL,
            created_at double precision NOT NULL,
            updated_at double precision NOT NULL,
            trashed_at double precision,
            next_image_seq bigint NOT NULL DEFAULT 0 CHECK (next_image_seq >= 0),
            version bigint NOT NULL DEFAULT 1
        );
        CREATE INDEX record_by_date ON record (collection, date, id);
        CREATE INDEX record_by_created ON record (collection, created_at, id);
        CREATE INDEX record_by_updated ON record (collection, updated_at, id);
        CREATE INDEX record_trashed ON record (trashed_at) WHERE trashed_at IS NOT NULL;
        CREATE INDEX record_search ON record USING gin (search);
        CREATE INDEX record_fields ON record USING gin (field_index jsonb_path_ops);

        CREATE TABLE attachment (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            record_id text COLLATE "C" NOT NULL REFERENCES record (id) ON DELETE CASCADE,
            position integer NOT NULL,
            path text COLLATE "C" NOT NULL UNIQUE,
            byte_size bigint NOT NULL CHECK (byte_size >= 0),
            sha256 text NOT NULL,
            source_sha256 text NOT NULL,
            media_type text NOT NULL,
            width integer NOT NULL,
            height integer NOT NULL,
            captured_at double precision,
            thumbnail_format text NOT NULL,
            created_at double precision NOT NULL,
            UNIQUE (record_id, position)
        );

        CREATE TABLE intent (
            id text COLLATE "C" PRIMARY KEY,
            owner text COLLATE "C" NOT NULL,
            kind text NOT NULL,
            record_id text COLLATE "C",
            state text NOT NULL CHECK (state IN ('pending', 'committed')),
            created_at double precision NOT NULL
        );
        CREATE INDEX intent_by_owner ON intent (owner);
        CREATE TABLE intent_file (
            intent_id text COLLATE "C" NOT NULL REFERENCES intent (id) ON DELETE CASCADE,
            path text COLLATE "C" NOT NULL,
            role text NOT NULL CHECK (role IN ('new', 'obsolete')),
            thumbnail_format text NOT NULL,
            PRIMARY KEY (intent_id, path, role)
        );
        CREATE INDEX intent_file_by_path ON intent_file (path);

        CREATE TABLE change (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            record_id text COLLATE "C" NOT NULL,
            collection text COLLATE "C" NOT NULL,
            kind text NOT NULL,
            at double precision NOT NULL
        );

        CREATE TABLE setting (
            namespace text COLLATE "C" NOT NULL,
            key text COLLATE "C" NOT NULL,
            value text NOT NULL,
            PRIMARY KEY (namespace, key)
        );

        CREATE TABLE instance (
            id text COLLATE "C" PRIMARY KEY,
            host text NOT NULL,
            process_id integer NOT NULL,
            liveness_pid integer NOT NULL,
            started_at timestamptz NOT NULL DEFAULT now()
        );
        """,
        // 2: idempotency keys of the web API: the first request made with a key and its answer
        // (SQLite's migration 4).
        """
        CREATE TABLE idempotency (
            scope text COLLATE "C" NOT NULL,
            key text COLLATE "C" NOT NULL,
            fingerprint text NOT NULL,
            target text,
            lease_until double precision NOT NULL,
            response bytea,
            created_at double precision NOT NULL,
            expires_at double precision NOT NULL,
            PRIMARY KEY (scope, key)
        );
        CREATE INDEX idempotency_by_expiry ON idempotency (expires_at);
        """,
        // 3: accounts, books and their members; the book and author of records, the book of change
        // rows; row-level security on all of them (SQLite's migration 5, PostgresAccessSchema).
        PostgresAccessSchema.migration,
        // 4: invitations, the operator's and admins' alone (SQLite's migration 6, PostgresInvitationSchema).
        PostgresInvitationSchema.migration,
        // 5: storage quotas: an account's quota, who added each original (backfilled from the record's
        // author), the usage function and the guard that only admins set a quota (SQLite's migration 7,
        // PostgresQuotaSchema).
        PostgresQuotaSchema.migration,
        // 6: the change log's audience (SQLite's migration 8): a row for one account only (its
        // membership of the book began or ended, or the book was deleted), read by that account
        // alone while it is enabled, whether or not it still reads the book; the operator reads all.
        // Only the operator writes such rows (the engine binds membership changes and book deletions
        // as the operator's once it has checked the caller).
        """
        ALTER TABLE change ADD COLUMN audience_id text COLLATE "C";
        CREATE INDEX change_by_audience ON change (audience_id, seq) WHERE audience_id IS NOT NULL;
        DROP POLICY IF EXISTS change_read ON change;
        CREATE POLICY change_read ON change FOR SELECT USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            WHEN audience_id IS NOT NULL THEN audience_id = (SELECT keepsake_caller()) AND (SELECT keepsake_caller_is_account())
            ELSE book_id IN (SELECT keepsake_caller_books()) END);
        DROP POLICY IF EXISTS change_insert ON change;
        CREATE POLICY change_insert ON change FOR INSERT WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE audience_id IS NULL AND book_id IN (SELECT keepsake_caller_writable_books()) END);
        """,
    ]

    /// The schema version this program writes.
    static var currentVersion: Int { migrations.count }

    /// Brings `schema` up to ``currentVersion`` (creating it if needed) on `connection`, whose search
    /// path is `schema`; refuses a schema written by a newer program. Concurrent openers wait for each
    /// other on an advisory lock, so each migration runs once.
    static func migrate(_ connection: PostgresConnection, schema: String, location: String) throws {
        if let version = try? installedVersion(connection), version == currentVersion { return }  // the usual case: one round trip
        try connection.transaction { connection in
            _ = try connection.query("SELECT pg_advisory_xact_lock($1::int8)", [PostgresStoreKeys(schema: schema).migration.value])
            let name = PostgresConnection.quoted(identifier: schema)  // checked: lowercase letters, digits, '_'
            try connection.executeScript("""
                CREATE SCHEMA IF NOT EXISTS \(name);
                SET LOCAL search_path TO \(name);
                CREATE TABLE IF NOT EXISTS keepsake_schema_version (
                    version integer PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                );
                """)
            let version = try installedVersion(connection)
            if version > currentVersion {
                throw KeepsakeError(.incompatibleStore, "The store in \(location) was written by a newer Keepsake (schema \(version), this program knows \(currentVersion)).",
                                    remedy: .upgradeKeepsake)
            }
            for index in version..<currentVersion {
                try connection.executeScript(migrations[index])
                try connection.execute("INSERT INTO keepsake_schema_version (version) VALUES ($1::int4)", [index + 1])
            }
        }
    }

    /// The newest migration applied (0 for a new schema); throws if the table is not there.
    static func installedVersion(_ connection: PostgresConnection) throws -> Int {
        try connection.query("SELECT coalesce(max(version), 0) FROM keepsake_schema_version").scalar(Int.self)
    }
}
