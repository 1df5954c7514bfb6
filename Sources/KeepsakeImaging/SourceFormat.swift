import CVips

/// The kind of image some bytes hold, as detected from their content by libvips.
///
/// Only ``accepted`` kinds are decoded; every other kind is refused with a message that names it.
enum SourceFormat: Equatable {
    /// JPEG, PNG, WebP, HEIF (HEIC and AVIF) or GIF: decoded with the matching libvips loader.
    case accepted(AcceptedFormat)
    /// Something libvips recognises but Keepsake does not accept, described with its article ("a TIFF
    /// image").
    case refused(String)

    /// The formats Keepsake decodes.
    enum AcceptedFormat: Equatable {
        case jpeg, png, webp, heif, gif

        /// The C loader selector.
        var loader: CVipsLoader {
            switch self {
            case .jpeg: CVIPS_LOADER_JPEG
            case .png: CVIPS_LOADER_PNG
            case .webp: CVIPS_LOADER_WEBP
            case .heif: CVIPS_LOADER_HEIF
            case .gif: CVIPS_LOADER_GIF
            }
        }

        /// A readable name for messages.
        var displayName: String {
            switch self {
            case .jpeg: "JPEG"
            case .png: "PNG"
            case .webp: "WebP"
            case .heif: "HEIF"
            case .gif: "GIF"
            }
        }
    }

    /// The list of accepted formats, for messages.
    static let acceptedList = "JPEG, PNG, WebP, HEIC/HEIF, AVIF and GIF"

    /// Detects the format of `bytes` by content; `nil` when libvips recognises nothing.
    static func detect(_ bytes: UnsafeRawBufferPointer) -> SourceFormat? {
        guard let name = cvips_find_load_buffer(bytes.baseAddress, bytes.count) else { return nil }
        return SourceFormat(loaderClassName: String(cString: name))
    }

    /// Maps a libvips loader class name such as "VipsForeignLoadJpegBuffer" to a format.
    init(loaderClassName name: String) {
        var core = name
        if core.hasPrefix("VipsForeignLoad") { core.removeFirst("VipsForeignLoad".count) }
        for suffix in ["Buffer", "Source", "File"] where core.hasSuffix(suffix) {
            core.removeLast(suffix.count)
        }
        switch core {
        case "Jpeg": self = .accepted(.jpeg)
        case "Png": self = .accepted(.png)
        case "Webp": self = .accepted(.webp)
        case "Heif": self = .accepted(.heif)
        case "Nsgif", "Gif": self = .accepted(.gif)
        case "Tiff": self = .refused("a TIFF image")
        case "Svg": self = .refused("an SVG image")
        case "Pdf": self = .refused("a PDF image")
        case "Jp2k": self = .refused("a JPEG 2000 image")
        case "Jxl": self = .refused("a JPEG XL image")
        case "Magick", "Magick7": self = .refused("an image in a format only ImageMagick reads")
        case "Ppm": self = .refused("a PPM/PNM image")
        case "Rad": self = .refused("a Radiance HDR image")
        case "Fits": self = .refused("a FITS image")
        case "Openexr": self = .refused("an OpenEXR image")
        case "Openslide": self = .refused("a slide-scanner image")
        case "Vips": self = .refused("a VIPS image")
        case "Mat": self = .refused("a MATLAB image")
        case "Matrix": self = .refused("a libvips matrix image")
        case "Csv": self = .refused("a CSV image")
        case "Analyze": self = .refused("an Analyze image")
        default: self = .refused("a \(core.isEmpty ? name : core) image")
        }
    }
}
