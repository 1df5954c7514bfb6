import KeepsakeStore

/// Accounts and shared books on PostgreSQL (schema version 3, SQLite's migration 5): the tables, the
/// records' and change log's book, and the row-level security that enforces the engine's rule a
/// second time, so that a query that forgets a filter still cannot return another account's rows.
///
/// ## The caller
/// Every transaction of the store binds who acts as its first statement,
/// `SELECT set_config('keepsake.caller', $1, true)`: `'operator'` (the local operator: everything)
/// or an account id. The setting is transaction-local; a session that has not bound it (or a
/// transaction after one that did) sees no row of the six tables below.
///
/// ## The policies
/// `ENABLE` and `FORCE ROW LEVEL SECURITY` (the tables' owner is held to them too; only a superuser or
/// a `BYPASSRLS` role is not, which is why the store refuses such a login role when an owner role is
/// given, ``PostgresRoles``) on `record`, `attachment`, `change`, `book`, `book_member`, `account`:
///
/// | table | read | insert | update | delete |
/// | --- | --- | --- | --- | --- |
/// | record | its book readable | book writable | book writable (old and new) | book writable |
/// | attachment | its record readable | record's book writable | lock: record readable; change: writable | record's book writable |
/// | change | its book readable; a row with an audience: that account (schema 4) | book writable; with an audience: operator (schema 4) | operator | operator |
/// | book | member | any enabled account (default book: its own) | owner | owner |
/// | book_member | member of the book | owner, or the first owner of a book made in this transaction | owner | owner, or the member itself |
/// | account | itself and the members of its books, or an enabled admin | admin | itself (never to admin), or admin | admin |
///
/// "Readable" means a membership of any role of an enabled account; "writable" owner or editor;
/// "owner" the book's owner role. A record or change row without a book (written before accounts)
/// is the operator's alone.
///
/// ## The helper functions
/// `keepsake_caller_books()`, `keepsake_caller_writable_books()`, `keepsake_caller_managed_books()`,
/// `keepsake_caller_fellows()`, `keepsake_caller_is_admin()`, `keepsake_caller_is_account()`, `keepsake_caller()` and
/// `keepsake_caller_owns_new_book(text)`: `SECURITY DEFINER STABLE`, with the search path fixed to
/// the schema and then `pg_temp`. They return nothing for the operator or an unset caller, and read
/// `book_member` and `account` through inner helpers that bind the caller to `'operator'` for their
/// one query (a function's `SET` clause cannot name a custom setting without a superuser), so a
/// policy never calls back into itself. Each policy tests the operator first inside a `CASE`, whose
/// order PostgreSQL keeps. The functions appear in uncorrelated subqueries, run once per statement.
enum PostgresAccessSchema {
    /// The migration from schema version 2 to 3.
    static let migration = """
        CREATE TABLE account (
            id text COLLATE "C" PRIMARY KEY,
            login text COLLATE "C" NOT NULL UNIQUE,
            display_name text NOT NULL,
            language text NOT NULL,
            time_zone text NOT NULL,
            is_admin boolean NOT NULL DEFAULT false,
            disabled_at double precision,
            password_hash text,
            credential_version bigint NOT NULL DEFAULT 1,
            created_at double precision NOT NULL
        );
        CREATE TABLE book (
            id text COLLATE "C" PRIMARY KEY,
            collection text COLLATE "C" NOT NULL,
            name text NOT NULL,
            default_of text COLLATE "C" REFERENCES account (id) ON DELETE SET NULL,
            created_at double precision NOT NULL
        );
        CREATE UNIQUE INDEX book_default ON book (default_of, collection) WHERE default_of IS NOT NULL;
        CREATE TABLE book_member (
            book_id text COLLATE "C" NOT NULL REFERENCES book (id) ON DELETE CASCADE,
            account_id text COLLATE "C" NOT NULL REFERENCES account (id) ON DELETE CASCADE,
            role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
            PRIMARY KEY (book_id, account_id)
        );
        CREATE INDEX book_member_by_account ON book_member (account_id, book_id);

        ALTER TABLE record ADD COLUMN book_id text COLLATE "C", ADD COLUMN author_id text COLLATE "C";
        CREATE INDEX record_by_book_date ON record (book_id, collection, date, id);
        CREATE INDEX record_by_book_created ON record (book_id, collection, created_at, id);
        CREATE INDEX record_by_book_updated ON record (book_id, collection, updated_at, id);
        ALTER TABLE change ADD COLUMN book_id text COLLATE "C";
        CREATE INDEX change_by_book ON change (book_id, seq);

        -- The functions' search path: this schema, then pg_temp last (a temporary table cannot stand in).
        SELECT set_config('search_path', quote_ident(current_schema()) || ', pg_temp', true);

        -- Inner helpers: they read the tables as the operator (the caller set to 'operator' for their one
        -- query and put back), so the policies of those tables let them read everything and never call back
        -- into them. (A function's own SET clause cannot name a custom setting without a superuser.) An error
        -- inside ends the statement, and the transaction-local setting goes back with it. Not granted to the
        -- login role.
        CREATE FUNCTION keepsake_books_of(caller text, roles text[]) RETURNS SETOF text
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE saved text := current_setting('keepsake.caller', true);
                  BEGIN
                      PERFORM set_config('keepsake.caller', 'operator', true);
                      RETURN QUERY SELECT m.book_id FROM book_member m JOIN account a ON a.id = m.account_id
                          WHERE m.account_id = caller AND a.disabled_at IS NULL AND m.role = ANY (roles);
                      PERFORM set_config('keepsake.caller', coalesce(saved, ''), true);
                  END $$;
        CREATE FUNCTION keepsake_fellows_of(caller text) RETURNS SETOF text
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE saved text := current_setting('keepsake.caller', true);
                  BEGIN
                      PERFORM set_config('keepsake.caller', 'operator', true);
                      RETURN QUERY SELECT DISTINCT o.account_id FROM book_member m JOIN account a ON a.id = m.account_id
                          JOIN book_member o ON o.book_id = m.book_id
                          WHERE m.account_id = caller AND a.disabled_at IS NULL;
                      PERFORM set_config('keepsake.caller', coalesce(saved, ''), true);
                  END $$;
        CREATE FUNCTION keepsake_account_enabled(caller text, admin boolean) RETURNS boolean
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE saved text := current_setting('keepsake.caller', true); result boolean;
                  BEGIN
                      PERFORM set_config('keepsake.caller', 'operator', true);
                      result := EXISTS (SELECT 1 FROM account WHERE id = caller AND disabled_at IS NULL AND (is_admin OR NOT admin));
                      PERFORM set_config('keepsake.caller', coalesce(saved, ''), true);
                      RETURN result;
                  END $$;
        CREATE FUNCTION keepsake_book_is_new(book_key text) RETURNS boolean
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE saved text := current_setting('keepsake.caller', true); result boolean;
                  BEGIN
                      PERFORM set_config('keepsake.caller', 'operator', true);
                      result := EXISTS (SELECT 1 FROM book b WHERE b.id = book_key AND b.xmin = xid(pg_current_xact_id()))
                          AND NOT EXISTS (SELECT 1 FROM book_member m WHERE m.book_id = book_key);
                      PERFORM set_config('keepsake.caller', coalesce(saved, ''), true);
                      RETURN result;
                  END $$;
        REVOKE EXECUTE ON FUNCTION keepsake_books_of(text, text[]), keepsake_fellows_of(text), keepsake_account_enabled(text, boolean),
            keepsake_book_is_new(text) FROM PUBLIC;

        -- The caller's helpers, for the policies: nothing for the operator (whose policies pass without
        -- them) or an unset caller.
        CREATE FUNCTION keepsake_caller() RETURNS text
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ SELECT CASE WHEN current_setting('keepsake.caller', true) IN ('', 'operator') THEN NULL
                              ELSE current_setting('keepsake.caller', true) END $$;
        CREATE FUNCTION keepsake_caller_books() RETURNS SETOF text
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE caller text := keepsake_caller();
                  BEGIN IF caller IS NOT NULL THEN RETURN QUERY SELECT keepsake_books_of(caller, ARRAY['owner', 'editor', 'viewer']); END IF; END $$;
        CREATE FUNCTION keepsake_caller_writable_books() RETURNS SETOF text
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE caller text := keepsake_caller();
                  BEGIN IF caller IS NOT NULL THEN RETURN QUERY SELECT keepsake_books_of(caller, ARRAY['owner', 'editor']); END IF; END $$;
        CREATE FUNCTION keepsake_caller_managed_books() RETURNS SETOF text
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE caller text := keepsake_caller();
                  BEGIN IF caller IS NOT NULL THEN RETURN QUERY SELECT keepsake_books_of(caller, ARRAY['owner']); END IF; END $$;
        CREATE FUNCTION keepsake_caller_fellows() RETURNS SETOF text
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE caller text := keepsake_caller();
                  BEGIN IF caller IS NOT NULL THEN RETURN QUERY SELECT keepsake_fellows_of(caller); END IF; END $$;
        CREATE FUNCTION keepsake_caller_is_account() RETURNS boolean
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE caller text := keepsake_caller();
                  BEGIN RETURN caller IS NOT NULL AND keepsake_account_enabled(caller, false); END $$;
        CREATE FUNCTION keepsake_caller_is_admin() RETURNS boolean
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE caller text := keepsake_caller();
                  BEGIN RETURN caller IS NOT NULL AND keepsake_account_enabled(caller, true); END $$;
        CREATE FUNCTION keepsake_caller_owns_new_book(book text) RETURNS boolean
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ BEGIN RETURN keepsake_caller_is_account() AND keepsake_book_is_new(book); END $$;

        -- Row-level security: `keepsake.caller` is 'operator' (everything) or an account id (what its
        -- memberships allow), bound per transaction; unset, nothing passes. FORCE: the owner too.
        ALTER TABLE record ENABLE ROW LEVEL SECURITY;
        ALTER TABLE record FORCE ROW LEVEL SECURITY;
        ALTER TABLE attachment ENABLE ROW LEVEL SECURITY;
        ALTER TABLE attachment FORCE ROW LEVEL SECURITY;
        ALTER TABLE change ENABLE ROW LEVEL SECURITY;
        ALTER TABLE change FORCE ROW LEVEL SECURITY;
        ALTER TABLE book ENABLE ROW LEVEL SECURITY;
        ALTER TABLE book FORCE ROW LEVEL SECURITY;
        ALTER TABLE book_member ENABLE ROW LEVEL SECURITY;
        ALTER TABLE book_member FORCE ROW LEVEL SECURITY;
        ALTER TABLE account ENABLE ROW LEVEL SECURITY;
        ALTER TABLE account FORCE ROW LEVEL SECURITY;

        CREATE POLICY record_read ON record FOR SELECT USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_books()) END);
        CREATE POLICY record_insert ON record FOR INSERT WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_writable_books()) END);
        CREATE POLICY record_update ON record FOR UPDATE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_writable_books()) END)
            WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_writable_books()) END);
        CREATE POLICY record_delete ON record FOR DELETE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_writable_books()) END);

        -- An image goes with its record (the subquery sees only the records the caller reads). Its row may
        -- be locked by a reader (a thumbnail made again), never changed.
        CREATE POLICY attachment_read ON attachment FOR SELECT USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE EXISTS (SELECT 1 FROM record r WHERE r.id = record_id) END);
        CREATE POLICY attachment_insert ON attachment FOR INSERT WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE EXISTS (SELECT 1 FROM record r WHERE r.id = record_id AND r.book_id IN (SELECT keepsake_caller_writable_books())) END);
        CREATE POLICY attachment_update ON attachment FOR UPDATE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE EXISTS (SELECT 1 FROM record r WHERE r.id = record_id) END)
            WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE EXISTS (SELECT 1 FROM record r WHERE r.id = record_id AND r.book_id IN (SELECT keepsake_caller_writable_books())) END);
        CREATE POLICY attachment_delete ON attachment FOR DELETE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE EXISTS (SELECT 1 FROM record r WHERE r.id = record_id AND r.book_id IN (SELECT keepsake_caller_writable_books())) END);

        -- The change log: read with the book, appended by its writers; rewritten only by the operator.
        CREATE POLICY change_read ON change FOR SELECT USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_books()) END);
        CREATE POLICY change_insert ON change FOR INSERT WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_writable_books()) END);
        CREATE POLICY change_update ON change FOR UPDATE USING (current_setting('keepsake.caller', true) = 'operator')
            WITH CHECK (current_setting('keepsake.caller', true) = 'operator');
        CREATE POLICY change_delete ON change FOR DELETE USING (current_setting('keepsake.caller', true) = 'operator');

        -- Books: read by their members, made by any enabled account (for itself), renamed and deleted by owners.
        CREATE POLICY book_read ON book FOR SELECT USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE id IN (SELECT keepsake_caller_books()) END);
        CREATE POLICY book_insert ON book FOR INSERT WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (default_of IS NULL OR default_of = (SELECT keepsake_caller())) AND keepsake_caller_is_account() END);
        CREATE POLICY book_update ON book FOR UPDATE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE id IN (SELECT keepsake_caller_managed_books()) END)
            WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE id IN (SELECT keepsake_caller_managed_books()) END);
        CREATE POLICY book_delete ON book FOR DELETE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE id IN (SELECT keepsake_caller_managed_books()) END);

        -- Members: seen by the book's members, set by its owners (and the first owner of a book made in this
        -- very transaction by the caller); a member may leave.
        CREATE POLICY book_member_read ON book_member FOR SELECT USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_books()) END);
        CREATE POLICY book_member_insert ON book_member FOR INSERT WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_managed_books())
              OR (account_id = (SELECT keepsake_caller()) AND role = 'owner' AND keepsake_caller_owns_new_book(book_id)) END);
        CREATE POLICY book_member_update ON book_member FOR UPDATE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_managed_books()) END)
            WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_managed_books()) END);
        CREATE POLICY book_member_delete ON book_member FOR DELETE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE book_id IN (SELECT keepsake_caller_managed_books()) OR account_id = (SELECT keepsake_caller()) END);

        -- Accounts: an enabled account reads its own row and those of the members of its books (whose
        -- names it shows), and edits its own (never making itself admin); enabled admins read and
        -- manage every account.
        CREATE POLICY account_read ON account FOR SELECT USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (id = (SELECT keepsake_caller()) AND disabled_at IS NULL) OR id IN (SELECT keepsake_caller_fellows())
                OR (SELECT keepsake_caller_is_admin()) END);
        CREATE POLICY account_insert ON account FOR INSERT WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (SELECT keepsake_caller_is_admin()) END);
        CREATE POLICY account_update ON account FOR UPDATE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (id = (SELECT keepsake_caller()) AND disabled_at IS NULL) OR (SELECT keepsake_caller_is_admin()) END)
            WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (id = (SELECT keepsake_caller()) AND disabled_at IS NULL AND NOT is_admin) OR (SELECT keepsake_caller_is_admin()) END);
        CREATE POLICY account_delete ON account FOR DELETE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (SELECT keepsake_caller_is_admin()) END);
        """
}
