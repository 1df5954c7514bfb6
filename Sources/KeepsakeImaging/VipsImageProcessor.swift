public import Foundation
public import KeepsakeStore

/// The libvips implementation of ``ImageProcessing``: checks, decodes, turns upright, strips and
/// encodes photos, and makes their thumbnails.
///
/// What it does to every image:
/// - Detects the format from the content (never the name) and accepts only JPEG, PNG, WebP,
///   HEIC/HEIF/AVIF and GIF (first frame); anything else is refused as
///   `KeepsakeError.Code.unsupportedImage`, naming what it is.
/// - Checks ``VipsLimits`` from the file size and the header before decoding any pixel, so a
///   decompression bomb costs milliseconds and no memory.
/// - Decodes every pixel once, on the calling thread, with libvips' `fail_on=error` (and, for
///   JPEG, every libjpeg warning but a few harmless ones treated as an error too): truncated or
///   damaged data is an error (`corruptImage`), never a grey image.
/// - Applies the EXIF orientation, so stored pixels and thumbnails are upright. (libheif already
///   applies a HEIF container's rotation and libvips then drops the EXIF tag, so HEIC images are
///   turned exactly once.)
/// - Converts to 8-bit sRGB (or grey) through the embedded ICC profile for JPEG output and for
///   thumbnails; strips EXIF (including GPS), XMP, IPTC and ICC unless the policy keeps metadata.
///
/// Thumbnails are made from the decoded pixels, largest first, each smaller one from the one
/// before; they are JPEG for opaque images and PNG (every size) for images with transparency.
///
/// Thread-safe: it holds only immutable settings, and libvips processes independent images on
/// several threads at once.
public final class VipsImageProcessor: ImageProcessing {
    /// The limits checked before decoding.
    public let limits: VipsLimits
    /// The JPEG quality (1...100) of thumbnails of opaque images.
    public let thumbnailQuality: Int
    /// The libvips version and thumbnail settings, e.g. `libvips-8.14.1/lanczos3/jpeg-q80+png`.
    public let identifier: String

    /// Creates a processor and starts libvips if this process has not yet.
    ///
    /// - Parameters:
    ///   - limits: The byte and pixel limits checked before decoding.
    ///   - thumbnailQuality: The JPEG quality of thumbnails, clamped to 1...100.
    public init(limits: VipsLimits = .default, thumbnailQuality: Int = 80) {
        self.limits = limits
        self.thumbnailQuality = min(max(thumbnailQuality, 1), 100)
        identifier = "libvips-\(VipsRuntime.version)/lanczos3/jpeg-q\(self.thumbnailQuality)+png"
        // Start now so the first photo does not pay for it; a failure is reported by each call.
        _ = try? VipsRuntime.start()
    }

    /// Decodes `input`, turns it upright, encodes the original as `policy` says and makes one
    /// thumbnail per entry of `thumbnailSizes` (in that order).
    ///
    /// - `.jpeg(quality:)` stores an upright 8-bit sRGB JPEG, or a PNG when the image has
    ///   transparency (an alpha channel that is not fully opaque).
    /// - `.png` stores an upright PNG, alpha and 16-bit samples kept.
    /// - `.original` stores `input.bytes` untouched, after decoding them fully once to prove they
    ///   are sound; the reported width and height are still the upright ones.
    ///
    /// - Throws: ``KeepsakeError`` with code `corruptImage`, `unsupportedImage` or `imageTooLarge`,
    ///   naming `input.name`.
    public func process(_ input: ImageInput, policy: ImageEncodingPolicy, thumbnailSizes: [ThumbnailSize]) throws -> ProcessedImage {
        let name = KeepsakeError.printable(input.name)  // it goes into messages: no control characters, not endless
        let format: ImageEncodingPolicy.Format
        switch policy.format {
        case .losslessJPEG(let fallbackQuality):
            if let kept = try losslessJPEG(input, keepMetadata: policy.keepMetadata, sizes: thumbnailSizes, name: name) {
                return kept
            }
            format = .jpeg(quality: fallbackQuality)
        case .jpeg, .png, .original:
            format = policy.format
        }
        return try decodeAndEncode(input, format: format, keepMetadata: policy.keepMetadata, sizes: thumbnailSizes, name: name)
    }

