import CTurboJPEG

/// Sorts the warnings libjpeg-turbo gives while decoding into harmless ones and damage.
///
/// JPEG is decoded strictly first (every warning is an error), because libjpeg reports some real
/// damage only as a warning and then fills the missing rows with grey: "Corrupt JPEG data: premature
/// end of data segment", "bad Huffman code", "found marker … instead of RST…". A file whose first
/// warning is one of the harmless kinds below is decoded again leniently (libvips' `fail_on=error`,
/// which still stops on errors and on more than 100 warnings).
///
/// Which warning it was is asked of libjpeg-turbo itself, on the calling thread (``probe(_:)``),
/// never read from libvips' error text: libvips keeps that text in one buffer for the whole
/// process, so a failure on another thread can take the warning away or put its own in, and a
/// sound photo would be refused, or a damaged one accepted, depending on what else was decoding.
enum JPEGWarning {
    /// What a strict decode of a JPEG first complained about.
    enum Finding: Equatable {
        /// The file decodes without a warning or an error.
        case none
        /// The first warning loses no pixels (its text).
        case harmless(String)
        /// The first complaint is damage: an error, or a warning that stands for lost pixels (its text).
        case damage(String)
    }

    /// libjpeg-turbo warnings that lose no pixels.
    static let harmless = [
        "extraneous bytes before marker",                  // JWRN_EXTRANEOUS_DATA: junk between segments
        "unknown JFIF revision number",                    // JWRN_JFIF_MAJOR
        "thumbnail image size does not match data length", // JWRN_JFIF_BADTHUMBNAILSIZE
    ]

    /// Whether `warning`, one libjpeg message, is one of the ``harmless`` kinds.
    static func isHarmless(_ warning: String) -> Bool {
        harmless.contains { warning.contains($0) }
    }

    /// Decodes `bytes` once more through TurboJPEG, at 1/8 scale (the entropy decoding, where
    /// damage shows, is done in full; only the inverse DCT is smaller), stopping at the first
    /// warning, and says what it was. TurboJPEG keeps its messages per handle and per thread.
    static func probe(_ bytes: UnsafeRawBufferPointer) -> Finding {
        guard let handle = tjInitDecompress() else {
            return .damage("libjpeg-turbo could not start a decoder: " + String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        let data = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let size = UInt(bytes.count)
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        if tjDecompressHeader3(handle, data, size, &width, &height, &subsampling, &colorspace) != 0 {
            return finding(handle)
        }
        let eighth = tjscalingfactor(num: 1, denom: 8)
        let scaledWidth = (width * eighth.num + eighth.denom - 1) / eighth.denom
        let scaledHeight = (height * eighth.num + eighth.denom - 1) / eighth.denom
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = cmyk ? TJPF_CMYK : TJPF_GRAY
        let pixelSize = cmyk ? 4 : 1
        var pixels = [UInt8](repeating: 0, count: max(1, Int(scaledWidth) * Int(scaledHeight) * pixelSize))
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            tjDecompress2(handle, data, size, buffer.baseAddress, scaledWidth, 0, scaledHeight,
                          Int32(format.rawValue), TJFLAG_STOPONWARNING)
        }
        return status == 0 ? .none : finding(handle)
    }

    /// The finding for a TurboJPEG call on `handle` that did not succeed.
    private static func finding(_ handle: tjhandle) -> Finding {
        let text = String(cString: tjGetErrorStr2(handle))
        if tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), isHarmless(text) {
            return .harmless(text)
        }
        return .damage(text)
    }
}
