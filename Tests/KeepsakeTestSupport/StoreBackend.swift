public import Foundation
public import KeepsakeStore
import Synchronization

/// A pair of backends (metadata store, blob store) that the store conformance suite runs on.
///
/// Every promise test of the engine takes one as its argument (`@Test(arguments: StoreBackends.all)`),
/// so a new pair proves itself by being added to ``StoreBackends/all``.
public struct StoreBackend: Sendable, CustomStringConvertible {
    /// A short name for test output, e.g. `sqlite+folder`.
    public let name: String
    private let makePlaceBody: @Sendable (String) throws -> any StorePlace

    /// A pair whose fresh, empty stores `makePlace` makes (its argument is a label for folders and names).
    public init(name: String, makePlace: @escaping @Sendable (String) throws -> any StorePlace) {
        self.name = name
        makePlaceBody = makePlace
    }

    /// A fresh, empty store place of this pair.
    public func makePlace(_ label: String = "store") throws -> any StorePlace { try makePlaceBody(label) }

    public var description: String { name }

    /// SQLite + a folder: the embedded default.
    public static let embedded = StoreBackend(name: "sqlite+folder") { EmbeddedStorePlace(directory: PlaceFolders.make($0)) }

    /// PostgreSQL (a fresh schema of the test server per place) + a folder.
    public static let postgresFolder = StoreBackend(name: "postgres+folder") { try PostgresFolderStorePlace(label: $0) }

    /// SQLite + an S3 bucket: the blob store in the test radosgw, under a fresh prefix per place.
    public static let s3 = StoreBackend(name: "sqlite+s3") { try S3StorePlace(directory: PlaceFolders.make($0)) }

    /// PostgreSQL + an S3 bucket: the distributed pair several servers share (a fresh schema and a
    /// fresh bucket prefix per place).
    public static let distributed = StoreBackend(name: "postgres+s3") { try PostgresS3StorePlace(label: $0) }
}

/// The pairs the conformance suite runs on.
public enum StoreBackends {
    /// Every pair: the embedded one, and each distributed pair (whose tests fail, saying how to
    /// start the servers, when the test servers are not running; they never skip). Setting
    /// `KEEPSAKE_TEST_BACKENDS` to names (`sqlite+s3,sqlite+folder`) runs the suite on those only,
    /// to work on or time one pair.
    public static let all: [StoreBackend] = chosen([.embedded, .postgresFolder, .s3, .distributed])

    static func chosen(_ pairs: [StoreBackend]) -> [StoreBackend] {
        guard let names = ProcessInfo.processInfo.environment["KEEPSAKE_TEST_BACKENDS"], !names.isEmpty else { return pairs }
        let wanted = Set(names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        return pairs.filter { wanted.contains($0.name) }
    }
}

/// One store's place on a pair of backends (a folder; or a database and a bucket prefix), which
/// can be opened as many times as a test needs, like several processes sharing one store.
public protocol StorePlace: Sendable {
    /// Local scratch folder of this place (for the embedded pair, the store's folder).
    var directory: TemporaryDirectory { get }
    /// Arguments that make `keepsake` and `keepsake-crash-worker` open this place.
    var storeArguments: [String] { get }
    /// Environment variables those processes need besides (credentials, which never go in arguments).
    var storeEnvironment: [String: String] { get }
    /// Opens a new store instance on this place; with `faults`, both backends fail as it is armed.
    func open(options: StoreOptions, clock: @escaping @Sendable () -> Date, faults: FaultPlan?) throws -> Store
    /// Changes one byte of a stored object behind the store's back.
    func damage(_ key: RelativePath) throws
    /// Removes stored objects behind the store's back (every object under `prefix`).
    func removeBehindTheStoresBack(prefix: String) throws
    /// Stores an object behind the store's back (an orphan), bytes as given.
    func plant(_ key: RelativePath, bytes: Data) throws
}

extension StorePlace {
    /// None.
    public var storeEnvironment: [String: String] { [:] }

    /// The environment of a `keepsake` or `keepsake-crash-worker` process on this place: this
    /// process's, with ``storeEnvironment`` added.
    public var processEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(storeEnvironment) { $1 }
    }

    /// Opens a new store instance with default options and the real clock.
    public func open(options: StoreOptions = StoreOptions(), faults: FaultPlan? = nil) throws -> Store {
        try open(options: options, clock: { Date() }, faults: faults)
    }

    /// Starts `keepsake-crash-worker` on this place, logging to `log`, with `arguments` (`--worker`,
    /// `--ops`, ...) and one `--image` for each of `images`; its standard error is dropped when `quiet`.
    public func startCrashWorker(log: URL, _ arguments: [String], images: [URL], quiet: Bool = true) throws -> Process {
        let worker = Process()
        worker.executableURL = Binaries.url("keepsake-crash-worker")
        worker.arguments = storeArguments + ["--log", log.path] + arguments + images.flatMap { ["--image", $0.path] }
        worker.environment = processEnvironment
        if quiet { worker.standardError = FileHandle.nullDevice }
        try worker.run()
        return worker
    }
}

/// The embedded pair: ``SQLiteMetadataStore`` and ``FolderBlobStore`` in one folder.
public struct EmbeddedStorePlace: StorePlace {
    public let directory: TemporaryDirectory
    var location: StoreLocation { StoreLocation(root: directory.url) }

    /// A place in `directory`.
    public init(directory: TemporaryDirectory) { self.directory = directory }

    public var storeArguments: [String] { ["--store", directory.path] }

    public func open(options: StoreOptions, clock: @escaping @Sendable () -> Date, faults: FaultPlan?) throws -> Store {
        let blobs = try FolderBlobStore(location: location, reserveBytes: options.reserveBytes)
        let metadata = try SQLiteMetadataStore(dataDirectory: location.dataDirectory,
                                               busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        return try TestStores.open(metadata: metadata, blobs: blobs, location: location, options: options, clock: clock, faults: faults)
    }

    func file(_ key: RelativePath) -> URL {
        (key.components.first == "thumbnails" ? location.cacheDirectory : location.dataDirectory).appendingPathComponent(key.string)
    }

    public func damage(_ key: RelativePath) throws {
        var bytes = try Data(contentsOf: file(key))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file(key))
    }

    public func removeBehindTheStoresBack(prefix: String) throws {
        let area = prefix.hasPrefix("thumbnails") ? location.cacheDirectory : location.dataDirectory
        let target = area.appendingPathComponent(prefix)
        if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
    }

    public func plant(_ key: RelativePath, bytes: Data) throws {
        try FileManager.default.createDirectory(at: file(key).deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file(key))
    }
}

/// The folders of store places. A test may drop its place as soon as it has opened a store on it,
/// so the folders live until the test process exits, and are removed then.
public enum PlaceFolders {
    private static let kept = Mutex<[TemporaryDirectory]>([])
    private static let cleanUp: Void = { atexit { PlaceFolders.removeAll() } }()

    /// A fresh folder kept until the process exits.
    public static func make(_ label: String) -> TemporaryDirectory {
        _ = cleanUp
        let folder = TemporaryDirectory(label)
        kept.withLock { $0.append(folder) }
        return folder
    }

    static func removeAll() {
        kept.withLock { $0.removeAll() }
    }
}
