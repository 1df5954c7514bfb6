import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Testing

extension ImagingTests {
    /// Every file of the shared corpus, through the default policy.
    @Suite struct CorpusIngestTests {
        /// Valid images libvips 8.14 cannot decode, and the code and words each is refused with.
        static let expectedRefusals: [String: (code: KeepsakeError.Code, words: String)] = [
            "jpeg/monkey12.jpg": (.unsupportedImage, "12-bit JPEG"),
            "jpeg/jpeg_lossless_sel1.jpg": (.unsupportedImage, "lossless JPEG"),
            "heic/uncompressed_comp_RGB.heif": (.unsupportedImage, "uncompressed"),
            "png/65536-uint32-limit.png": (.imageTooLarge, "65536 × 65536 pixels"),
        ]

        /// Damaged files whose damage is in a part libvips tolerates; they may be stored if what is
        /// stored decodes cleanly.
        static let lenientlyDecoded: Set<String> = ["png-corrupt/badadler.png", "png-corrupt/empty_ancillary_chunks.png"]

        static let valid = Corpus.entries.filter { $0.verdict == "ok" }.map(\.path)
        static let corrupt = Corpus.entries.filter { $0.verdict == "corrupt" }.map(\.path)

        @Test func theCorpusIsPresent() {
            #expect(Self.valid.count >= 70, "no corpus at \(Corpus.root.path); set KEEPSAKE_CORPUS")
            #expect(Self.corrupt.count >= 30)
        }

        /// The upright size: the header size, with width and height swapped for EXIF orientations
        /// 5...8 (they turn the image a quarter). HEIF containers are already turned by libheif, so
        /// their header size is the upright one.
        static func uprightSize(of entry: Corpus.Entry) throws -> (width: Int, height: Int) {
            let parts = entry.vipsHeader.split(separator: "x").compactMap { Int($0) }
            try #require(parts.count == 2, "\(entry.path): manifest size \(entry.vipsHeader)")
            let isHEIF = ["heic", "heif", "hif", "avif"].contains((entry.path as NSString).pathExtension.lowercased())
            let turned = !isHEIF && ["5", "6", "7", "8"].contains(entry.orientation)
            return turned ? (parts[1], parts[0]) : (parts[0], parts[1])
        }

        @Test(arguments: valid)
        func everyValidImageIsStoredUprightOrRefusedWithItsReason(_ path: String) throws {
            if let refusal = Self.expectedRefusals[path] {
                let error = keepsakeError { _ = try ImagingTests.process(path) }
                #expect(error?.code == refusal.code, "\(path): \(String(describing: error))")
                #expect(error?.message.contains(path) == true)
                #expect(error?.message.contains(refusal.words) == true, "\(path): \(error?.message ?? "no error")")
                return
            }
            let entry = try #require(Corpus.entries.first { $0.path == path })
            let upright = try Self.uprightSize(of: entry)
            let result = try ImagingTests.process(path)

            #expect(result.width == upright.width && result.height == upright.height,
                    "\(path): stored \(result.width)x\(result.height), upright is \(upright.width)x\(upright.height)")
            #expect(result.format == .jpeg || result.format == .png)
            let stored = try ImagingTests.decodedSize(of: result.bytes, name: path)
            #expect(stored.width == result.width && stored.height == result.height)

            #expect(result.thumbnails.map(\.size) == ImagingTests.sizes)
            #expect(Set(result.thumbnails.map(\.format)).count == 1, "\(path): one thumbnail format per image")
            for thumbnail in result.thumbnails {
                try ImagingTests.expectThumbnail(thumbnail, of: result.width, by: result.height, name: path)
            }
        }

        @Test(arguments: corrupt)
        func everyDamagedFileIsRefusedWithATypedError(_ path: String) throws {
            let name = "upload of \(path)"
            do {
                let result = try ImagingTests.processor.process(ImageInput(bytes: ImagingTests.bytes(path), name: name),
                                                                policy: .default, thumbnailSizes: ImagingTests.sizes)
                #expect(Self.lenientlyDecoded.contains(path), "\(path) is damaged but was accepted")
                let stored = try ImagingTests.decodedSize(of: result.bytes, name: path)
                #expect(stored.width == result.width && stored.height == result.height)
            } catch let error as KeepsakeError {
                #expect(error.code == .corruptImage || error.code == .unsupportedImage, "\(path): \(error.code)")
                #expect(error.message.contains(name), "\(path): \(error.message)")
            }
        }
    }
}
