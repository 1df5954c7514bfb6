import Foundation
import Synchronization

/// What every ``Store`` value over one opened store shares: its folders, settings, backends, clock,
/// image queue and in-flight operations. It closes the metadata store when the last value goes away.
final class StoreCore: Sendable {
    let location: StoreLocation
    let options: StoreOptions
    let imageProcessor: any ImageProcessing
    let metadata: any MetadataStore
    let blobs: any BlobStore
    let clock: @Sendable () -> Date
    /// Processes the images of every operation of this instance through one queue, on
    /// ``StoreOptions/processingConcurrency`` threads, so consecutive operations share the cores.
    let batchProcessor: ImageBatchProcessor
    /// Intents of this instance currently being executed (so leftover clean-up skips them).
    let inFlight = Mutex<Set<String>>([])
    /// ``Store/accessAtLastChange(readingAccount:)`` by caller, kept while nothing commits.
    let accessAtLastChange = UnchangedStoreCache<AccessAtLastChange.Asked, AccessAtLastChange>(capacity: 4_096)

    init(metadata: any MetadataStore, blobs: any BlobStore, location: StoreLocation, options: StoreOptions,
         imageProcessor: any ImageProcessing, clock: @escaping @Sendable () -> Date) {
        self.location = location
        self.options = options
        self.imageProcessor = imageProcessor
        batchProcessor = ImageBatchProcessor(processor: imageProcessor, workers: options.processingConcurrency)
        self.metadata = metadata
        self.blobs = blobs
        self.clock = clock
    }

    deinit {
        // No operation of this instance runs any more: its staging holds nothing worth keeping.
        blobs.releaseStaging(of: metadata.instanceID)
        metadata.close()
    }
}
