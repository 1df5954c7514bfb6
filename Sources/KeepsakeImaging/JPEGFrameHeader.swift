/// The start-of-frame header of a JPEG file: which coding process it uses and its sample precision.
///
/// libvips (through libjpeg-turbo 2.1) decodes only 8-bit sequential and progressive JPEG. When it
/// refuses a file, this header tells a valid JPEG of another kind (12-bit, lossless, hierarchical),
/// which is reported as unsupported, from a damaged one. Reading it from the bytes keeps that
/// decision independent of libvips' error text, which is shared by all threads.
struct JPEGFrameHeader: Equatable {
    /// The SOF marker byte, 0xC0...0xCF.
    var marker: UInt8
    /// Bits per sample.
    var precision: Int

    /// Why libjpeg-turbo cannot decode this frame, in plain words, or `nil` if it can.
    var unsupportedReason: String? {
        switch marker {
        case 0xC3, 0xCB:
            return "it is a lossless JPEG (SOF\(marker & 0x0F)), a kind the JPEG decoder cannot read"
        case 0xC5, 0xC6, 0xC7, 0xCD, 0xCE, 0xCF:
            return "it uses hierarchical JPEG coding (SOF\(marker & 0x0F)), which the JPEG decoder cannot read"
        default:
            return precision == 8 ? nil : "it is a \(precision)-bit JPEG, and the JPEG decoder reads only 8-bit JPEG"
        }
    }

    /// Finds the first frame header by walking the marker segments; `nil` if the bytes are not a
    /// JPEG or end before one.
    static func find(in bytes: UnsafeRawBufferPointer) -> JPEGFrameHeader? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            index += 2
            switch marker {
            case 0xFF:
                index -= 1 // fill byte: the next byte starts the marker again
            case 0x01, 0xD0...0xD7:
                continue // markers without a length
            case 0xD9, 0xDA:
                return nil // end of image or start of scan before any frame header
            default:
                guard index + 1 < bytes.count else { return nil }
                let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                guard length >= 2 else { return nil }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard index + 2 < bytes.count else { return nil }
                    return JPEGFrameHeader(marker: marker, precision: Int(bytes[index + 2]))
                }
                index += length
            }
        }
        return nil
    }
}
