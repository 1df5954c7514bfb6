public import Foundation
import Synchronization
import KeepsakeSupport

/// Processes the images of one operation, and of consecutive operations, on several cores at once,
/// with their SHA-256s computed while other images decode.
///
/// Work goes into one first-in, first-out queue per batch processor, served by up to `workers`
/// threads that exist only while there is work: each batch adds each of its images (processed, then
/// its stored bytes hashed by the same thread), then the hashes of its inputs, which fill the gaps
/// while its last images decode. A batch started before the previous one is finished queues behind
/// it, so its first images take the cores the previous batch's last image leaves idle, and are
/// processed while the previous record's files are fsynced and committed (see
/// ``pipeline(_:inputs:policy:thumbnailSizes:commit:)``); never more than `workers` images are
/// decoded at once, however many batches are queued.
///
/// The processor itself may use a second thread within one image (``ImageProcessing`` says it must be
/// thread-safe), which helps when one image is all there is.
public final class ImageBatchProcessor: Sendable {
    /// The image processor every image goes through.
    public let processor: any ImageProcessing
    /// Images processed at once, over all batches of this batch processor.
    public let workers: Int
    private let queue: WorkQueue

    /// Creates a batch processor.
    ///
    /// - Parameters:
    ///   - processor: The image processor (thread-safe, as ``ImageProcessing`` requires).
    ///   - workers: Images processed at once; at least 1. The store passes
    ///     ``StoreOptions/processingConcurrency`` (2, the cores of a small machine).
    public init(processor: any ImageProcessing, workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.processor = processor
        self.workers = max(1, workers)
        queue = WorkQueue(workers: max(1, workers))
    }

    /// Processes `inputs` and hashes them; returns one result per input, in order.
    ///
    /// - Throws: The error of the first input (in input order) that failed; the images after it
    ///   that had not started are not processed.
    public func process(_ inputs: [ImageInput], policy: ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize]) throws -> [HashedImage] {
        try start(inputs, policy: policy, thumbnailSizes: thumbnailSizes).wait()
    }

    /// Queues `inputs` and returns at once; ``PendingImageBatch/wait()`` gives the results. Start
    /// the next record's batch before committing the current one and the two overlap. Each batch
    /// holds its results (the encoded originals and thumbnails) until it is waited for.
    public func start(_ inputs: [ImageInput], policy: ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize]) -> PendingImageBatch {
        let batch = PendingImageBatch(inputs: inputs, processor: processor, policy: policy, thumbnailSizes: thumbnailSizes)
        queue.add(batch)
        return batch
    }

    /// Processes consecutive operations with the images of the next item processed while the
    /// current one is committed: `inputs` reads an item's images, `commit` places and commits them
    /// (the engine's fsyncs and transaction) and returns its result. Items are committed in order,
    /// one at a time, on the calling thread; the images of at most two items wait in the queue.
    ///
    /// - Throws: The first failure, of `inputs`, processing or `commit`; the items before it are
    ///   committed, the ones after it are not (those already queued are cancelled).
    public func pipeline<Item, Output>(_ items: [Item], inputs: (Item) throws -> [ImageInput],
                                       policy: (Item) -> ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize],
                                       commit: (Item, [HashedImage]) throws -> Output) throws -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(items.count)
        var queued: [PendingImageBatch] = []
        var nextToQueue = 0
        do {
            for offset in items.indices {
                // Keep this item and the next one queued.
                while nextToQueue < items.count, nextToQueue <= offset + 1 {
                    let item = items[nextToQueue]
                    queued.append(start(try inputs(item), policy: policy(item), thumbnailSizes: thumbnailSizes))
                    nextToQueue += 1
                }
                let images = try queued.removeFirst().wait()
                outputs.append(try commit(items[offset], images))
            }
        } catch {
            queued.forEach { $0.cancel() }
            throw error
        }
        return outputs
    }
}

/// The queue of an ``ImageBatchProcessor`` and its threads.
private final class WorkQueue: Sendable {
    private struct State {
        /// Tasks in order; a taken one is set to `nil` at once, so the queue never keeps a batch
        /// (its inputs and results) alive after its last task was taken.
        var pending: [(PendingImageBatch, PendingImageBatch.Task)?] = []
        var head = 0
        var running = 0
    }

    private let workers: Int
    private let state = Mutex(State())

    init(workers: Int) {
        self.workers = workers
    }

