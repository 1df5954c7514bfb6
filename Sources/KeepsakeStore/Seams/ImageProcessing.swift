public import Foundation

/// Turns uploaded image bytes into what the store keeps: a normalised original plus thumbnails.
///
/// The engine calls a processor outside any database transaction, possibly from several threads at
/// once (one call per image), so implementations must be thread-safe. Every failure is a
/// ``KeepsakeError`` with code ``KeepsakeError/Code/corruptImage``,
/// ``KeepsakeError/Code/unsupportedImage`` or ``KeepsakeError/Code/imageTooLarge`` that names
/// ``ImageInput/name``.
public protocol ImageProcessing: Sendable {
    /// A short stable name of this processor and its settings (for status output and logs).
    var identifier: String { get }

    /// Decodes `input` (by content, never by file name), applies orientation, strips metadata as
    /// `policy` says, encodes the original to store and makes one thumbnail per entry of `sizes`.
    func process(_ input: ImageInput, policy: ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize]) throws -> ProcessedImage

    /// Makes thumbnails again from an original the store already holds (after the cache was cleared).
    func makeThumbnails(fromStored bytes: Data, name: String, sizes: [ThumbnailSize]) throws -> [EncodedThumbnail]
}

/// Bytes of one image as handed to the store, with a name used only in error messages.
public struct ImageInput: Sendable {
    /// The raw bytes, exactly as uploaded.
    public var bytes: Data
    /// A name for messages: the user's file name or a description such as "upload 2".
    public var name: String

    /// Creates an input from bytes and a display name.
    public init(bytes: Data, name: String) {
        self.bytes = bytes
        self.name = name
    }
}

/// How originals are encoded when they are stored.
public struct ImageEncodingPolicy: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stored format of the original.
    public enum Format: Sendable, Hashable, Codable {
        /// JPEG input is kept as the camera wrote it: its compressed data is not decoded and encoded
        /// again. The metadata segments are dropped by rewriting the file's marker segments (the ICC
        /// profile stays), and the EXIF orientation is applied with a lossless transform of the DCT
        /// coefficients. Every other input, and a JPEG whose orientation cannot be applied
        /// losslessly (a side that is not a whole number of MCUs where the transform needs it), is
        /// re-encoded as ``jpeg(quality:)`` with `fallbackQuality`. The store default.
        case losslessJPEG(fallbackQuality: Int)
        /// Re-encode as JPEG with this quality (1...100). Images with alpha are stored as PNG instead,
        /// so transparency is never lost silently.
        case jpeg(quality: Int)
        /// Re-encode as lossless PNG.
        case png
        /// Keep the uploaded bytes untouched (fastest and lossless; orientation and metadata stay as
        /// they were in the file, and readers must honour them).
        case original
    }

    /// The stored format.
    public var format: Format
    /// Keep EXIF/XMP/ICC metadata (including GPS) instead of stripping it. Off by default.
    public var keepMetadata: Bool

    /// Creates a policy; without arguments, the store default (``default``).
    public init(format: Format = .losslessJPEG(fallbackQuality: 80), keepMetadata: Bool = false) {
        self.format = format
        self.keepMetadata = keepMetadata
    }

    /// JPEG input stored losslessly (upright, metadata stripped, ICC profile kept), anything else
    /// re-encoded as JPEG quality 80: the store default.
    public static let `default` = ImageEncodingPolicy()

    /// The lossless JPEG path with metadata stripped: the same as ``default``.
    public static let lossless = ImageEncodingPolicy(format: .losslessJPEG(fallbackQuality: 80))

    /// Every input re-encoded as JPEG quality 80, metadata stripped (seed 000's `jpegData(0.8)`):
    /// smaller files than ``lossless`` for camera JPEGs saved at high quality.
    public static let reencode = ImageEncodingPolicy(format: .jpeg(quality: 80))

    /// A short name for status output: `lossless JPEG (others: JPEG q80)`, `JPEG q80`, `PNG` or
    /// `original bytes`, followed by `, metadata kept` or `, metadata stripped`.
    public var description: String {
        let stored = switch format {
        case .losslessJPEG(let quality): "lossless JPEG (others: JPEG q\(quality))"
        case .jpeg(let quality): "JPEG q\(quality)"
        case .png: "PNG"
        case .original: "original bytes"
        }
        return stored + (keepMetadata || format == .original ? ", metadata kept" : ", metadata stripped")
    }
}

/// The longest edge, in pixels, of a thumbnail variant.
public struct ThumbnailSize: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Longest edge in pixels.
    public let maxPixels: Int

    /// Creates a size; `maxPixels` must be positive.
    public init(maxPixels: Int) {
        precondition(maxPixels > 0, "thumbnail size must be positive")
        self.maxPixels = maxPixels
    }

    /// 256 px: list rows and grids.
    public static let small = ThumbnailSize(maxPixels: 256)
    /// 1024 px: entry pages and previews.
    public static let large = ThumbnailSize(maxPixels: 1024)
    /// The variants made on ingest.
    public static let standard: [ThumbnailSize] = [.small, .large]

    public static func < (lhs: ThumbnailSize, rhs: ThumbnailSize) -> Bool { lhs.maxPixels < rhs.maxPixels }
    public var description: String { "\(maxPixels)" }
}

/// Encoded formats Keepsake stores, for originals and thumbnails.
public enum StoredImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case jpeg, png, webp, gif, heif, avif

    /// The file extension used in the store.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        case .heif: "heic"
        case .avif: "avif"
        }
    }

    /// The MIME type served for it.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .heif: "image/heic"
        case .avif: "image/avif"
        }
    }

    /// The format with this file extension, if any.
    public init?(fileExtension: String) {
        guard let match = Self.allCases.first(where: { $0.fileExtension == fileExtension.lowercased() }) else { return nil }
        self = match
    }
}

/// What a processor hands back for one image.
public struct ProcessedImage: Sendable {
    /// The bytes to store as the original.
    public var bytes: Data
    /// Their format.
    public var format: StoredImageFormat
    /// Upright width in pixels.
    public var width: Int
    /// Upright height in pixels.
    public var height: Int
    /// The capture date from EXIF (`DateTimeOriginal`), when the file carries one.
    public var capturedAt: Date?
    /// One entry per requested size.
    public var thumbnails: [EncodedThumbnail]

    /// Creates a result.
    public init(bytes: Data, format: StoredImageFormat, width: Int, height: Int, capturedAt: Date?, thumbnails: [EncodedThumbnail]) {
        self.bytes = bytes
        self.format = format
        self.width = width
        self.height = height
        self.capturedAt = capturedAt
        self.thumbnails = thumbnails
    }
}

/// One encoded thumbnail.
public struct EncodedThumbnail: Sendable {
    /// The variant.
    public var size: ThumbnailSize
    /// Encoded bytes.
    public var bytes: Data
    /// JPEG for opaque images; PNG or WebP where there is alpha.
    public var format: StoredImageFormat
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a thumbnail value.
    public init(size: ThumbnailSize, bytes: Data, format: StoredImageFormat, width: Int, height: Int) {
        self.size = size
        self.bytes = bytes
        self.format = format
        self.width = width
        self.height = height
    }
}