    /// The re-encode path (and `.original`): decodes every pixel once, turns the image upright and
    /// encodes the original as `format` says while the thumbnails are made from the same pixels on
    /// a second thread.
    private func decodeAndEncode(_ input: ImageInput, format: ImageEncodingPolicy.Format, keepMetadata: Bool,
                                 sizes thumbnailSizes: [ThumbnailSize], name: String) throws(KeepsakeError) -> ProcessedImage {
        try input.bytes.withBytes { bytes throws(KeepsakeError) in
            let loaded = try load(bytes, name: name)
            let decoded = loaded.pixels
            let transparent = try step(name, "reading its transparency") { () throws(VipsFailure) in
                try decoded.hasTransparency()
            }
            let upright = try step(name, "turning it upright") { () throws(VipsFailure) in try decoded.autorotated() }
            let capturedAt = CaptureDate.parse(dateTime: loaded.source.header.field(CaptureDate.dateTimeField),
                                               offset: loaded.source.header.field(CaptureDate.offsetField))

            let storedFormat: StoredImageFormat
            let thumbnailSource: VipsImage
            let encode: (() throws(KeepsakeError) -> Data)?
            switch format {
            case .original, .losslessJPEG:
                storedFormat = loaded.source.storedFormat
                thumbnailSource = upright
                encode = nil
            case .png:
                thumbnailSource = try displayable(upright, keep16Bit: true, reused: !thumbnailSizes.isEmpty, name: name)
                storedFormat = .png
                encode = { () throws(KeepsakeError) in
                    try self.step(name, "encoding it as PNG") { () throws(VipsFailure) in try thumbnailSource.pngData(strip: !keepMetadata) }
                }
            case .jpeg(let quality):
                let opaque = transparent || !upright.hasAlpha
                    ? upright
                    : try step(name, "removing its opaque alpha channel") { () throws(VipsFailure) in try upright.droppingAlpha() }
                let source = try displayable(opaque, keep16Bit: false, reused: !thumbnailSizes.isEmpty, name: name)
                thumbnailSource = source
                if transparent {
                    storedFormat = .png
                    encode = { () throws(KeepsakeError) in
                        try self.step(name, "encoding it as PNG") { () throws(VipsFailure) in try source.pngData(strip: !keepMetadata) }
                    }
                } else {
                    storedFormat = .jpeg
                    encode = { () throws(KeepsakeError) in
                        try self.step(name, "encoding it as JPEG") { () throws(VipsFailure) in
                            try source.jpegData(quality: quality, strip: !keepMetadata, optimizeCoding: false)
                        }
                    }
                }
            }
            let stored: Data
            let thumbnails: [EncodedThumbnail]
            if let encode, !thumbnailSizes.isEmpty {
                // Both only read the same in-memory pixels: the encoder here, the thumbnails there.
                let shared = SharedVipsImage(image: thumbnailSource)
                let (encoded, made) = TwoThreads.run(encode) { () throws(KeepsakeError) in
                    try self.makeThumbnails(from: shared.image, transparent: transparent, sizes: thumbnailSizes, name: name)
                }
                stored = try encoded.get()
                thumbnails = try made.get()
            } else {
                stored = try encode?() ?? input.bytes
                thumbnails = try makeThumbnails(from: thumbnailSource, transparent: transparent, sizes: thumbnailSizes, name: name)
            }
            return ProcessedImage(bytes: stored, format: storedFormat, width: upright.width, height: upright.height,
                                  capturedAt: capturedAt, thumbnails: thumbnails)
        }
    }

