import Foundation
import Synchronization

extension Store {
    /// Decodes, normalises and encodes images, several at once; throws the first failure in order.
    func process(_ inputs: [ImageInput], policy: ImageEncodingPolicy) throws -> [StagedImage] {
        guard !inputs.isEmpty else { return [] }
        let results = Mutex<[Int: Result<StagedImage, any Error>]>([:])
        let processor = imageProcessor
        let sizes = options.thumbnailSizes
        let work: @Sendable (Int) -> Void = { index in
            let input = inputs[index]
            let outcome = Result<StagedImage, any Error> {
                let processed = try processor.process(input, policy: policy, thumbnailSizes: sizes)
                return StagedImage(processed: processed, sha256: SHA256.hex(processed.bytes), sourceSHA256: SHA256.hex(input.bytes))
            }
            results.withLock { $0[index] = outcome }
        }
        if inputs.count == 1 || options.processingConcurrency <= 1 {
            for index in inputs.indices { work(index) }
        } else {
            // concurrentPerform uses the machine's cores; limit by striding over a fixed worker count.
            let workers = min(options.processingConcurrency, inputs.count)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: inputs.count, by: workers) { work(index) }
            }
        }
        let collected = results.withLock { $0 }
        return try inputs.indices.map { try collected[$0]!.get() }
    }

    /// Reads the bytes of new images (input files may be outside the store, and may be links).
    func loadInputs(_ sources: [ImageSource]) throws -> [ImageInput] {
        try sources.map { try $0.loadInput(limit: options.maxInputBytes) }
    }
}
