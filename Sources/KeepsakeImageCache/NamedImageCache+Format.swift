public import KeepsakeStore

extension NamedImageCache {
    /// How an image is encoded when it is saved (seed 004: PNG keeps every pixel and transparency,
    /// JPEG is smaller and lossy).
    public enum Format: Sendable, Hashable {
        /// Lossless PNG, transparency kept; the file is `<name>.png`.
        case png
        /// JPEG at this quality (1...100); the file is `<name>.jpg`. An image with transparency is
        /// stored as PNG instead (`<name>.png`), so transparency is never lost silently.
        case jpeg(quality: Int)

        /// The encoding policy handed to the image processor (metadata such as GPS is stripped).
        public var policy: ImageEncodingPolicy {
            switch self {
            case .png: ImageEncodingPolicy(format: .png)
            case .jpeg(let quality): ImageEncodingPolicy(format: .jpeg(quality: quality))
            }
        }

        /// Throws `.invalidArgument` for a JPEG quality outside 1...100.
        func check() throws {
            if case .jpeg(let quality) = self, !(1...100).contains(quality) {
                throw KeepsakeError(.invalidArgument, "JPEG quality must be between 1 and 100; \(quality) was given.")
            }
        }
    }

    /// The file extensions the cache writes, in lookup order.
    static let fileExtensions = [StoredImageFormat.png.fileExtension, StoredImageFormat.jpeg.fileExtension]
}
