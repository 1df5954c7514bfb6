import Foundation
import KeepsakeStore
import KeepsakePostgresStore

extension StoreConfiguration {
    /// The PostgreSQL metadata store named by `url` (`postgresql://user:password@host:port/database`
    /// or `postgres://…`, with libpq's parameters and Keepsake's `schema` and `pool_size`; see
    /// docs/SCALE-OUT.md), migrated and granted by ``metadataOwnerURL``'s role when there is one. Its
    /// messages name the server, database and schema, never the credentials.
    func openPostgres(_ url: URL, options: StoreOptions) throws -> any MetadataStore {
        try PostgresMetadataStore(url: try PostgresStoreURL(url.absoluteString), ownerURL: try metadataOwnerURL.map { try PostgresStoreURL($0.absoluteString) },
                                  busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
    }
}
