public import Foundation
public import KeepsakeStore

/// Which backends a store runs on, as a user names them: the local folders (always), a metadata
/// store URL and a blob store URL. With neither URL it is the embedded default (SQLite and folders
/// under the local folders).
///
/// | URL | backend |
/// | --- | --- |
/// | none, or `sqlite:` | ``SQLiteMetadataStore`` in the local data folder |
/// | `postgresql://…`, `postgres://…` | PostgreSQL (docs/SCALE-OUT.md) |
/// | none, or `folder:` | ``FolderBlobStore`` in the local folders |
/// | `s3://bucket/prefix?…` | an S3-compatible object store (docs/SCALE-OUT.md) |
///
/// The CLI, `keepsake serve`, the crash worker, the torture tool and the benchmarks all open stores
/// through this one type, from the flags `--store DIR`, `--metadata URL`, `--blobs URL` or the
/// environment `KEEPSAKE_HOME`, `KEEPSAKE_METADATA_URL`, `KEEPSAKE_BLOBS_URL`, and
/// `KEEPSAKE_METADATA_OWNER_URL` (PostgreSQL only: the role that migrates and grants, when the servers
/// log in with one that owns nothing; docs/SCALE-OUT.md, "Roles and row-level security").
public struct StoreConfiguration: Sendable, Hashable {
    /// This instance's local folders (the whole store with the embedded backends; uploads in
    /// flight and caches otherwise).
    public var location: StoreLocation
    /// The metadata store, or `nil` for SQLite in ``location``.
    public var metadataURL: URL?
    /// The blob store, or `nil` for folders in ``location``.
    public var blobsURL: URL?
    /// The PostgreSQL role that owns the metadata store's schema, migrates it and grants the role of
    /// ``metadataURL`` its rights; `nil` when ``metadataURL``'s role is the owner.
    public var metadataOwnerURL: URL?

    /// A configuration from its parts.
    public init(location: StoreLocation, metadataURL: URL? = nil, blobsURL: URL? = nil, metadataOwnerURL: URL? = nil) {
        self.location = location
        self.metadataURL = metadataURL
        self.blobsURL = blobsURL
        self.metadataOwnerURL = metadataOwnerURL
    }

    /// The configuration that flags and the environment name: `store` (`--store DIR`) or
    /// `KEEPSAKE_HOME` or the XDG folders for the local folders; `metadata`/`blobs` (`--metadata`,
    /// `--blobs`) or `KEEPSAKE_METADATA_URL`/`KEEPSAKE_BLOBS_URL` for the backends; `metadataOwner` or
    /// `KEEPSAKE_METADATA_OWNER_URL` for the owner role of a PostgreSQL metadata store.
    public static func named(store: String? = nil, metadata: String? = nil, blobs: String? = nil, metadataOwner: String? = nil,
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StoreConfiguration {
        let location = try store.map { StoreLocation(root: URL(fileURLWithPath: $0, isDirectory: true)) }
            ?? StoreLocation.defaultLocation(environment: environment)
        func url(_ text: String?, _ variable: String, _ flag: String) throws -> URL? {
            guard let text = text ?? environment[variable], !text.isEmpty else { return nil }
            guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else {
                throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(redacted(text))) (\(flag) or \(variable)) is not a URL such as postgresql://host/db or s3://bucket.")
            }
            return url
        }
        let metadataURL = try url(metadata, "KEEPSAKE_METADATA_URL", "--metadata")
        let ownerURL = try url(metadataOwner, "KEEPSAKE_METADATA_OWNER_URL", "the owner URL")
        if ownerURL != nil, !["postgresql", "postgres"].contains(metadataURL?.scheme?.lowercased() ?? "") {
            throw KeepsakeError(.invalidArgument, "KEEPSAKE_METADATA_OWNER_URL names the owner role of a PostgreSQL metadata store, but the metadata store is not PostgreSQL; set KEEPSAKE_METADATA_URL to postgresql://… too, or unset the owner URL.")
        }
        return StoreConfiguration(location: location, metadataURL: metadataURL, blobsURL: try url(blobs, "KEEPSAKE_BLOBS_URL", "--blobs"),
                                  metadataOwnerURL: ownerURL)
    }

    /// `text`, a backend's name as a user gave it, fit for a message: a URL's password and the
    /// value of every key that names a secret (`password=…`, `secret…=`, `token=…`, as in libpq's
    /// `key=value` strings and in query parameters) replaced by `…`.
    static func redacted(_ text: String) -> String {
        let userPassword = /(:\/\/[^\/@:\s]*:)[^@\/\s]*@/
        let secretValue = /((?i)(?:password|passwd|pwd|secret|token)[A-Za-z_]*\s*=\s*)[^\s&;]*/
        return text.replacing(userPassword) { "\($0.output.1)…@" }
            .replacing(secretValue) { "\($0.output.1)…" }
    }

    /// Whether both backends are the embedded ones.
    public var isEmbedded: Bool { Self.isEmbedded(metadataURL, "sqlite") && Self.isEmbedded(blobsURL, "folder") }

    static func isEmbedded(_ url: URL?, _ scheme: String) -> Bool {
        guard let url else { return true }
        return url.scheme?.lowercased() == scheme
    }

    /// Opens the store (creating what is missing) and recovers the interrupted operations of dead
    /// instances. The blob store's credentials and AWS settings are read from `environment` (the
    /// process's unless given: a command run in-process passes its own).
    public func open(options: StoreOptions = StoreOptions(), imageProcessor: any ImageProcessing,
                     clock: @escaping @Sendable () -> Date = { Date() },
                     environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Store {
        if isEmbedded {
            return try Store(location: location, options: options, imageProcessor: imageProcessor, clock: clock)
        }
        let metadata = try openMetadata(options: options)
        let blobs: any BlobStore
        do {
            blobs = try openBlobs(options: options, environment: environment)
        } catch {
            metadata.close()
            throw error
        }
        return try Store(metadata: metadata, blobs: blobs, location: location, options: options, imageProcessor: imageProcessor, clock: clock)
    }

    /// The metadata store this configuration names.
    public func openMetadata(options: StoreOptions) throws -> any MetadataStore {
        guard let url = metadataURL, !Self.isEmbedded(url, "sqlite") else {
            try FileManager.default.createDirectory(at: location.dataDirectory, withIntermediateDirectories: true)
            return try SQLiteMetadataStore(dataDirectory: location.dataDirectory, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        }
        switch url.scheme?.lowercased() {
        case "postgresql", "postgres": return try openPostgres(url, options: options)
        default:
            throw KeepsakeError(.invalidArgument, "Keepsake does not know the metadata store \(KeepsakeError.printable(Self.redacted(url.absoluteString))): use sqlite: (the default) or postgresql://host/database.")
        }
    }

    /// The blob store this configuration names, with its credentials and AWS settings from
    /// `environment`.
    public func openBlobs(options: StoreOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> any BlobStore {
        guard let url = blobsURL, !Self.isEmbedded(url, "folder") else {
            return try FolderBlobStore(location: location, reserveBytes: options.reserveBytes)
        }
        switch url.scheme?.lowercased() {
        case "s3": return try Self.openS3Blobs(url, environment: environment)
        default:
            throw KeepsakeError(.invalidArgument, "Keepsake does not know the blob store \(KeepsakeError.printable(Self.redacted(url.absoluteString))): use folder: (the default) or s3://bucket/prefix.")
        }
    }
}
