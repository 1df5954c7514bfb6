/// Invitations on PostgreSQL (schema version 4, SQLite's migration 6): one row per invitation with
/// the SHA-256 of its secret, never the secret; under `FORCE ROW LEVEL SECURITY`, readable and
/// writable by the local operator and enabled admins only (``PostgresAccessSchema``'s helpers).
///
/// Accepting an invitation is done by someone with no account yet: the engine checks the secret and
/// then runs the acceptance (find the row by its hash, make the account, mark the row used) as the
/// operator, in one transaction (``KeepsakeStore/Store/acceptInvitation(secret:account:)``). The row
/// is read `FOR UPDATE` there, so two acceptances of one invitation on any servers run one after
/// the other and the second finds it used.
enum PostgresInvitationSchema {
    /// The migration from schema version 3 to 4.
    static let migration = """
        CREATE TABLE invitation (
            id text COLLATE "C" PRIMARY KEY,
            secret_sha256 text COLLATE "C" NOT NULL UNIQUE,
            made_by text COLLATE "C",
            made_at double precision NOT NULL,
            expires_at double precision NOT NULL,
            used_at double precision,
            used_by text COLLATE "C",
            is_admin boolean NOT NULL DEFAULT false
        );
        CREATE INDEX invitation_by_made ON invitation (made_at, id);

        ALTER TABLE invitation ENABLE ROW LEVEL SECURITY;
        ALTER TABLE invitation FORCE ROW LEVEL SECURITY;
        -- The operator (and so every acceptance, run as the operator after the secret matched) and
        -- enabled admins only; an ordinary account sees and changes no invitation.
        CREATE POLICY invitation_read ON invitation FOR SELECT USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (SELECT keepsake_caller_is_admin()) END);
        CREATE POLICY invitation_insert ON invitation FOR INSERT WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (SELECT keepsake_caller_is_admin()) END);
        CREATE POLICY invitation_update ON invitation FOR UPDATE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (SELECT keepsake_caller_is_admin()) END)
            WITH CHECK (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (SELECT keepsake_caller_is_admin()) END);
        CREATE POLICY invitation_delete ON invitation FOR DELETE USING (CASE WHEN current_setting('keepsake.caller', true) = 'operator' THEN true
            ELSE (SELECT keepsake_caller_is_admin()) END);
        """
}
