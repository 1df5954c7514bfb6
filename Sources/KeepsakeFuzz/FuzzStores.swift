import Foundation
import KeepsakeStore

/// Scratch stores of the fuzz targets: under /dev/shm when it exists (fsync is cheap there),
/// one folder per target and process, removed when the process starts again.
enum FuzzStores {
    static func folder(_ label: String) -> URL {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("keepsake-fuzz-\(label)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// An image processor for stores whose fuzz target never stores an image: it refuses every image.
struct NoImages: ImageProcessing {
    var identifier: String { "none" }
    func process(_ input: ImageInput, policy: ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize]) throws -> ProcessedImage {
        throw KeepsakeError(.unsupportedImage, "This fuzz store keeps no images.")
    }
    func makeThumbnails(fromStored bytes: Data, name: String, sizes: [ThumbnailSize]) throws -> [EncodedThumbnail] {
        throw KeepsakeError(.unsupportedImage, "This fuzz store keeps no images.")
    }
}
