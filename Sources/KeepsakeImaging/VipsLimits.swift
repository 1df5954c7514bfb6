/// Limits a ``VipsImageProcessor`` enforces before it decodes any pixel.
///
/// Each limit is checked from the file size or the image header, so a decompression bomb (a small
/// file that claims billions of pixels) is refused in milliseconds with
/// `KeepsakeError.Code.imageTooLarge`, before any memory is spent on it.
///
/// Decoding needs about `width × height × channels × bytes per sample` of memory for the image
/// being processed (36 MB for a 12-megapixel photo; up to 400 MB at the default pixel limit), so
/// lower ``maxPixels`` on small machines.
public struct VipsLimits: Sendable, Hashable, Codable {
    /// The largest accepted input, in bytes.
    public var maxInputBytes: Int
    /// The largest accepted image area, width × height, in pixels.
    public var maxPixels: Int
    /// The largest accepted width or height, in pixels.
    public var maxDimension: Int

    /// Creates limits; the defaults suit phone and camera photos with a wide margin.
    ///
    /// - Parameters:
    ///   - maxInputBytes: The largest accepted input in bytes (default 100 MiB).
    ///   - maxPixels: The largest accepted width × height (default 100 megapixels).
    ///   - maxDimension: The largest accepted width or height (default 32 768).
    public init(maxInputBytes: Int = 100 * 1024 * 1024, maxPixels: Int = 100_000_000, maxDimension: Int = 32_768) {
        precondition(maxInputBytes > 0 && maxPixels > 0 && maxDimension > 0, "image limits must be positive")
        self.maxInputBytes = maxInputBytes
        self.maxPixels = maxPixels
        self.maxDimension = maxDimension
    }

    /// The default limits: 100 MiB, 100 megapixels, 32 768 pixels on a side.
    public static let `default` = VipsLimits()
}
