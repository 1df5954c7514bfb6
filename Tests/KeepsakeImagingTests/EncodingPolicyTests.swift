import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Testing

extension ImagingTests {
    /// What each ``ImageEncodingPolicy`` stores, and the thumbnail formats.
    @Suite struct EncodingPolicyTests {
        @Test(arguments: ["png/basn6a16.png", "png/rgb-alpha-16-sRGB.png", "webp/alpha_no_compression.webp",
                          "heic/with-alpha-512x512.heic"])
        func transparentImagesAreStoredAsPNGWithAlphaUnderTheJPEGPolicy(_ path: String) throws {
            let folder = TemporaryDirectory("alpha")
            let result = try ImagingTests.process(path)
            #expect(result.format == .png)
            let header = try VipsTool.header(of: result.bytes, in: folder, name: "stored.png")
            #expect(header.contains("4 bands") || header.contains("2 bands"), "\(path): \(header.prefix(100))")
            #expect(result.thumbnails.allSatisfy { $0.format == .png }, "one format for all thumbnails of an image")
            let thumbnail = try VipsTool.header(of: result.thumbnails[0].bytes, in: folder, name: "thumbnail.png")
            #expect(thumbnail.contains("4 bands") || thumbnail.contains("2 bands"))
        }

        @Test func anAlphaChannelThatIsOpaqueEverywhereDoesNotForcePNG() throws {
            let folder = TemporaryDirectory("opaque-alpha")
            let rgba = folder.appending("opaque.png")
            try VipsTool.run("vips", ["bandjoin_const", Corpus.url("png/kodim23.png").path, rgba.path, "255"])
            let result = try ImagingTests.processor.process(ImageInput(bytes: Data(contentsOf: rgba), name: "opaque.png"),
                                                            policy: .default, thumbnailSizes: ImagingTests.sizes)
            #expect(result.format == .jpeg)
            #expect(result.thumbnails.allSatisfy { $0.format == .jpeg })
        }

        @Test(arguments: ["jpeg/jpg-cmyk-1.jpg", "jpeg/ycck.jpg", "png/basn0g01.png", "png/basn3p08.png",
                          "png/basn6a16.png", "heic/cat.hif", "png/oi9n2c16.png"])
        func cmykGreyPaletteAnd16BitInputsBecome8BitJPEGOrPNG(_ path: String) throws {
            let folder = TemporaryDirectory("colour")
            let result = try ImagingTests.process(path, sizes: [.small])
            let header = try VipsTool.header(of: result.bytes, in: folder, name: "stored")
            #expect(header.contains("uchar"), "\(path): \(header.prefix(100))")
            #expect(header.contains("srgb") || header.contains("b-w"), "\(path): \(header.prefix(100))")
            let thumbnail = try VipsTool.header(of: result.thumbnails[0].bytes, in: folder, name: "thumbnail")
            #expect(thumbnail.contains("uchar") && (thumbnail.contains("srgb") || thumbnail.contains("b-w")))
        }

        @Test func thePNGPolicyIsLosslessAndKeeps16Bit() throws {
            let folder = TemporaryDirectory("png")
            let result = try ImagingTests.process("png/rgb-alpha-16-sRGB.png", policy: ImageEncodingPolicy(format: .png))
            #expect(result.format == .png)
            let header = try VipsTool.header(of: result.bytes, in: folder, name: "stored.png")
            #expect(header.contains("ushort") && header.contains("4 bands"))
            let difference = try VipsTool.meanAbsoluteDifference(result.bytes, ImagingTests.bytes("png/rgb-alpha-16-sRGB.png"), in: folder)
            #expect(difference == 0)
        }

        @Test func anAnimatedGIFStoresItsFirstFrame() throws {
            let folder = TemporaryDirectory("gif")
            let gif = folder.appending("animated.gif"), first = folder.appending("first.png")
            // iss634.webp has 42 frames of 245 × 245; libvips writes them all as an animated GIF.
            try VipsTool.run("vips", ["copy", Corpus.url("webp/iss634.webp").path + "[n=-1]", gif.path])
            try VipsTool.run("vips", ["copy", gif.path + "[page=0]", first.path])

            let input = ImageInput(bytes: try Data(contentsOf: gif), name: "animated.gif")
            let result = try ImagingTests.processor.process(input, policy: ImageEncodingPolicy(format: .png), thumbnailSizes: [.small])
            #expect(result.width == 245 && result.height == 245)
            let difference = try VipsTool.meanAbsoluteDifference(result.bytes, Data(contentsOf: first), in: folder)
            #expect(difference == 0)

            let original = try ImagingTests.processor.process(input, policy: ImageEncodingPolicy(format: .original), thumbnailSizes: [.small])
            #expect(original.format == .gif && original.bytes == input.bytes)
        }

        @Test func theOriginalPolicyReportsTheDetectedFormat() throws {
            let cases: [(String, StoredImageFormat)] = [
                ("heic/example.avif", .avif), ("heic/rainbow-451x461.heic", .heif), ("webp/4.webp", .webp),
                ("png/toucan.png", .png), ("jpeg/testorig.jpg", .jpeg),
            ]
            for (path, format) in cases {
                let result = try ImagingTests.process(path, policy: ImageEncodingPolicy(format: .original), sizes: [.small])
                #expect(result.format == format, "\(path)")
                #expect(result.bytes == (try ImagingTests.bytes(path)))
            }
        }

        @Test func smallImagesAreNeverEnlarged() throws {
            // 100 × 50: every thumbnail stays 100 × 50.
            let result = try ImagingTests.process("png/cicp-display-p3_reencoded.png")
            #expect(result.thumbnails.map { [$0.width, $0.height] } == [[100, 50], [100, 50]])
        }

        @Test func aTwelveMegapixelPhotoIngestsWithStandardThumbnails() throws {
            let folder = TemporaryDirectory("12mp")
            let photo = try VipsTool.twelveMegapixelJPEG(in: folder)
            let result = try ImagingTests.processor.process(ImageInput(bytes: Data(contentsOf: photo), name: "photo-12mp.jpg"),
                                                            policy: .default, thumbnailSizes: ImagingTests.sizes)
            #expect(result.format == .jpeg)
            #expect(result.width == 4032 && result.height == 3024)
            #expect(result.thumbnails.map { [$0.width, $0.height] } == [[256, 192], [1024, 768]])
            #expect(result.thumbnails.allSatisfy { $0.format == .jpeg })
            let stored = try ImagingTests.decodedSize(of: result.bytes, name: "photo-12mp.jpg")
            #expect(stored.width == 4032 && stored.height == 3024)
        }
    }
}
