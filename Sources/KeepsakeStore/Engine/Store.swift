public import Foundation

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
/// A `Store` is a value: every copy shares one opened store (a ``StoreCore``), and each carries the
/// ``Caller`` its operations act for (``acting(as:)`` makes another, for free). It is thread-safe;
/// several instances (in one process or several) may share one store.
public struct Store: Sendable {
    let core: StoreCore
    /// Who this value's operations act for: the local operator from the initialisers.
    public let caller: Caller

    /// This instance's local folders. With the embedded backends (the default) they hold the
    /// database, the originals and the thumbnails; with others, uploads in flight and caches.
    public var location: StoreLocation { core.location }
    /// Settings.
    public var options: StoreOptions { core.options }
    /// The image processor used on ingest and to remake thumbnails.
    public var imageProcessor: any ImageProcessing { core.imageProcessor }
    /// Where records, image rows, the journal and the change log live.
    public var metadata: any MetadataStore { core.metadata }
    /// Where image bytes live.
    public var blobs: any BlobStore { core.blobs }

    var clock: @Sendable () -> Date { core.clock }
    var batchProcessor: ImageBatchProcessor { core.batchProcessor }

    /// Opens (creating if needed) the embedded store at `location`: SQLite for the metadata
    /// (``SQLiteMetadataStore``) and folders for the images (``FolderBlobStore``), then recovers the
    /// interrupted operations of processes that are no longer running.
    ///
    /// - Parameters:
    ///   - imageProcessor: decodes and encodes images (``KeepsakeImaging/VipsImageProcessor`` in production).
    ///   - fileSystem: the seam every file change goes through; tests pass a ``FaultInjectingFileSystem``.
    ///   - clock: the current time; tests inject one to check trash retention without waiting.
    public init(location: StoreLocation, options: StoreOptions = StoreOptions(), imageProcessor: any ImageProcessing,
                fileSystem: any FileSystem = PosixFileSystem(), clock: @escaping @Sendable () -> Date = { Date() }) throws {
        let blobs = try FolderBlobStore(location: location, fileSystem: fileSystem, reserveBytes: options.reserveBytes)
        let metadata = try SQLiteMetadataStore(dataDirectory: location.dataDirectory, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds,
                                               fileSystem: fileSystem)
        try self.init(metadata: metadata, blobs: blobs, location: location, options: options, imageProcessor: imageProcessor, clock: clock)
    }

    /// Opens a store over any pair of backends, recovers the interrupted operations of dead
    /// instances and, on a store made before accounts, makes the first admin and gives every record
    /// a book (``upgradeToAccounts()``). The store owns both backends from now on and closes the
    /// metadata store when the last value over it goes away.
    ///
    /// - Parameter location: this instance's local folders (see ``location``).
    public init(metadata: any MetadataStore, blobs: any BlobStore, location: StoreLocation, options: StoreOptions = StoreOptions(),
                imageProcessor: any ImageProcessing, clock: @escaping @Sendable () -> Date = { Date() }) throws {
        core = StoreCore(metadata: metadata, blobs: blobs, location: location, options: options, imageProcessor: imageProcessor, clock: clock)
        caller = .localOperator
        try recoverDeadOwners()
        blobs.ensureReserve(instance: metadata.instanceID)
        do {
            try upgradeToAccounts()
        } catch let error as KeepsakeError where error.code == .readOnly {
            // A read-only copy (a backup) still opens for the operator, who reads every record with
            // or without a book; the upgrade runs when it is opened writable.
        }
    }

    private init(core: StoreCore, caller: Caller) {
        self.core = core
        self.caller = caller
    }

    /// The same store acting for `caller`: every operation of the returned value applies the access
    /// rule for it (``Caller``). Costs nothing: the opened store is shared.
    public func acting(as caller: Caller) -> Store {
        Store(core: core, caller: caller)
    }

    /// This instance's token in the journal.
    var instanceID: String { metadata.instanceID }

    /// The store-relative folder of a record's originals: `attachments/<book>/<record>`, so that
    /// every object of a book lies under one prefix (`attachments/<book>/` and, for its thumbnails,
    /// `thumbnails/<book>/`). A record without a book (a store opened read-only before its upgrade)
    /// and the images written before books had folders are under `attachments/<collection>/<record>`;
    /// ``relocateIntoBookFolders(_:)`` (`fsck --repair`) moves the latter.
    static func recordFolder(book: BookID?, collection: CollectionName, id: RecordID) -> [String] {
        ["attachments", book?.string ?? collection.name, id.string]
    }

    /// Current time as stored (seconds since 1970).
    func now() -> Double { clock().timeIntervalSince1970 }
}