    /// Makes thumbnails again from an original the store holds, one per entry of `sizes` (in that
    /// order), upright and in the same formats ``process(_:policy:thumbnailSizes:)`` uses.
    ///
    /// The largest size is decoded with shrink-on-load where the format allows it (JPEG decodes
    /// at 1/2 to 1/8 scale, WebP at any scale), which is much faster than a full decode.
    ///
    /// - Throws: ``KeepsakeError`` with code `corruptImage`, `unsupportedImage` or `imageTooLarge`,
    ///   naming `name`.
    public func makeThumbnails(fromStored bytes: Data, name rawName: String, sizes: [ThumbnailSize]) throws -> [EncodedThumbnail] {
        guard let largest = sizes.max() else { return [] }
        let name = KeepsakeError.printable(rawName)
        return try bytes.withUnsafeBytes { bytes throws(KeepsakeError) in
            let source = try open(bytes, name: name)
            let base: VipsImage
            do throws(VipsFailure) {
                // libvips' thread pool overlaps decoding and shrinking. It can, rarely, lose a
                // decoder error (see `cvips_decode`); the stored bytes passed a strict decode on
                // ingest and `fsck` checks their hashes, so speed wins here.
                base = try VipsImage.thumbnail(of: bytes, maxEdge: largest.maxPixels).copyToMemory()
            } catch {
                throw Self.decodingError(error, format: source.format, bytes: bytes, name: name)
            }
            let transparent = try step(name, "reading its transparency") { () throws(VipsFailure) in
                try base.hasTransparency()
            }
            return try makeThumbnails(from: base, transparent: transparent, sizes: sizes, name: name)
        }
    }

    // MARK: - Stages

    /// An image whose header is read and within the limits.
    struct Source {
        /// The lazily decoding image; reads the caller's bytes.
        var header: VipsImage
        /// The detected format.
        var format: SourceFormat.AcceptedFormat

        /// The format of the input bytes, for `.original`.
        var storedFormat: StoredImageFormat {
            switch format {
            case .jpeg: .jpeg
            case .png: .png
            case .webp: .webp
            case .gif: .gif
            case .heif: header.field("heif-compression")?.hasPrefix("av1") == true ? .avif : .heif
            }
        }
    }

    /// A source with every pixel decoded.
    struct Loaded {
        /// The header and metadata.
        var source: Source
        /// The decoded pixels, in memory, as stored in the file (not yet turned upright).
        var pixels: VipsImage
    }

    /// Starts libvips, checks the byte limit and detects the format by content.
    func detect(_ bytes: UnsafeRawBufferPointer, name: String) throws(KeepsakeError) -> SourceFormat.AcceptedFormat {
        do {
            try VipsRuntime.start()
        } catch {
            throw .imagingUnavailable(error.plainDetail)
        }
        guard !bytes.isEmpty else { throw .emptyImage(name) }
        guard bytes.count <= limits.maxInputBytes else {
            throw .imageFileTooLarge(name, bytes: bytes.count, limit: limits.maxInputBytes)
        }
        switch SourceFormat.detect(bytes) {
        case nil: throw .unrecognisedImage(name)
        case .refused(let kind)?: throw .refusedImageFormat(name, kind: kind)
        case .accepted(let format)?:
            if format == .png, let chunk = PNGChunks.overlongChunk(bytes) {
                // libpng would allocate the declared length first (see PNGChunks).
                throw .corruptImage(name, format: format.displayName,
                                    detail: "its \(chunk.type) chunk claims \(chunk.length) bytes but only \(chunk.available) follow")
            }
            return format
        }
    }

    /// Reads the header (only) and checks the pixel limits; a failure is a libvips failure.
    func attemptOpen(_ bytes: UnsafeRawBufferPointer, format: SourceFormat.AcceptedFormat, strict: Bool,
                             name: String) throws(KeepsakeError) -> Result<Source, VipsFailure> {
        let header: VipsImage
        do {
            header = try VipsImage.open(bytes, loader: format.loader, strict: strict)
        } catch {
            return .failure(error)
        }
        let (width, height) = (header.width, header.height)
        let area = width.multipliedReportingOverflow(by: height)
        guard !area.overflow, area.partialValue <= limits.maxPixels,
              width <= limits.maxDimension, height <= limits.maxDimension else {
            throw .imageTooManyPixels(name, width: width, height: height, limits: limits)
        }
        return .success(Source(header: header, format: format))
    }

