import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// The imaging tests: real libvips decodes of the shared corpus and of images made with the `vips`
/// command-line tool.
///
/// Serialized, so the memory test measures only its own work and the HEIC decodes (about a second
/// each) do not compete for the two cores with the timing-free but CPU-heavy tests.
@Suite(.serialized)
enum ImagingTests {
    /// One processor for all tests: it is immutable and thread-safe.
    static let processor = VipsImageProcessor()

    /// The thumbnail sizes made on ingest.
    static let sizes = ThumbnailSize.standard

    /// The bytes of a corpus file.
    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: Corpus.url(path))
    }

    /// Processes a corpus file with `policy` and the standard thumbnail sizes.
    static func process(_ path: String, policy: ImageEncodingPolicy = .default,
                        sizes: [ThumbnailSize] = ThumbnailSize.standard) throws -> ProcessedImage {
        try processor.process(ImageInput(bytes: bytes(path), name: path), policy: policy, thumbnailSizes: sizes)
    }

    /// Decodes `bytes` again, fully and strictly (fail_on=error), and returns the size libvips sees.
    static func decodedSize(of bytes: Data, name: String) throws -> (width: Int, height: Int) {
        let again = try processor.process(ImageInput(bytes: bytes, name: "re-decode of \(name)"),
                                          policy: ImageEncodingPolicy(format: .original), thumbnailSizes: [])
        return (again.width, again.height)
    }

    /// Checks one thumbnail against the upright size of its image: the longest edge is the
    /// requested size (or the image's own when smaller, never enlarged) and the aspect ratio is kept
    /// to within a pixel of rounding.
    static func expectThumbnail(_ thumbnail: EncodedThumbnail, of width: Int, by height: Int, name: String) throws {
        let longest = max(width, height)
        let expectedLongest = min(thumbnail.size.maxPixels, longest)
        #expect(max(thumbnail.width, thumbnail.height) == expectedLongest, "\(name): thumbnail \(thumbnail.size) is \(thumbnail.width)x\(thumbnail.height)")
        let expectedShort = Double(min(width, height)) * Double(expectedLongest) / Double(longest)
        #expect(abs(Double(min(thumbnail.width, thumbnail.height)) - expectedShort) <= 1.0,
                "\(name): thumbnail \(thumbnail.width)x\(thumbnail.height) does not keep \(width)x\(height)")
        #expect((thumbnail.width >= thumbnail.height) == (width >= height), "\(name): thumbnail turned")
        let decoded = try decodedSize(of: thumbnail.bytes, name: "\(name) thumbnail \(thumbnail.size)")
        #expect(decoded.width == thumbnail.width && decoded.height == thumbnail.height)
    }
}

/// The `vips` command-line tools (libvips-tools), used to make test images and to inspect results
/// independently of the code under test.
enum VipsTool {
    /// Runs `tool` (found on PATH) and returns its standard output; a failure is an error.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments)
        guard result.status == 0 else {
            throw KeepsakeError(.io, "\(tool) \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    /// All header fields of an encoded image, as `vipsheader -a` prints them.
    static func header(of bytes: Data, in folder: TemporaryDirectory, name: String) throws -> String {
        let url = folder.appending(name)
        try bytes.write(to: url)
        return try run("vipsheader", ["-a", url.path])
    }

    /// The mean absolute difference of two same-sized encoded images, per sample (0...255).
    static func meanAbsoluteDifference(_ first: Data, _ second: Data, in folder: TemporaryDirectory) throws -> Double {
        let a = folder.appending("first-\(UUID().uuidString)"), b = folder.appending("second-\(UUID().uuidString)")
        let difference = folder.appending("difference.v"), magnitude = folder.appending("magnitude.v")
        try first.write(to: a)
        try second.write(to: b)
        try run("vips", ["subtract", a.path, b.path, difference.path])
        try run("vips", ["abs", difference.path, magnitude.path])
        let mean = try run("vips", ["avg", magnitude.path]).trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(Double(mean), "vips avg printed \(mean)")
    }

    /// A 4032 × 3024 (12-megapixel) JPEG at quality 90: the Kodak parrots (`png/kodim23.png`)
    /// enlarged to 4536 × 3024 and cropped to 4:3.
    static func twelveMegapixelJPEG(in folder: TemporaryDirectory) throws -> URL {
        let enlarged = folder.appending("enlarged.v"), photo = folder.appending("photo-12mp.jpg")
        try run("vips", ["resize", Corpus.url("png/kodim23.png").path, enlarged.path, "5.90625"])
        try run("vips", ["crop", enlarged.path, "\(photo.path)[Q=90]", "252", "0", "4032", "3024"])
        return photo
    }
}
