import Foundation
import CVips

/// One libvips image reference, released when this object goes away.
///
/// Images opened from a buffer read that buffer lazily: such an image, and everything made from it
/// before ``decoded()`` or ``copyToMemory()``, must not outlive the buffer. The processor keeps every `VipsImage`
/// inside the `withUnsafeBytes` call that lends it the input bytes.
///
/// Not `Sendable`: one call of the processor makes, uses and drops its own images on one thread.
final class VipsImage {
    private let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        cvips_image_unref(pointer)
    }

    /// Wraps the result of a C call that returns a new image or NULL with an error text.
    private static func wrap(_ result: OpaquePointer?, _ error: UnsafeMutablePointer<CChar>?) throws(VipsFailure) -> VipsImage {
        guard let result else { throw VipsFailure(taking: error) }
        cvips_free(error)
        return VipsImage(result)
    }

    // MARK: Opening

    /// Opens `buffer` with `loader`, reading only the header; `strict` makes decoder warnings
    /// errors too. See `cvips_load_buffer`.
    static func open(_ buffer: UnsafeRawBufferPointer, loader: CVipsLoader, strict: Bool) throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        let image = cvips_load_buffer(buffer.baseAddress, buffer.count, loader, strict ? 1 : 0, &error)
        return try wrap(image, error)
    }

    /// Opens a JPEG like ``open(_:loader:strict:)``, decoded at 1/`shrink` of its size (1, 2, 4 or
    /// 8) by libjpeg's DCT scaling; every coefficient is still read, so damage is still found.
    static func openJPEG(_ buffer: UnsafeRawBufferPointer, shrink: Int, strict: Bool) throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        let image = cvips_load_jpeg_shrunk(buffer.baseAddress, buffer.count, Int32(shrink), strict ? 1 : 0, &error)
        return try wrap(image, error)
    }

    /// A thumbnail made straight from encoded bytes, with shrink-on-load where the format allows
    /// it, orientation applied and damaged data treated as an error.
    static func thumbnail(of buffer: UnsafeRawBufferPointer, maxEdge: Int) throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        let image = cvips_thumbnail_buffer(buffer.baseAddress, buffer.count, Int32(clamping: maxEdge), &error)
        return try wrap(image, error)
    }

    // MARK: Header

    /// Width in pixels.
    var width: Int { Int(cvips_image_width(pointer)) }
    /// Height in pixels.
    var height: Int { Int(cvips_image_height(pointer)) }
    /// Whether there is an alpha channel.
    var hasAlpha: Bool { cvips_image_has_alpha(pointer) != 0 }
    /// Whether the pixels are already 8-bit sRGB or grey with no ICC profile, or with one that is
    /// sRGB (see ``ICCProfile``): converting them to sRGB would change nothing.
    var isPlainSRGB: Bool { cvips_image_is_plain_srgb(pointer, hasSRGBProfile ? 1 : 0) != 0 }

    /// Whether the image carries an ICC profile.
    var hasProfile: Bool {
        var data: UnsafeRawPointer?
        var length = 0
        return cvips_image_icc_profile(pointer, &data, &length) != 0
    }

    /// Whether the image carries an ICC profile that describes sRGB (or grey with sRGB's curve),
    /// so a colour transform through it would leave the pixels as they are.
    var hasSRGBProfile: Bool {
        var data: UnsafeRawPointer?
        var length = 0
        guard cvips_image_icc_profile(pointer, &data, &length) != 0, let data else { return false }
        return ICCProfile.isSRGB(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// A metadata field as text, or `nil` when the image does not have it.
    func field(_ name: String) -> String? {
        guard let text = cvips_image_field_string(pointer, name) else { return nil }
        defer { cvips_free(text) }
        return String(cString: text)
    }

    // MARK: Operations

    /// Decodes every pixel of a loaded image into memory, on this thread; damaged data fails here.
    func decoded() throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        return try Self.wrap(cvips_decode(pointer, &error), error)
    }

    /// Computes every pixel of a pipeline into memory with libvips' thread pool; see
    /// `cvips_copy_memory` for when not to use it on a loader's output.
    func copyToMemory() throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        return try Self.wrap(cvips_copy_memory(pointer, &error), error)
    }

    /// The image turned upright by its orientation tag, without the tag.
    func autorotated() throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        return try Self.wrap(cvips_autorot(pointer, &error), error)
    }

    /// The image in sRGB (or grey), 8 bits per sample unless `keep16Bit` and it has 16. An ICC
    /// profile is used for the conversion only when it is not sRGB already (no needless lcms work);
    /// an sRGB profile then stays attached, so an encoder that keeps metadata keeps it.
    func convertedToSRGB(keep16Bit: Bool) throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        return try Self.wrap(cvips_to_srgb(pointer, keep16Bit ? 1 : 0, hasSRGBProfile ? 0 : 1, &error), error)
    }

    /// Whether some pixel is not fully opaque: `false` without alpha or with an alpha channel that
    /// is opaque everywhere. Reads every pixel, so call it on an in-memory image.
    func hasTransparency() throws(VipsFailure) -> Bool {
        guard hasAlpha else { return false }
        var error: UnsafeMutablePointer<CChar>?
        switch cvips_alpha_is_opaque(pointer, &error) {
        case 1: return false
        case 0: return true
        default: throw VipsFailure(taking: error)
        }
    }

    /// The image without its alpha channel.
    func droppingAlpha() throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        return try Self.wrap(cvips_drop_alpha(pointer, &error), error)
    }

    /// The image shrunk so its longest edge is `maxEdge`; returned as is when it already fits.
    func resizedToFit(maxEdge: Int) throws(VipsFailure) -> VipsImage {
        var error: UnsafeMutablePointer<CChar>?
        return try Self.wrap(cvips_resize_to_fit(pointer, Int32(clamping: maxEdge), &error), error)
    }

    // MARK: Encoding

    /// JPEG bytes at `quality`; `strip` drops all metadata.
    func jpegData(quality: Int, strip: Bool, optimizeCoding: Bool) throws(VipsFailure) -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        var error: UnsafeMutablePointer<CChar>?
        let result = cvips_jpegsave(pointer, Int32(min(max(quality, 1), 100)), strip ? 1 : 0, optimizeCoding ? 1 : 0,
                                    &buffer, &length, &error)
        return try Self.take(result, buffer, length, error)
    }

    /// PNG bytes; `strip` drops all metadata.
    func pngData(strip: Bool) throws(VipsFailure) -> Data {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        var error: UnsafeMutablePointer<CChar>?
        let result = cvips_pngsave(pointer, strip ? 1 : 0, &buffer, &length, &error)
        return try Self.take(result, buffer, length, error)
    }

    /// Hands a libvips-allocated buffer to `Data` without copying; `Data` frees it.
    private static func take(_ result: Int32, _ buffer: UnsafeMutableRawPointer?, _ length: Int,
                             _ error: UnsafeMutablePointer<CChar>?) throws(VipsFailure) -> Data {
        guard result == 0, let buffer else {
            cvips_free(buffer)
            throw VipsFailure(taking: error)
        }
        cvips_free(error)
        return Data(bytesNoCopy: buffer, count: length, deallocator: .custom { pointer, _ in cvips_free(pointer) })
    }
}
