public import Foundation
public import KeepsakeStore
import KeepsakePostgresStore
public import KeepsakeS3Store

/// The distributed pair: PostgreSQL metadata (a fresh schema of the test server) + an S3 blob store
/// (a fresh prefix of the test bucket), with no local file the store depends on. Its folder is only
/// the location of the store's local settings (the web session secret) and scratch space.
public struct PostgresS3StorePlace: StorePlace {
    public let directory: TemporaryDirectory
    /// The metadata side: its URL and schema.
    public let postgres: PostgresFolderStorePlace
    /// The blob side: damage, removal and planting act on objects through the S3 client.
    public let s3: S3StorePlace

    /// A place with a fresh schema and a fresh bucket prefix; throws ``TestServers/Unavailable`` when
    /// the test servers are not running.
    public init(label: String, delivery: S3ImageDelivery = .stream) throws {
        postgres = try PostgresFolderStorePlace(label: label)
        directory = postgres.directory
        s3 = try S3StorePlace(directory: directory, delivery: delivery)
    }

    var location: StoreLocation { StoreLocation(root: directory.url) }

    public var storeArguments: [String] { ["--store", directory.path, "--metadata", postgres.url, "--blobs", s3.blobsURL()] }

    public var storeEnvironment: [String: String] { s3.storeEnvironment }

    public func open(options: StoreOptions, clock: @escaping @Sendable () -> Date, faults: FaultPlan?) throws -> Store {
        try open(options: options, clock: clock, faults: faults, location: location)
    }

    /// Opens an instance whose local folders are `location` instead of the place's: another
    /// machine's server of the same store (the database and bucket are shared, nothing local is).
    public func open(options: StoreOptions = StoreOptions(), clock: @escaping @Sendable () -> Date = { Date() }, faults: FaultPlan? = nil,
                     location: StoreLocation) throws -> Store {
        let blobs = try s3.blobStore()
        let metadata = try PostgresMetadataStore(url: try PostgresStoreURL(postgres.url),
                                                 busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        return try TestStores.open(metadata: metadata, blobs: blobs, location: location, options: options, clock: clock, faults: faults)
    }

    public func damage(_ key: RelativePath) throws { try s3.damage(key) }
    public func removeBehindTheStoresBack(prefix: String) throws { try s3.removeBehindTheStoresBack(prefix: prefix) }
    public func plant(_ key: RelativePath, bytes: Data) throws { try s3.plant(key, bytes: bytes) }
}
