public import Foundation
public import KeepsakeImaging
public import KeepsakeStore

/// Opens stores for tests: a fresh temporary folder, the real libvips processor.
public enum TestStores {
    /// The processor every test uses (real libvips).
    public static let processor = VipsImageProcessor()

    /// Opens (or reopens) the store in `directory`.
    public static func open(_ directory: TemporaryDirectory, options: StoreOptions = StoreOptions(),
                            fileSystem: any FileSystem = PosixFileSystem(),
                            clock: @escaping @Sendable () -> Date = { Date() }) throws -> Store {
        try Store(location: StoreLocation(root: directory.url), options: options, imageProcessor: processor,
                  fileSystem: fileSystem, clock: clock)
    }

    /// Opens a store on `metadata` and `blobs` at `location`, each behind `faults` when given (a
    /// fault-injecting wrapper of either that fails the calls the plan names).
    public static func open(metadata: any MetadataStore, blobs: any BlobStore, location: StoreLocation, options: StoreOptions,
                            clock: @escaping @Sendable () -> Date, faults: FaultPlan?) throws -> Store {
        var metadata = metadata, blobs = blobs
        if let faults {
            blobs = FaultInjectingBlobStore(base: blobs, plan: faults)
            metadata = FaultInjectingMetadataStore(base: metadata, plan: faults)
        }
        return try Store(metadata: metadata, blobs: blobs, location: location, options: options, imageProcessor: processor, clock: clock)
    }
}

/// A clock tests move by hand.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// Starts at `start`.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_750_000_000)) { current = start }

    /// The current time.
    public var now: Date { lock.withLock { current } }

    /// Moves time forward.
    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }

    /// A closure for ``Store/init(location:options:imageProcessor:fileSystem:clock:)``.
    public var closure: @Sendable () -> Date { { [self] in self.now } }
}
