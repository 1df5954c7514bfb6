import KeepsakeStore

/// The errors of the imaging stage, phrased once so every message names the image and says what to
/// do. Image bytes never appear in a message.
extension KeepsakeError {
    /// libvips could not start, so no image can be processed.
    static func imagingUnavailable(_ detail: String) -> KeepsakeError {
        KeepsakeError(.unsupportedImage, "Images cannot be processed: libvips failed to start (\(detail)). Check that libvips is installed.")
    }

    /// The input has no bytes.
    static func emptyImage(_ name: String) -> KeepsakeError {
        KeepsakeError(.corruptImage, "\(name) is empty (0 bytes): there is no image to store.")
    }

    /// The input is larger than the byte limit.
    static func imageFileTooLarge(_ name: String, bytes: Int, limit: Int) -> KeepsakeError {
        KeepsakeError(.imageTooLarge, "\(name) is \(megabytes(bytes)) and the limit is \(megabytes(limit)) per image: reduce its size and try again.")
    }

    /// The header announces more pixels, or a longer side, than the limits allow.
    static func imageTooManyPixels(_ name: String, width: Int, height: Int, limits: VipsLimits) -> KeepsakeError {
        let area = width.multipliedReportingOverflow(by: height)
        let size = area.overflow ? "more than \(megapixels(Int.max))" : megapixels(area.partialValue)
        return KeepsakeError(.imageTooLarge, "\(name) is \(width) × \(height) pixels (\(size)); the limit is \(megapixels(limits.maxPixels)) and \(limits.maxDimension) pixels on a side. Scale it down and try again.")
    }

    /// libvips recognises no image format in the bytes.
    static func unrecognisedImage(_ name: String) -> KeepsakeError {
        KeepsakeError(.corruptImage, "\(name) is not an image Keepsake can read: its content matches none of the accepted formats (\(SourceFormat.acceptedList)).")
    }

    /// The bytes hold an image of a format Keepsake does not accept.
    static func refusedImageFormat(_ name: String, kind: String) -> KeepsakeError {
        KeepsakeError(.unsupportedImage, "\(name) is \(kind); Keepsake accepts \(SourceFormat.acceptedList). Convert it to JPEG or PNG and try again.")
    }

    /// A valid image of an accepted format, of a kind the decoder cannot read.
    static func unsupportedImageKind(_ name: String, reason: String) -> KeepsakeError {
        KeepsakeError(.unsupportedImage, "\(name) cannot be read: \(reason). Convert it to an ordinary 8-bit JPEG or PNG and try again.")
    }

    /// The decoder failed on damaged, truncated or invalid data.
    static func corruptImage(_ name: String, format: String, detail: String) -> KeepsakeError {
        let because = detail.isEmpty ? "" : " (\(detail))"
        return KeepsakeError(.corruptImage, "\(name) could not be read as a \(format) image: the file is damaged or incomplete\(because). Nothing was stored; try the original file again.")
    }

    /// An encoding or conversion step failed after the image decoded.
    static func imageProcessingFailed(_ name: String, step: String, detail: String) -> KeepsakeError {
        let because = detail.isEmpty ? "" : " (\(detail))"
        return KeepsakeError(.unsupportedImage, "\(name) decoded, but \(step) failed\(because). Convert it to an ordinary JPEG or PNG and try again.")
    }

    private static func megapixels(_ pixels: Int) -> String {
        let value = Double(pixels) / 1_000_000
        return value >= 10 ? "\(Int(value.rounded())) megapixels" : "\((value * 10).rounded() / 10) megapixels"
    }

    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value >= 10 ? "\(Int(value.rounded())) MiB" : "\((value * 10).rounded() / 10) MiB"
    }
}
