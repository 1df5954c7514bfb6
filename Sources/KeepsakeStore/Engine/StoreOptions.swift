/// Settings of a ``Store`` instance.
public struct StoreOptions: Sendable {
    /// How originals are encoded unless an operation says otherwise.
    public var encodingPolicy: ImageEncodingPolicy = .default
    /// At most this many images on one record.
    public var maxImagesPerRecord: Int = 100
    /// Input files larger than this are refused before decoding.
    public var maxInputBytes: Int = 100 * 1024 * 1024
    /// Thumbnail variants made on ingest.
    public var thumbnailSizes: [ThumbnailSize] = ThumbnailSize.standard
    /// How long to wait for another process's write lock, in milliseconds.
    public var busyTimeoutMilliseconds: Int32 = 10_000
    /// Images processed at once for one operation (decoding uses both cores of a small machine).
    public var processingConcurrency: Int = 2
    /// Bytes kept in reserve in the data folder (the file `reserve`), given back when a deletion
    /// cannot commit on a full disk, so a full store can always be emptied; 0 keeps none.
    public var reserveBytes: Int = 1 << 20

    /// Default settings.
    public init() {}
}
