import Foundation

extension Store {
    /// Decodes, normalises, encodes and hashes images through the instance's batch processor
    /// (``StoreOptions/processingConcurrency`` at once, hashing filling the gaps); throws the first
    /// failure in input order.
    func process(_ inputs: [ImageInput], policy: ImageEncodingPolicy) throws -> [StagedImage] {
        guard !inputs.isEmpty else { return [] }
        return try batchProcessor.process(inputs, policy: policy, thumbnailSizes: options.thumbnailSizes).map(StagedImage.init)
    }

    /// Reads the bytes of new images (input files may be outside the store, and may be links).
    func loadInputs(_ sources: [ImageSource]) throws -> [ImageInput] {
        try sources.map { try $0.loadInput(limit: options.maxInputBytes) }
    }
}

extension StagedImage {
    /// The staged form of what the batch processor made.
    init(_ image: HashedImage) {
        self.init(processed: image.processed, sha256: image.sha256, sourceSHA256: image.sourceSHA256)
    }
}
