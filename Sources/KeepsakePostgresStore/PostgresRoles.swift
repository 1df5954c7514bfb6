import KeepsakePostgres
import KeepsakeStore

/// The two roles of a store opened with an owner URL: the owner migrates the schema and grants the
/// login role what the store needs (no more); the login role, the one every session of the store
/// uses, must be held to the row-level security of ``PostgresAccessSchema``, so it may be neither a
/// superuser nor `BYPASSRLS`, and may own nothing of the schema (an owner could turn the policies off).
enum PostgresRoles {
    /// Who a session is and whether row-level security binds it.
    struct Login: Sendable {
        /// `current_user`.
        let name: String
        let isSuperuser: Bool
        let bypassesRowSecurity: Bool
    }

    /// The login role of `connection`.
    static func login(_ connection: PostgresConnection) throws -> Login {
        let row = try connection.query("SELECT rolname::text, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user")[0]
        return Login(name: try row.decode(String.self, at: 0), isSuperuser: try row.decode(Bool.self, at: 1),
                     bypassesRowSecurity: try row.decode(Bool.self, at: 2))
    }

    /// Refuses a login role that row-level security would not bind: a superuser, a `BYPASSRLS` role.
    static func checkAttributes(_ login: Login, location: String) throws {
        if login.isSuperuser || login.bypassesRowSecurity {
            let what = login.isSuperuser ? "is a superuser" : "has BYPASSRLS"
            throw KeepsakeError(.invalidArgument, "The PostgreSQL role \(KeepsakeError.printable(login.name)) of the metadata URL for \(location) \(what), so row-level security would not hold it; nothing was opened. Log in with a role that is neither (e.g. CREATE ROLE keepsake_app LOGIN NOSUPERUSER NOBYPASSRLS) and keep the owner in KEEPSAKE_METADATA_OWNER_URL.")
        }
    }

    /// Refuses a login role that owns the schema or one of its tables, sequences or functions, itself
    /// or through a role it belongs to (`pg_has_role … MEMBER`): it could alter or disable the policies.
    static func checkOwnsNothing(_ connection: PostgresConnection, login: Login, schema: String, location: String) throws {
        let owned = try connection.query("""
            SELECT n.nspname::text FROM pg_namespace n WHERE n.nspname = $1 AND pg_has_role(current_user, n.nspowner, 'MEMBER')
            UNION ALL
            SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND pg_has_role(current_user, c.relowner, 'MEMBER')
            UNION ALL
            SELECT p.proname::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = $1 AND pg_has_role(current_user, p.proowner, 'MEMBER')
            LIMIT 3
            """, [schema]).map { try $0.decode(String.self, at: 0) }
        guard owned.isEmpty else {
            throw KeepsakeError(.invalidArgument, "The PostgreSQL role \(KeepsakeError.printable(login.name)) of the metadata URL for \(location) owns \(owned.joined(separator: ", ")) in the store's schema (itself or through a role it belongs to), so it could turn row-level security off; nothing was opened. Log in with a role that owns nothing there (e.g. keepsake_app) and name the owner in KEEPSAKE_METADATA_OWNER_URL.")
        }
    }

    /// The helper functions of the policies, which the login role calls (the inner ones it does not).
    static let policyFunctions = ["keepsake_caller()", "keepsake_caller_books()", "keepsake_caller_writable_books()",
                                  "keepsake_caller_managed_books()", "keepsake_caller_fellows()", "keepsake_caller_is_account()", "keepsake_caller_is_admin()",
                                  "keepsake_caller_owns_new_book(text)",
                                  "keepsake_usage_of(text)"]

    /// On the owner's `connection` (search path: the schema), grants `login` what the store needs:
    /// the schema's use, reading and writing rows of every table (not truncating, not referencing, not
    /// changing `keepsake_schema_version`), the identity sequences, and the policies' functions. Under
    /// the migration's advisory lock: two instances granting at once would collide in the catalog.
    /// Nothing happens when every right is already there (the usual open). (The checks sit inside
    /// `CASE`: `has_sequence_privilege` fails on a relation that is not a sequence, and the planner may
    /// test a row before its kind.)
    static func grant(_ connection: PostgresConnection, to login: String, schema: String) throws {
        let name = PostgresConnection.quoted(identifier: schema)
        let role = PostgresConnection.quoted(identifier: login)
        let missing = try connection.query("""
            SELECT NOT has_schema_privilege($1, $2, 'USAGE')
                OR EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                           WHERE n.nspname = $2 AND CASE WHEN c.relkind = 'r' AND c.relname <> 'keepsake_schema_version'
                                                         THEN NOT has_table_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, DELETE') END)
                OR EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                           WHERE n.nspname = $2 AND CASE WHEN c.relkind = 'S' THEN NOT has_sequence_privilege($1, c.oid, 'USAGE') END)
                OR EXISTS (SELECT 1 FROM unnest($3::text[]) f WHERE NOT has_function_privilege($1, $2 || '.' || f, 'EXECUTE'))
            """, [login, schema, policyFunctions]).scalar(Bool.self)
        guard missing else { return }
        try connection.transaction { connection in
            _ = try connection.query("SELECT pg_advisory_xact_lock($1::int8)", [PostgresStoreKeys(schema: schema).migration.value])
            try connection.executeScript("""
                GRANT USAGE ON SCHEMA \(name) TO \(role);
                GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(name) TO \(role);
                REVOKE INSERT, UPDATE, DELETE ON \(name).keepsake_schema_version FROM \(role);
                GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA \(name) TO \(role);
                GRANT EXECUTE ON FUNCTION \(policyFunctions.map { "\(name).\($0)" }.joined(separator: ", ")) TO \(role);
                """)
        }
    }
}
