import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Testing

extension ImagingTests {
    /// Orientation is applied exactly once, whatever carries it.
    @Suite struct OrientationTests {
        /// `exif/Landscape_N.jpg` is one landscape photo stored with each EXIF orientation flag
        /// (0 is invalid and means 1).
        @Test(arguments: 0...8)
        func everyLandscapeOrientationComesOutAsTheSameUprightPhoto(_ flag: Int) throws {
            let folder = TemporaryDirectory("orientation")
            let reference = try ImagingTests.process("exif/Landscape_1.jpg", sizes: [.small])
            let result = try ImagingTests.process("exif/Landscape_\(flag).jpg", sizes: [.small])

            #expect(result.width == 1800 && result.height == 1200)
            let thumbnail = try #require(result.thumbnails.first)
            #expect(thumbnail.width == 256 && thumbnail.height == 171)
            let difference = try VipsTool.meanAbsoluteDifference(thumbnail.bytes, reference.thumbnails[0].bytes, in: folder)
            // The same picture differs only by JPEG noise (about 1); a mirrored or turned one by 40+.
            #expect(difference < 6, "Landscape_\(flag) differs from Landscape_1 by \(difference) per sample")

            let stored = try VipsTool.header(of: result.bytes, in: folder, name: "stored.jpg")
            #expect(stored.contains("1800x1200"))
        }

        @Test func heicIsTurnedOnceAlthoughBothItsContainerAndItsEXIFSayTurn() throws {
            // arrow.heic: container rotation and EXIF orientation 6; libheif applies the container's.
            let result = try ImagingTests.process("exif/arrow.heic", sizes: [.small])
            #expect(result.width == 3024 && result.height == 4032)
            #expect(result.thumbnails[0].width == 192 && result.thumbnails[0].height == 256)
        }

        @Test func orientationInAPNGEXIfChunkIsApplied() throws {
            // The eXIf chunk says 6 (turn a quarter clockwise); the image is square, so compare
            // with the picture turned by vips itself.
            let folder = TemporaryDirectory("png-orientation")
            let result = try ImagingTests.process("exif/F-exif-chunk-early.png", policy: ImageEncodingPolicy(format: .png), sizes: [])
            let turned = folder.appending("turned.png")
            try VipsTool.run("vips", ["autorot", Corpus.url("exif/F-exif-chunk-early.png").path, turned.path])
            let difference = try VipsTool.meanAbsoluteDifference(result.bytes, Data(contentsOf: turned), in: folder)
            #expect(difference < 1, "differs from vips autorot by \(difference)")
        }

        @Test func orientationOnlyInPNGTextOrXMPIsLeftAlone() throws {
            // libvips reads no orientation from these (ImageMagick text chunk, XMP), so the pixels
            // stay as they are (converted to sRGB through the file's ICC profile, as vips does).
            let folder = TemporaryDirectory("png-text-orientation")
            for path in ["exif/exif_imagemagick_orientation.png", "exif/xmp_tags_orientation.png"] {
                let result = try ImagingTests.process(path, policy: ImageEncodingPolicy(format: .png), sizes: [])
                let asIs = folder.appending("as-is.png"), turned = folder.appending("turned.png")
                try VipsTool.run("vips", ["icc_transform", Corpus.url(path).path, asIs.path, "srgb", "--embedded"])
                try VipsTool.run("vips", ["rot", asIs.path, turned.path, "d180"])
                let unchanged = try VipsTool.meanAbsoluteDifference(result.bytes, Data(contentsOf: asIs), in: folder)
                let rotated = try VipsTool.meanAbsoluteDifference(result.bytes, Data(contentsOf: turned), in: folder)
                #expect(unchanged < 1, "\(path) changed by \(unchanged)")
                #expect(rotated > 10, "\(path): the test cannot tell a turned image (\(rotated))")
            }
        }

        @Test func storedOriginalsKeepTheirBytesButReportTheUprightSize() throws {
            let original = try ImagingTests.bytes("exif/Landscape_6.jpg")
            let result = try ImagingTests.process("exif/Landscape_6.jpg", policy: ImageEncodingPolicy(format: .original))
            #expect(result.bytes == original)
            #expect(result.format == .jpeg)
            #expect(result.width == 1800 && result.height == 1200)
            #expect(result.thumbnails.map { [$0.width, $0.height] } == [[256, 171], [1024, 683]])
        }

        @Test func thumbnailsMadeAgainFromAStoredOriginalAreUpright() throws {
            let original = try ImagingTests.bytes("exif/Landscape_8.jpg")
            let thumbnails = try ImagingTests.processor.makeThumbnails(fromStored: original, name: "Landscape_8.jpg",
                                                                       sizes: ImagingTests.sizes)
            #expect(thumbnails.map { [$0.width, $0.height] } == [[256, 171], [1024, 683]])
            #expect(thumbnails.allSatisfy { $0.format == .jpeg })

            let folder = TemporaryDirectory("regenerated")
            let reference = try ImagingTests.process("exif/Landscape_1.jpg", sizes: [.small])
            let difference = try VipsTool.meanAbsoluteDifference(thumbnails[0].bytes, reference.thumbnails[0].bytes, in: folder)
            #expect(difference < 6, "regenerated thumbnail differs by \(difference)")
        }
    }
}
