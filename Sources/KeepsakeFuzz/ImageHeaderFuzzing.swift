import Foundation
import KeepsakeImaging
import KeepsakeStore

/// `png-chunks`: KeepsakeImaging's PNG chunk-length check that runs on uploaded bytes before
/// libpng. A reported chunk really claims more than the file holds and more than 1 MiB.
enum PNGChunkFuzzing {
    static let target = FuzzTarget(name: "png-chunks", summary: "PNGChunks.overlongChunk: a reported chunk really over-claims",
                                   check: check, seeds: seeds)

    static func check(_ data: Data) {
        data.withUnsafeBytes { bytes in
            guard let found = ImagingFuzzing.overlongPNGChunk(bytes) else { return }
            require(found.length > found.available && found.length > 1 << 20 && found.available >= 0 && found.available <= bytes.count,
                    "overlongChunk reported \(found) for \(bytes.count) bytes")
            require(found.type.utf8.count == 4, "chunk type \(found.type.debugDescription) is not four bytes")
        }
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["png", "png-corrupt"], extensions: [".png"], maxBytes: 64 << 10, into: folder)
    }
}

/// `jpeg-frame`: KeepsakeImaging's walk of JPEG marker segments to the start-of-frame header,
/// run on bytes libjpeg refused. A found header is an SOF marker (C0–CF but not C4, C8, CC).
enum JPEGFrameFuzzing {
    static let target = FuzzTarget(name: "jpeg-frame", summary: "JPEGFrameHeader.find: only SOF markers, any bytes",
                                   check: check, seeds: seeds)

    static func check(_ data: Data) {
        data.withUnsafeBytes { bytes in
            guard let header = ImagingFuzzing.jpegFrameHeader(bytes) else { return }
            require((0xC0...0xCF).contains(header.marker) && ![0xC4, 0xC8, 0xCC].contains(header.marker),
                    "find returned marker \(String(header.marker, radix: 16)), not a start of frame")
            require((0...255).contains(header.precision), "precision \(header.precision)")
            if header.unsupportedReason == nil { require(header.precision == 8, "a \(header.precision)-bit frame called decodable") }
        }
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["jpeg", "jpeg-corrupt", "exif"], extensions: [".jpg", ".jpeg"], maxBytes: 64 << 10, into: folder)
    }
}

/// `image`: the whole image ingest (KeepsakeImaging over the cvips.c shim and libvips): decode,
/// orient, encode, thumbnails. Any bytes: a result, or a refusal that is a KeepsakeError with an
/// image code; nothing else.
enum ImageFuzzing {
    static let target = FuzzTarget(name: "image", summary: "VipsImageProcessor.process (cvips.c, libvips): result or typed image refusal",
                                   check: check, seeds: seeds)

    static let processor = VipsImageProcessor()

    static func check(_ data: Data) {
        do {
            let result = try processor.process(ImageInput(bytes: data, name: "fuzz"), policy: ImageEncodingPolicy(), thumbnailSizes: [.small])
            require(!result.bytes.isEmpty && result.width > 0 && result.height > 0 && result.thumbnails.count == 1, "an accepted image stored \(result.bytes.count) bytes, \(result.width)×\(result.height), \(result.thumbnails.count) thumbnails")
        } catch let error as KeepsakeError {
            require([.corruptImage, .unsupportedImage, .imageTooLarge].contains(error.code), "refused with \(error.code.rawValue): \(error.message)")
        } catch {
            fatalError("keepsake-fuzz: an untyped error from image processing: \(error)")
        }
    }

    static func seeds(_ corpus: URL, _ folder: URL) throws {
        try copySeeds(from: corpus, ["png", "jpeg", "webp", "png-corrupt", "jpeg-corrupt"], extensions: [".png", ".jpg", ".jpeg", ".webp"],
                      maxBytes: 32 << 10, into: folder)
    }
}
