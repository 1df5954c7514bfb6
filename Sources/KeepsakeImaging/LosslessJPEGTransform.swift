import CTurboJPEG
import Foundation

/// A lossless JPEG transform through libjpeg-turbo's `tjTransform`: the DCT coefficients are moved
/// (rotated, mirrored) or only re-coded, never turned into pixels and quantised again.
///
/// A transform is "perfect" only when the image's sides are whole iMCUs where the operation needs
/// them (a mirror moves the partial blocks of the right or bottom edge to the left or top, where
/// JPEG cannot hold partial blocks). ``isPerfect(for:)`` says whether it is; the processor
/// re-encodes the photo instead of trimming its edge, so no pixel is ever lost.
enum LosslessJPEGTransform: Equatable {
    case none, mirrorHorizontal, rotate180, mirrorVertical, transpose, rotate90, transverse, rotate270

    /// The transform that turns a photo with EXIF orientation `orientation` (1–8) upright;
    /// `.none` for 1 and for invalid values.
    init(orientation: Int) {
        switch orientation {
        case 2: self = .mirrorHorizontal
        case 3: self = .rotate180
        case 4: self = .mirrorVertical
        case 5: self = .transpose
        case 6: self = .rotate90
        case 7: self = .transverse
        case 8: self = .rotate270
        default: self = .none
        }
    }

    /// Whether the upright image has width and height swapped.
    var swapsSides: Bool { [.transpose, .rotate90, .transverse, .rotate270].contains(self) }

    /// Whether the transform keeps every pixel of `frame`: the sides it moves are whole iMCUs.
    func isPerfect(for frame: JPEGLayout.Frame) -> Bool {
        let wholeWidth = frame.width % frame.mcuWidth == 0, wholeHeight = frame.height % frame.mcuHeight == 0
        switch self {
        case .none, .transpose: return true
        case .mirrorHorizontal, .rotate270: return wholeWidth
        case .mirrorVertical, .rotate90: return wholeHeight
        case .rotate180, .transverse: return wholeWidth && wholeHeight
        }
    }

    /// libjpeg-turbo's operation code.
    private var code: Int32 {
        switch self {
        case .none: Int32(TJXOP_NONE.rawValue)
        case .mirrorHorizontal: Int32(TJXOP_HFLIP.rawValue)
        case .rotate180: Int32(TJXOP_ROT180.rawValue)
        case .mirrorVertical: Int32(TJXOP_VFLIP.rawValue)
        case .transpose: Int32(TJXOP_TRANSPOSE.rawValue)
        case .rotate90: Int32(TJXOP_ROT90.rawValue)
        case .transverse: Int32(TJXOP_TRANSVERSE.rawValue)
        case .rotate270: Int32(TJXOP_ROT270.rawValue)
        }
    }

    /// Applies the transform to a whole JPEG file and returns the new file: Huffman-coded (an
    /// arithmetic-coded input is re-coded), progressive when `progressive`, with no marker segments
    /// but the JFIF or Adobe header libjpeg writes for its colour space (the caller carries over
    /// what should be kept). Refuses an imperfect transform instead of trimming the edge.
    ///
    /// Warnings are not failures here: the same bytes are decoded strictly at the same time, and
    /// that decode decides whether they are sound.
    func apply(to bytes: Data, progressive: Bool) throws(VipsFailure) -> Data {
        guard let handle = tjInitTransform() else {
            throw VipsFailure("libjpeg-turbo could not start a transform: " + String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        var transform = tjtransform()
        transform.op = code
        transform.options = TJXOPT_PERFECT | TJXOPT_COPYNONE | (progressive ? TJXOPT_PROGRESSIVE : 0)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = bytes.withUnsafeBytes { raw in
            tjTransform(handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), 1, &output, &outputSize, &transform, 0)
        }
        guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue), let output, outputSize > 0 else {
            let detail = String(cString: tjGetErrorStr2(handle))
            tjFree(output)
            throw VipsFailure(detail)
        }
        return Data(bytesNoCopy: output, count: Int(outputSize), deallocator: .custom { pointer, _ in tjFree(pointer.assumingMemoryBound(to: UInt8.self)) })
    }
}
