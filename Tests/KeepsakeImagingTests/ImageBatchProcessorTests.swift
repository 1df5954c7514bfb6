import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Synchronization
import Testing
import KeepsakeSupport

extension ImagingTests {
    /// The batch processor behind the engine's processing step: order, hashes, failures, and
    /// that consecutive batches overlap.
    @Suite struct ImageBatchProcessorTests {
        static let photos = ["exif/Landscape_1.jpg", "png/toucan.png", "webp/test.webp", "exif/Landscape_6.jpg"]

        static func inputs(_ paths: [String]) throws -> [ImageInput] {
            try paths.map { ImageInput(bytes: try ImagingTests.bytes($0), name: $0) }
        }

        @Test func aBatchGivesEveryImageInInputOrderWithTheHashesOfItsBytes() throws {
            let inputs = try Self.inputs(Self.photos)
            let batch = ImageBatchProcessor(processor: ImagingTests.processor, workers: 2)
            let results = try batch.process(inputs, policy: .default, thumbnailSizes: ImagingTests.sizes)
            #expect(results.count == inputs.count)
            for (input, result) in zip(inputs, results) {
                let alone = try ImagingTests.processor.process(input, policy: .default, thumbnailSizes: ImagingTests.sizes)
                #expect(result.processed.bytes == alone.bytes, "\(input.name) came out differently in a batch")
                #expect(result.processed.thumbnails.map(\.bytes) == alone.thumbnails.map(\.bytes))
                #expect(result.sha256 == SHA256.hex(result.processed.bytes))
                #expect(result.sourceSHA256 == SHA256.hex(input.bytes))
            }
            #expect(try batch.process([], policy: .default, thumbnailSizes: []).isEmpty)
        }

        @Test func theFirstFailureInInputOrderIsThrownAndLaterImagesAreNotStarted() throws {
            let counting = RecordingProcessor()
            let inputs = try Self.inputs(["exif/Landscape_1.jpg", "jpeg-corrupt/truncated.jpg", "png/toucan.png", "jpeg-corrupt/missing-sos.jpg"])
            let error = keepsakeError {
                _ = try ImageBatchProcessor(processor: counting, workers: 1).process(inputs, policy: .default, thumbnailSizes: [])
            }
            #expect(error?.code == .corruptImage)
            #expect(error?.message.contains("truncated.jpg") == true, "\(String(describing: error))")
            #expect(counting.started == ["exif/Landscape_1.jpg", "jpeg-corrupt/truncated.jpg"], "\(counting.started)")
        }

        @Test func twoImagesAreProcessedAtOnceAndTheNextBatchFillsTheCoreTheLastImageLeaves() throws {
            let counting = RecordingProcessor()
            let batch = ImageBatchProcessor(processor: counting, workers: 2)
            let first = batch.start(try Self.inputs(["exif/Landscape_1.jpg"]), policy: .reencode, thumbnailSizes: ImagingTests.sizes)
            let second = batch.start(try Self.inputs(["exif/Landscape_6.jpg"]), policy: .reencode, thumbnailSizes: ImagingTests.sizes)
            _ = try first.wait()
            _ = try second.wait()
            // One image each: the second batch's image ran beside the first's instead of after it.
            #expect(counting.mostAtOnce == 2, "at most \(counting.mostAtOnce) image(s) at once")
            #expect(Set(counting.started) == ["exif/Landscape_1.jpg", "exif/Landscape_6.jpg"])
        }

        @Test func neverMoreImagesAtOnceThanWorkersHoweverManyBatchesAreQueued() throws {
            let counting = RecordingProcessor()
            let batch = ImageBatchProcessor(processor: counting, workers: 2)
            let pending = try (0..<3).map { _ in batch.start(try Self.inputs(Self.photos), policy: .default, thumbnailSizes: []) }
            for item in pending { _ = try item.wait() }
            #expect(counting.mostAtOnce == 2)
            #expect(counting.started.count == 12)
        }

