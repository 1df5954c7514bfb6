import KeepsakeStore

/// Storage quotas on PostgreSQL (schema version 5, SQLite's migration 7).
///
/// - `account.quota`: the most bytes of originals the account may add, `NULL` for none.
/// - `attachment.added_by`: the account that added the original (`NULL`: the local operator, whose
///   originals count for nobody), backfilled from the record's author.
/// - `keepsake_usage_of(account)`: the bytes of the originals the account added, summed as the
///   operator (an account's images in books it no longer reads still count), but answered only to
///   the account itself, an enabled admin or the operator (`NULL` to anyone else). `SECURITY
///   DEFINER`, granted to the login role like the policies' helpers.
/// - A trigger refuses a change of `account.quota` by anyone but the operator or an enabled admin:
///   the `account_update` policy lets an account edit its own row, and a policy cannot compare the
///   old row with the new one.
///
/// The engine checks a quota at the commit point: it locks the adding account's row
/// (``PostgresTransaction/lockAccount(_:)``) before summing, so two servers committing for one
/// account at once check one after the other.
enum PostgresQuotaSchema {
    /// The migration from schema version 3 to 4.
    static let migration = """
        ALTER TABLE account ADD COLUMN quota bigint CHECK (quota IS NULL OR quota >= 0);
        ALTER TABLE attachment ADD COLUMN added_by text COLLATE "C";
        -- The backfill sees every row (FORCE ROW LEVEL SECURITY holds the owner too).
        SELECT set_config('keepsake.caller', 'operator', true);
        UPDATE attachment a SET added_by = r.author_id FROM record r WHERE r.id = a.record_id;
        SELECT set_config('keepsake.caller', '', true);
        CREATE INDEX attachment_by_adder ON attachment (added_by) WHERE added_by IS NOT NULL;

        SELECT set_config('search_path', quote_ident(current_schema()) || ', pg_temp', true);
        CREATE FUNCTION keepsake_usage_of(account_key text) RETURNS bigint
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$ DECLARE saved text := current_setting('keepsake.caller', true); result bigint;
                  BEGIN
                      IF saved IS DISTINCT FROM 'operator' AND account_key IS DISTINCT FROM keepsake_caller()
                         AND NOT keepsake_caller_is_admin() THEN
                          RETURN NULL;
                      END IF;
                      PERFORM set_config('keepsake.caller', 'operator', true);
                      SELECT coalesce(sum(byte_size), 0) INTO result FROM attachment WHERE added_by = account_key;
                      PERFORM set_config('keepsake.caller', coalesce(saved, ''), true);
                      RETURN result;
                  END $$;
        REVOKE EXECUTE ON FUNCTION keepsake_usage_of(text) FROM PUBLIC;

        CREATE FUNCTION keepsake_quota_guard() RETURNS trigger
            LANGUAGE plpgsql SET search_path FROM CURRENT
            AS $$ BEGIN
                      IF current_setting('keepsake.caller', true) IS DISTINCT FROM 'operator' AND NOT keepsake_caller_is_admin() THEN
                          RAISE EXCEPTION 'only an admin sets a storage quota' USING ERRCODE = '42501';
                      END IF;
                      RETURN NEW;
                  END $$;
        CREATE TRIGGER account_quota_guard BEFORE UPDATE OF quota ON account
            FOR EACH ROW WHEN (OLD.quota IS DISTINCT FROM NEW.quota) EXECUTE FUNCTION keepsake_quota_guard();
        """
}
