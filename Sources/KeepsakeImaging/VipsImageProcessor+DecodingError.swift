import KeepsakeStore

extension VipsImageProcessor {
    /// Turns a failed header read or decode into `unsupportedImage` for valid files of a kind the
    /// decoders cannot read, and `corruptImage` for everything else.
    ///
    /// The decision rests on the bytes wherever it can (a JPEG's frame header, a HEIF's item
    /// types): libvips keeps one error buffer for the whole process, so under concurrent failures
    /// its text may belong to another image, and only the detail shown to the user depends on it.
    static func decodingError(_ failure: VipsFailure, format: SourceFormat.AcceptedFormat,
                              bytes: UnsafeRawBufferPointer, name: String) -> KeepsakeError {
        switch format {
        case .jpeg:
            if let reason = JPEGFrameHeader.find(in: bytes)?.unsupportedReason {
                return .unsupportedImageKind(name, reason: reason)
            }
        case .heif:
            if containsUncompressedHEIFItem(bytes) {
                return .unsupportedImageKind(name, reason: "it stores its pixels uncompressed (ISO/IEC 23001-17), which the HEIF decoder cannot read")
            }
            if failure.detail.contains("Unsupported") || failure.detail.contains("unsupported") {
                return .unsupportedImageKind(name, reason: "the HEIF decoder does not support how it is encoded (\(failure.plainDetail))")
            }
        case .png, .webp, .gif:
            break
        }
        return .corruptImage(name, format: format.displayName, detail: failure.plainDetail)
    }

    /// Whether the HEIF `meta` box (in the first 64 KiB) declares an uncompressed (`unci`) item.
    private static func containsUncompressedHEIFItem(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let needle: [UInt8] = Array("unci".utf8)
        let window = bytes.prefix(65_536)
        guard window.count >= needle.count else { return false }
        return (0...(window.count - needle.count)).contains { start in
            (0..<needle.count).allSatisfy { window[start + $0] == needle[$0] }
        }
    }
}
