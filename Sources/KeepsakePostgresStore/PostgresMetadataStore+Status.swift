public import KeepsakeStore
import KeepsakePostgres

extension PostgresMetadataStore {
    /// The server's version, the database, the schema and its version, the bytes of the store's
    /// tables with their indexes, and the instances registered as open.
    public func status() throws -> BackendStatus {
        try mappingErrors(location: location) {
            try pool.transaction(isolation: .repeatableRead, readOnly: true) { connection in
                let row = try connection.query("""
                    SELECT current_setting('server_version'), current_database(),
                           (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::int8 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                            WHERE n.nspname = $1 AND c.relkind = 'r'),
                           (SELECT coalesce(max(version), 0) FROM keepsake_schema_version),
                           (SELECT count(*) FROM instance)
                    """, [schema])[0]
                return BackendStatus(kind: "postgresql", location: location, figures: [
                    .init("server version", try row.decode(String.self, at: 0)),
                    .init("database", try row.decode(String.self, at: 1)),
                    .init("schema", schema),
                    .init("schema version", String(try row.decode(Int.self, at: 3))),
                    .init("database bytes", String(try row.decode(Int64.self, at: 2))),
                    .init("open instances", String(try row.decode(Int.self, at: 4))),
                ])
            }
        }
    }
}
