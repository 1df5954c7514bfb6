public import Foundation
public import KeepsakeStore
import KeepsakePostgres
import KeepsakePostgresStore

/// The pair PostgreSQL metadata (a fresh schema of the shared test server) + a folder blob store:
/// every place has a schema of its own in the one test database, and a folder of its own.
public struct PostgresFolderStorePlace: StorePlace {
    public let directory: TemporaryDirectory
    /// The metadata store's URL, with the place's schema (it holds the test server's password).
    public let url: String
    /// The place's schema.
    public let schema: String
    /// The folder side: damage, removal and planting act on files, as for the embedded pair.
    private let folder: EmbeddedStorePlace

    /// A place with a fresh schema on the test server (``TestServers/postgresURL()``), or on the server
    /// at `serverURL` (a private one), and a fresh folder.
    public init(label: String, serverURL: String? = nil) throws {
        let base = try serverURL ?? TestServers.postgresURL()
        directory = PlaceFolders.make(label)
        folder = EmbeddedStorePlace(directory: directory)
        schema = TestSchemas.make()
        url = base + (base.contains("?") ? "&" : "?") + "schema=" + schema
    }

    var location: StoreLocation { StoreLocation(root: directory.url) }

    public var storeArguments: [String] { ["--store", directory.path, "--metadata", url] }

    public func open(options: StoreOptions, clock: @escaping @Sendable () -> Date, faults: FaultPlan?) throws -> Store {
        let blobs = try FolderBlobStore(location: location, reserveBytes: options.reserveBytes)
        let metadata = try PostgresMetadataStore(url: try PostgresStoreURL(url), busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        return try TestStores.open(metadata: metadata, blobs: blobs, location: location, options: options, clock: clock, faults: faults)
    }

    public func damage(_ key: RelativePath) throws { try folder.damage(key) }
    public func removeBehindTheStoresBack(prefix: String) throws { try folder.removeBehindTheStoresBack(prefix: prefix) }
    public func plant(_ key: RelativePath, bytes: Data) throws { try folder.plant(key, bytes: bytes) }
}

/// Schemas of the test server made for store places, named `t_<process id>_<random>`. A test may
/// drop its place as soon as it has opened a store on it, and a test process cannot safely connect
/// while it exits, so each test process drops, when it makes its first schema, the schemas of test
/// processes that are gone (the servers of `make test` are removed afterwards anyway).
public enum TestSchemas {
    private static let cleanUp: Void = { dropSchemasOfEndedProcesses() }()

    /// A fresh schema name (the store creates the schema when it first opens).
    public static func make() -> String {
        _ = cleanUp
        return "t_\(getpid())_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    }

    /// Drops the `t_<pid>_…` schemas whose process no longer runs, a few per transaction (each drop
    /// locks every table it removes).
    static func dropSchemasOfEndedProcesses() {
        guard let url = try? TestServers.postgresURL(), let admin = try? PostgresConnection(url: url) else { return }
        defer { admin.close() }
        guard let names = try? admin.query("SELECT nspname::text FROM pg_namespace WHERE nspname LIKE 't\\_%\\_%'").map({ try $0.decode(String.self, at: 0) }) else { return }
        let ended = names.filter { name in
            let parts = name.split(separator: "_")
            guard parts.count == 3, let pid = Int32(parts[1]) else { return false }
            return kill(pid, 0) != 0 && errno == ESRCH
        }
        for start in stride(from: 0, to: ended.count, by: 10) {
            let batch = ended[start..<min(start + 10, ended.count)].map { PostgresConnection.quoted(identifier: $0) }
            try? admin.executeScript("DROP SCHEMA IF EXISTS \(batch.joined(separator: ", ")) CASCADE")
        }
    }
}
