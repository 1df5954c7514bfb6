public import Foundation
public import KeepsakeS3
public import KeepsakeS3Store
public import KeepsakeStore

/// The `sqlite+s3` pair: ``KeepsakeStore/SQLiteMetadataStore`` in the place's folder and an
/// ``KeepsakeS3Store/S3BlobStore`` under a fresh prefix (`conformance/<uuid>/`) of the test bucket
/// of the test radosgw (``TestServers/s3()``), so every place has a bucket area of its own.
public struct S3StorePlace: StorePlace {
    public let directory: TemporaryDirectory
    /// The test radosgw.
    public let server: TestServers.S3
    /// This place's key prefix in the test bucket (ends in `/`).
    public let prefix: String
    /// How the stores opened here hand images out.
    public let delivery: S3ImageDelivery

    /// A place in `directory` under a fresh prefix of the test bucket; throws
    /// ``TestServers/Unavailable`` when the test servers are not running.
    public init(directory: TemporaryDirectory, delivery: S3ImageDelivery = .stream) throws {
        self.directory = directory
        server = try TestServers.s3()
        prefix = "conformance/\(UUID().uuidString.lowercased())/"
        self.delivery = delivery
    }

    var location: StoreLocation { StoreLocation(root: directory.url) }

    /// The client settings for the test radosgw (path-style), or another endpoint in front of it (a
    /// fault proxy, a private gateway), with quick retries unless told.
    public func configuration(endpoint: String? = nil, timeouts: S3Timeouts? = nil, retry: S3RetryPolicy? = nil) throws -> S3Configuration {
        var configuration = try S3Configuration(endpoint: endpoint ?? server.endpoint, region: server.region, bucket: server.bucket, addressing: .path,
                                                credentials: S3Credentials(accessKeyID: server.accessKeyID, secretAccessKey: server.secretAccessKey))
        configuration.retry = retry ?? S3RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200))
        if let timeouts { configuration.timeouts = timeouts }
        return configuration
    }

    /// The blob store URL a process gives `--blobs` to open this place, through `endpoint` if given
    /// (no credentials: those go in ``storeEnvironment``).
    public func blobsURL(endpoint: String? = nil) -> String {
        let redirect = if case .redirect(let expires) = delivery { "&redirect=\(expires.components.seconds)" } else { "" }
        return "s3://\(server.bucket)/\(prefix)?endpoint=\(endpoint ?? server.endpoint)&region=\(server.region)&addressing=path\(redirect)"
    }

    public var storeArguments: [String] { ["--store", directory.path, "--blobs", blobsURL()] }

    /// The credentials, as the AWS conventions pass them to a process.
    public var storeEnvironment: [String: String] {
        ["AWS_ACCESS_KEY_ID": server.accessKeyID, "AWS_SECRET_ACCESS_KEY": server.secretAccessKey]
    }

    /// A client of the test bucket, for acting behind the store's back.
    public func client() throws -> S3Client { S3Client(configuration: try configuration()) }

    /// A blob store of this place, through `endpoint` (a fault proxy, a private gateway) if given.
    public func blobStore(endpoint: String? = nil, timeouts: S3Timeouts? = nil, retry: S3RetryPolicy? = nil) throws -> S3BlobStore {
        try S3BlobStore(client: S3Client(configuration: try configuration(endpoint: endpoint, timeouts: timeouts, retry: retry)), prefix: prefix,
                        delivery: delivery)
    }

    public func open(options: StoreOptions, clock: @escaping @Sendable () -> Date, faults: FaultPlan?) throws -> Store {
        try open(options: options, clock: clock, faults: faults, blobs: try blobStore())
    }

    /// Opens a store on this place's database with `blobs` as its blob store (one through a fault
    /// proxy, say).
    public func open(options: StoreOptions = StoreOptions(), clock: @escaping @Sendable () -> Date = { Date() }, faults: FaultPlan? = nil,
                     blobs base: any BlobStore) throws -> Store {
        let metadata = try SQLiteMetadataStore(dataDirectory: location.dataDirectory,
                                               busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        return try TestStores.open(metadata: metadata, blobs: base, location: location, options: options, clock: clock, faults: faults)
    }

    public func damage(_ key: RelativePath) throws {
        let client = try client()
        var bytes = try client.getObject(key: prefix + key.string).data
        bytes[bytes.count / 2] ^= 0xFF
        try client.putObject(key: prefix + key.string, data: bytes, overwrite: true)
    }

    public func removeBehindTheStoresBack(prefix removed: String) throws {
        let client = try client()
        var keys: [String] = []
        try client.forEachObject(prefix: prefix + removed) { keys.append($0.key) }
        for key in keys { try client.deleteObject(key: key) }
    }

    public func plant(_ key: RelativePath, bytes: Data) throws {
        try client().putObject(key: prefix + key.string, data: bytes, overwrite: true)
    }
}
