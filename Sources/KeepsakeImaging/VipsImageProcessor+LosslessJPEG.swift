import Foundation
import KeepsakeStore

extension VipsImageProcessor {
    /// The lossless JPEG path of ``ImageEncodingPolicy/Format/losslessJPEG(fallbackQuality:)``:
    /// the stored original is the input's own compressed data, and no full-size image is decoded.
    ///
    /// - The stored bytes: the input's marker segments written again without EXIF, XMP, IPTC,
    ///   comments, other application segments, MPF and whatever follows `EOI` (``JPEGLayout``);
    ///   the ICC profile, JFIF and Adobe headers stay. When the EXIF orientation is not 1, or the
    ///   file is arithmetic-coded (which browsers cannot show), its DCT coefficients go through
    ///   libjpeg-turbo's lossless transform first (``LosslessJPEGTransform``), on a second thread.
    /// - The thumbnails, and the proof that the file is sound: the input decoded strictly (as
    ///   ``process(_:policy:thumbnailSizes:)`` always does) but at 1/2, 1/4 or 1/8 of its size with
    ///   libjpeg's DCT scaling, the smallest scale that still gives the largest thumbnail size. Every
    ///   coefficient is read, so a damaged file is refused as on the re-encode path.
    ///
    /// Returns `nil` when this path does not apply and the caller re-encodes instead: the input is
    /// not a JPEG; it is CMYK/YCCK (a print file: converted to sRGB); its orientation needs a
    /// transform that is not perfect for its size (a side that is not a whole number of iMCUs
    /// where the transform moves it: trimming would lose those pixels, so it is re-encoded and keeps
    /// them); or its marker structure cannot be walked, or the transform fails, although the file
    /// decodes.
    func losslessJPEG(_ input: ImageInput, keepMetadata: Bool, sizes: [ThumbnailSize],
                      name: String) throws(KeepsakeError) -> ProcessedImage? {
        let header = try input.bytes.withBytes { bytes throws(KeepsakeError) -> LosslessPlan? in
            let format = try detect(bytes, name: name)
            guard format == .jpeg else { return nil }
            let source = try open(bytes, name: name)
            let orientation = source.header.field("orientation").flatMap { Int($0.prefix { $0.isNumber }) } ?? 1
            return LosslessPlan(width: source.header.width, height: source.header.height,
                                transform: LosslessJPEGTransform(orientation: orientation),
                                capturedAt: CaptureDate.parse(dateTime: source.header.field(CaptureDate.dateTimeField),
                                                              offset: source.header.field(CaptureDate.offsetField)))
        }
        guard let header, let layout = JPEGLayout(input.bytes),
              layout.frame.width == header.width, layout.frame.height == header.height,
              layout.frame.components != 4, header.transform.isPerfect(for: layout.frame) else { return nil }

        let keep: JPEGLayout.Keep = keepMetadata ? .allMetadata : .structureAndProfile
        let recode = header.transform != .none || layout.frame.isArithmetic
        let stored: Result<Data?, KeepsakeError>
        let thumbnails: Result<[EncodedThumbnail], KeepsakeError>
        let bytes = input.bytes
        let thumbnailWork: @Sendable () throws(KeepsakeError) -> [EncodedThumbnail] = {
            try self.losslessThumbnails(of: bytes, longestEdge: max(header.width, header.height), sizes: sizes, name: name)
        }
        if recode {
            (stored, thumbnails) = TwoThreads.run({ () throws(KeepsakeError) -> Data? in
                Self.transformed(layout, header.transform, keep: keep)
            }, thumbnailWork)
        } else {
            stored = .success(layout.rewritten(keep: keep))
            thumbnails = Result { () throws(KeepsakeError) in try thumbnailWork() }
        }
        let made = try thumbnails.get()  // the strict decode decides first: a damaged file is refused
        guard let bytes = try stored.get() else { return nil }
        let (width, height) = header.transform.swapsSides ? (header.height, header.width) : (header.width, header.height)
        return ProcessedImage(bytes: bytes, format: .jpeg, width: width, height: height,
                              capturedAt: header.capturedAt, thumbnails: made)
    }

    /// What the header says about a JPEG bound for the lossless path.
    private struct LosslessPlan {
        let width: Int
        let height: Int
        let transform: LosslessJPEGTransform
        let capturedAt: Date?
    }

    /// The file turned upright (or re-coded) losslessly, with the input's kept segments carried
    /// over; `nil` if libjpeg-turbo refuses, so the caller re-encodes.
    private static func transformed(_ layout: JPEGLayout, _ transform: LosslessJPEGTransform,
                                    keep: JPEGLayout.Keep) -> Data? {
        guard let coded = try? transform.apply(to: layout.bytes, progressive: layout.frame.isProgressive),
              let result = JPEGLayout(coded) else { return nil }
        return result.rewritten(keep: .structureAndProfile, inserting: layout.metadataSegments(keep: keep))
    }

    /// The DCT scale (1/1, 1/2, 1/4 or 1/8) to decode a JPEG whose longest edge is `longestEdge`
    /// at: the smallest whose result (rounded up, as libjpeg does) still covers `largest` pixels.
    static func shrinkOnLoad(longestEdge: Int, largest: Int) -> Int {
        [8, 4, 2].first { (longestEdge + $0 - 1) / $0 >= largest } ?? 1
    }

    /// Thumbnails of a JPEG from a strict decode at reduced scale (see ``losslessJPEG``), resized
    /// to the largest size as it decodes, strip by strip on this thread: only a few lines of the
    /// reduced-scale image are in memory at a time, and a decoder error still reaches this thread
    /// (see `cvips_decode`). The small image is then turned upright (a rotation of the thumbnail,
    /// not of the photo). With no sizes asked for, the decode (at 1/8) still runs, as the check that
    /// the file is sound.
    ///
    /// (Decoding at 3/8 through TurboJPEG instead, for a 1512-pixel image to reduce from, was
    /// tried and measured: 127–133 ms of CPU per 12 MP photo against 111–121 ms for this, in
    /// alternating runs, for 6 MB less peak memory.)
    private func losslessThumbnails(of data: Data, longestEdge: Int, sizes: [ThumbnailSize],
                                    name: String) throws(KeepsakeError) -> [EncodedThumbnail] {
        let largest = sizes.max()?.maxPixels
        let shrink = Self.shrinkOnLoad(longestEdge: longestEdge, largest: largest ?? 1)
        return try data.withBytes { bytes throws(KeepsakeError) in
            func attempt(strict: Bool) -> Result<VipsImage, VipsFailure> {
                Result { () throws(VipsFailure) in
                    let loaded = try VipsImage.openJPEG(bytes, shrink: shrink, strict: strict)
                    guard let largest else { return try loaded.decoded() }
                    return try loaded.resizedToFit(maxEdge: largest).decoded()
                }
            }
            var outcome = attempt(strict: true)
            if case .failure = outcome {
                switch JPEGWarning.probe(bytes) {
                case .harmless: outcome = attempt(strict: false)
                case .damage(let text): outcome = .failure(VipsFailure(text))
                case .none: break
                }
            }
            let decoded: VipsImage
            switch outcome {
            case .success(let image): decoded = image
            case .failure(let failure): throw Self.decodingError(failure, format: .jpeg, bytes: bytes, name: name)
            }
            guard !sizes.isEmpty else { return [] }
            let upright = try step(name, "turning it upright") { () throws(VipsFailure) in try decoded.autorotated() }
            return try makeThumbnails(from: upright, transparent: false, sizes: sizes, name: name)
        }
    }
}