    /// Detects, checks and opens `bytes` without decoding pixels.
    func open(_ bytes: UnsafeRawBufferPointer, name: String) throws(KeepsakeError) -> Source {
        let format = try detect(bytes, name: name)
        switch try attemptOpen(bytes, format: format, strict: false, name: name) {
        case .success(let source): return source
        case .failure(let failure): throw Self.decodingError(failure, format: format, bytes: bytes, name: name)
        }
    }

    /// Detects, checks, opens and decodes every pixel of `bytes`, exactly once for a sound file.
    ///
    /// JPEG is decoded strictly, then, when the only complaint was a harmless warning (see
    /// ``JPEGWarning``), once more leniently; libjpeg reports some damage only as warnings.
    func load(_ bytes: UnsafeRawBufferPointer, name: String) throws(KeepsakeError) -> Loaded {
        let format = try detect(bytes, name: name)
        func attempt(strict: Bool) throws(KeepsakeError) -> Result<Loaded, VipsFailure> {
            switch try attemptOpen(bytes, format: format, strict: strict, name: name) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let source):
                do {
                    return .success(Loaded(source: source, pixels: try source.header.decoded()))
                } catch {
                    return .failure(error)
                }
            }
        }
        let strict = format == .jpeg
        var outcome = try attempt(strict: strict)
        if strict, case .failure = outcome {
            switch JPEGWarning.probe(bytes) {
            case .harmless: outcome = try attempt(strict: false)
            case .damage(let text): outcome = .failure(VipsFailure(text))
            case .none: break
            }
        }
        switch outcome {
        case .success(let loaded): return loaded
        case .failure(let failure): throw Self.decodingError(failure, format: format, bytes: bytes, name: name)
        }
    }

    /// `image` in sRGB or grey, 8 bits per sample unless `keep16Bit`; materialised in memory when
    /// the conversion does real work and its result is `reused` (encoded and then thumbnailed), so
    /// an ICC transform runs once.
    func displayable(_ image: VipsImage, keep16Bit: Bool, reused: Bool, name: String) throws(KeepsakeError) -> VipsImage {
        try step(name, "converting it to sRGB") { () throws(VipsFailure) in
            let converted = try image.convertedToSRGB(keep16Bit: keep16Bit)
            return reused && !image.isPlainSRGB ? try converted.copyToMemory() : converted
        }
    }

    /// One thumbnail per entry of `sizes`, made largest first, each from the previous one.
    func makeThumbnails(from source: VipsImage, transparent: Bool, sizes: [ThumbnailSize],
                                name: String) throws(KeepsakeError) -> [EncodedThumbnail] {
        var made: [ThumbnailSize: EncodedThumbnail] = [:]
        var current = source
        for size in Set(sizes).sorted(by: >) {
            let thumbnail = try step(name, "making its \(size)-pixel thumbnail") { () throws(VipsFailure) in
                var image = try current.resizedToFit(maxEdge: size.maxPixels).convertedToSRGB(keep16Bit: false)
                if !transparent && image.hasAlpha {
                    image = try image.droppingAlpha()
                }
                return try image.copyToMemory()
            }
            let (bytes, format) = try step(name, "encoding its \(size)-pixel thumbnail") { () throws(VipsFailure) in
                transparent
                    ? (try thumbnail.pngData(strip: true), StoredImageFormat.png)
                    : (try thumbnail.jpegData(quality: thumbnailQuality, strip: true, optimizeCoding: true), StoredImageFormat.jpeg)
            }
            made[size] = EncodedThumbnail(size: size, bytes: bytes, format: format, width: thumbnail.width, height: thumbnail.height)
            current = thumbnail
        }
        return sizes.compactMap { made[$0] }
    }

    /// Runs a libvips step that follows a successful decode; its failure is not the file's fault
    /// in an obvious way, so it is reported as unsupported with the step named.
    func step<T>(_ name: String, _ what: String, _ body: () throws(VipsFailure) -> T) throws(KeepsakeError) -> T {
        do {
            return try body()
        } catch {
            throw .imageProcessingFailed(name, step: what, detail: error.plainDetail)
        }
    }
}