        @Test func aBatchWhoseWorkIsTakenIsNotKeptAliveByTheQueueWhileLaterBatchesRun() throws {
            // A finished batch holds its inputs and results; the queue must let go of it at once,
            // not when it next runs empty (a pipeline's queue never does: memory grew per record).
            let counting = RecordingProcessor()
            let batch = ImageBatchProcessor(processor: counting, workers: 1)
            var first: PendingImageBatch? = batch.start(try Self.inputs(["exif/Landscape_1.jpg"]), policy: .default, thumbnailSizes: [])
            let later = batch.start(try Self.inputs(Array(repeating: "exif/Landscape_2.jpg", count: 12)), policy: .reencode,
                                    thumbnailSizes: ImagingTests.sizes)
            _ = try first!.wait()
            weak let released = first
            first = nil
            let deadline = Date().addingTimeInterval(30)
            while released != nil, counting.started.count < 13, Date() < deadline { usleep(1_000) }
            let stillRunning = counting.started.count < 13
            #expect(released == nil && stillRunning, "the first batch was kept until the queue ran empty")
            _ = try later.wait()
        }

        @Test func thePipelineCommitsInOrderWhileTheNextItemIsBeingProcessed() throws {
            let counting = RecordingProcessor()
            let batch = ImageBatchProcessor(processor: counting, workers: 2)
            let items = [["exif/Landscape_1.jpg", "png/toucan.png"], ["exif/Landscape_3.jpg"], ["webp/test.webp", "exif/Landscape_8.jpg"]]
            var committed: [[String]] = []
            let outputs = try batch.pipeline(items, inputs: { try Self.inputs($0) }, policy: { _ in .default },
                                             thumbnailSizes: ImagingTests.sizes) { item, images in
                #expect(images.count == item.count)
                committed.append(item)
                if let next = items.dropFirst(committed.count).first {
                    // The next item's images are already being processed while this one commits:
                    // wait for it here (a pipeline that queued it only after the commit would time out).
                    let deadline = Date().addingTimeInterval(30)
                    while !counting.started.contains(next[0]), Date() < deadline { usleep(1_000) }
                    #expect(counting.started.contains(next[0]), "\(next[0]) did not start while \(item) was committing")
                }
                return images.map(\.sha256)
            }
            #expect(committed == items)
            #expect(outputs.map(\.count) == [2, 1, 2])
        }

        @Test func aFailedCommitStopsThePipelineAndCancelsWhatIsQueued() throws {
            struct Refused: Error {}
            let counting = RecordingProcessor()
            let batch = ImageBatchProcessor(processor: counting, workers: 1)
            let items = [["exif/Landscape_1.jpg"], ["exif/Landscape_2.jpg"], ["exif/Landscape_3.jpg"], ["exif/Landscape_4.jpg"]]
            var commits = 0
            #expect(throws: Refused.self) {
                _ = try batch.pipeline(items, inputs: { try Self.inputs($0) }, policy: { _ in .default }, thumbnailSizes: []) { _, _ in
                    commits += 1
                    if commits == 2 { throw Refused() }
                    return commits
                }
            }
            #expect(commits == 2)
            #expect(!counting.started.contains("exif/Landscape_4.jpg"), "an item after the failure was queued: \(counting.started)")
        }
    }
}

/// The real ``VipsImageProcessor`` with a record of which inputs it was asked to process and how
/// many it was processing at the same time.
final class RecordingProcessor: ImageProcessing {
    private struct State {
        var started: [String] = []
        var running = 0
        var mostAtOnce = 0
    }

    private let state = Mutex(State())
    let identifier = "recording " + ImagingTests.processor.identifier

    /// The names of the inputs in the order their processing started.
    var started: [String] { state.withLock { $0.started } }
    /// The most inputs processed at the same time.
    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }

    func process(_ input: ImageInput, policy: ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize]) throws -> ProcessedImage {
        state.withLock { state in
            state.started.append(input.name)
            state.running += 1
            state.mostAtOnce = max(state.mostAtOnce, state.running)
        }
        defer { state.withLock { $0.running -= 1 } }
        return try ImagingTests.processor.process(input, policy: policy, thumbnailSizes: thumbnailSizes)
    }

    func makeThumbnails(fromStored bytes: Data, name: String, sizes: [ThumbnailSize]) throws -> [EncodedThumbnail] {
        try ImagingTests.processor.makeThumbnails(fromStored: bytes, name: name, sizes: sizes)
    }
}
