import Foundation

extension Store {
    /// Decodes, normalises, encodes and hashes images through the instance's batch processor
    /// (``StoreOptions/processingConcurrency`` at once, hashing filling the gaps); throws the first
    /// failure in input order.
    func process(_ inputs: [ImageInput], policy: ImageEncodingPolicy) throws -> [HashedImage] {
        guard !inputs.isEmpty else { return [] }
        return try batchProcessor.process(inputs, policy: policy, thumbnailSizes: options.thumbnailSizes)
    }

    /// Reads the bytes of new images (input files may be outside the store, and may be links).
    func loadInputs(_ sources: [ImageSource]) throws -> [ImageInput] {
        try sources.map { try $0.loadInput(limit: options.maxInputBytes) }
    }
}

extension HashedImage {
    /// The format of its thumbnails (part of their keys).
    var thumbnailFormat: StoredImageFormat { processed.thumbnails.first?.format ?? .jpeg }
}
