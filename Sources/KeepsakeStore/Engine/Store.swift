public import Foundation
import Synchronization

/// A Keepsake store: records with ordered image attachments, their metadata in a
/// ``MetadataStore`` and their image bytes in a ``BlobStore``.
///
/// Every create, update and delete is one atomic unit (see the README's "promises"), by one protocol
/// written against the two seams: the operation is journalled as an intent; new bytes are stored
/// under keys that are never reused (refusing to overwrite); the metadata commit is the single
/// point where the operation takes effect; objects the commit stops referring to are removed only
/// after it. The journal lets ``init(metadata:blobs:location:options:imageProcessor:clock:)`` finish
/// or roll back the operations of instances that died, without listing the blob store and without
/// touching the in-flight operations of a live instance.
///
/// A `Store` is thread-safe; several instances (in one process or several) may share one store.
public final class Store: Sendable {
    /// This instance's local folders. With the embedded backends (the default) they hold the
    /// database, the originals and the thumbnails; with others, uploads in flight and caches.
    public let location: StoreLocation
    /// Settings.
    public let options: StoreOptions
    /// The image processor used on ingest and to remake thumbnails.
    public let imageProcessor: any ImageProcessing
    /// Where records, image rows, the journal and the change log live.
    public let metadata: any MetadataStore
    /// Where image bytes live.
    public let blobs: any BlobStore

    let clock: @Sendable () -> Date
    /// Processes the images of every operation of this instance through one queue, on
    /// ``StoreOptions/processingConcurrency`` threads, so consecutive operations share the cores.
    let batchProcessor: ImageBatchProcessor
    /// Intents of this instance currently being executed (so leftover clean-up skips them).
    let inFlight = Mutex<Set<String>>([])

    /// Opens (creating if needed) the embedded store at `location`: SQLite for the metadata
    /// (``SQLiteMetadataStore``) and folders for the images (``FolderBlobStore``), then recovers the
    /// interrupted operations of processes that are no longer running.
    ///
    /// - Parameters:
    ///   - imageProcessor: decodes and encodes images (``KeepsakeImaging/VipsImageProcessor`` in production).
    ///   - fileSystem: the seam every file change goes through; tests pass a ``FaultInjectingFileSystem``.
    ///   - clock: the current time; tests inject one to check trash retention without waiting.
    public convenience init(location: StoreLocation, options: StoreOptions = StoreOptions(), imageProcessor: any ImageProcessing,
                            fileSystem: any FileSystem = PosixFileSystem(), clock: @escaping @Sendable () -> Date = { Date() }) throws {
        let blobs = try FolderBlobStore(location: location, fileSystem: fileSystem, reserveBytes: options.reserveBytes)
        let metadata = try SQLiteMetadataStore(dataDirectory: location.dataDirectory, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds,
                                               fileSystem: fileSystem)
        try self.init(metadata: metadata, blobs: blobs, location: location, options: options, imageProcessor: imageProcessor, clock: clock)
    }

    /// Opens a store over any pair of backends and recovers the interrupted operations of dead
    /// instances. The store owns both from now on and closes the metadata store when it goes away.
    ///
    /// - Parameter location: this instance's local folders (see ``location``).
    public init(metadata: any MetadataStore, blobs: any BlobStore, location: StoreLocation, options: StoreOptions = StoreOptions(),
                imageProcessor: any ImageProcessing, clock: @escaping @Sendable () -> Date = { Date() }) throws {
        self.location = location
        self.options = options
        self.imageProcessor = imageProcessor
        batchProcessor = ImageBatchProcessor(processor: imageProcessor, workers: options.processingConcurrency)
        self.metadata = metadata
        self.blobs = blobs
        self.clock = clock
        try recoverDeadOwners()
        blobs.ensureReserve(instance: metadata.instanceID)
    }

    deinit {
        // No operation of this instance runs any more: its staging holds nothing worth keeping.
        blobs.releaseStaging(of: metadata.instanceID)
        metadata.close()
    }

    /// This instance's token in the journal.
    var instanceID: String { metadata.instanceID }

    /// The store-relative folder of a record's originals.
    static func recordFolder(_ collection: CollectionName, _ id: RecordID) -> [String] {
        ["attachments", collection.name, id.string]
    }

    /// Current time as stored (seconds since 1970).
    func now() -> Double { clock().timeIntervalSince1970 }
}
