import Foundation

/// The EXIF orientation tag (0x0112 in IFD0) of a JPEG's `APP1` "Exif" segment, set to 1 in place.
///
/// Used when metadata is kept on the lossless JPEG path: the pixels are already turned upright, so
/// a reader must not turn them again. Only the two value bytes change; the rest of the EXIF block
/// (offsets included) stays exactly as the camera wrote it, which libexif's rewrite on the
/// re-encode path cannot promise.
enum EXIFOrientation {
    /// `segment` (a whole `FF E1` segment starting `Exif\0\0`) with its orientation set to 1; the
    /// segment unchanged when it has no orientation tag; `nil` when its TIFF structure cannot be
    /// read (the caller drops it rather than store a tag that would turn the photo twice).
    static func settingToOne(segment: Data) -> Data? {
        var bytes = [UInt8](segment)
        let tiff = 4 + 6  // FF E1, length, "Exif\0\0"
        guard bytes.count >= tiff + 8 else { return nil }
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read16(_ at: Int) -> Int? {
            guard at >= tiff, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func read32(_ at: Int) -> Int? {
            guard let high = read16(little ? at + 2 : at), let low = read16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard read16(tiff + 2) == 42, let ifdOffset = read32(tiff + 4), let entries = read16(tiff + ifdOffset) else { return nil }
        let first = tiff + ifdOffset + 2
        guard first + entries * 12 <= bytes.count else { return nil }
        for entry in 0..<entries {
            let at = first + entry * 12
            guard read16(at) == 0x0112 else { continue }
            // SHORT, count 1: the value sits in the first two bytes of the value field.
            guard read16(at + 2) == 3, read32(at + 4) == 1 else { return nil }
            bytes[at + 8] = little ? 1 : 0
            bytes[at + 9] = little ? 0 : 1
            return Data(bytes)
        }
        return segment
    }
}