    /// Queues every task of `batch` and starts threads up to `workers`.
    func add(_ batch: PendingImageBatch) {
        let tasks = batch.tasks
        guard !tasks.isEmpty else { return }
        let starting = state.withLock { state -> Int in
            state.pending.append(contentsOf: tasks.map { (batch, $0) })
            let wanted = min(workers, state.running + (state.pending.count - state.head)) - state.running
            state.running += max(0, wanted)
            return max(0, wanted)
        }
        for _ in 0..<starting {
            let thread = Thread { [self] in
                while let (batch, task) = next() { batch.run(task) }
            }
            thread.stackSize = 8 << 20  // as a main thread's: image decoders recurse a little
            thread.start()
        }
    }

    /// The next task, or `nil` (and one thread fewer) when the queue is empty.
    private func next() -> (PendingImageBatch, PendingImageBatch.Task)? {
        state.withLock { state in
            guard state.head < state.pending.count else {
                state.pending.removeAll(keepingCapacity: true)
                state.head = 0
                state.running -= 1
                return nil
            }
            let task = state.pending[state.head]
            state.pending[state.head] = nil
            state.head += 1
            if state.head > 64, state.head * 2 > state.pending.count {
                state.pending.removeFirst(state.head)
                state.head = 0
            }
            return task!
        }
    }
}

/// A batch of images being processed by an ``ImageBatchProcessor``.
public final class PendingImageBatch: Sendable {
    /// One piece of work.
    enum Task: Sendable {
        case process(Int)
        case hashSource(Int)
    }

    /// What the workers share, under one lock.
    private struct State {
        var processed: [Result<(ProcessedImage, String), any Error>?]
        var sourceHashes: [String?]
        var remaining: Int
        var cancelled = false
        /// The lowest index whose processing failed: later images are not started.
        var firstFailure: Int?
    }

    private let inputs: [ImageInput]
    private let processor: any ImageProcessing
    private let policy: ImageEncodingPolicy
    private let thumbnailSizes: [ThumbnailSize]
    private let state: Mutex<State>
    private let done = DispatchSemaphore(value: 0)

    init(inputs: [ImageInput], processor: any ImageProcessing, policy: ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize]) {
        self.inputs = inputs
        self.processor = processor
        self.policy = policy
        self.thumbnailSizes = thumbnailSizes
        state = Mutex(State(processed: Array(repeating: nil, count: inputs.count),
                            sourceHashes: Array(repeating: nil, count: inputs.count), remaining: 2 * inputs.count))
        if inputs.isEmpty { done.signal() }
    }

    /// Its work in queue order: every image, then every input's hash.
    var tasks: [Task] {
        inputs.indices.map(Task.process) + inputs.indices.map(Task.hashSource)
    }

    /// Does one piece of work, or skips it when the batch was cancelled or an earlier image failed.
    func run(_ task: Task) {
        let skip = state.withLock { state in
            switch task {
            case .process(let index): state.cancelled || (state.firstFailure.map { index > $0 } ?? false)
            case .hashSource: state.cancelled || state.firstFailure != nil
            }
        }
        if skip { return complete { _ in } }
        switch task {
        case .process(let index):
            let outcome = Result<(ProcessedImage, String), any Error> {
                let processed = try processor.process(inputs[index], policy: policy, thumbnailSizes: thumbnailSizes)
                return (processed, SHA256.hex(processed.bytes))
            }
            complete { state in
                if case .failure = outcome { state.firstFailure = min(state.firstFailure ?? index, index) }
                state.processed[index] = outcome
            }
        case .hashSource(let index):
            let hash = SHA256.hex(inputs[index].bytes)
            complete { $0.sourceHashes[index] = hash }
        }
    }

    private func complete(_ record: (inout State) -> Void) {
        let finished = state.withLock { state -> Bool in
            record(&state)
            state.remaining -= 1
            return state.remaining == 0
        }
        if finished { done.signal() }
    }

    /// Stops work that has not started; what is running finishes and is dropped.
    public func cancel() {
        state.withLock { $0.cancelled = true }
    }

    /// Waits for the batch and returns its images in input order.
    ///
    /// - Throws: The error of the first image (in input order) that failed, or
    ///   ``KeepsakeError/Code/conflict`` if the batch was cancelled.
    public func wait() throws -> [HashedImage] {
        done.wait()
        done.signal()  // a later wait returns at once
        let state = state.withLock { $0 }
        if let failure = state.firstFailure, case .failure(let error)? = state.processed[failure] {
            throw error
        }
        guard !state.cancelled else {
            throw KeepsakeError(.conflict, "The images of this operation were no longer needed (an earlier operation failed); nothing was stored.")
        }
        return try inputs.indices.map { index in
            guard case .success(let (processed, hash))? = state.processed[index], let source = state.sourceHashes[index] else {
                throw KeepsakeError(.conflict, "Image \(index + 1) of this operation was not processed; nothing was stored.")
            }
            return HashedImage(processed: processed, sha256: hash, sourceSHA256: source)
        }
    }
}
