import Foundation
@testable import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Testing

extension ImagingTests {
    /// The lossless JPEG path (the default policy): what is stored, that it is the camera's own
    /// data, and that it decodes to the same upright pixels as the re-encode path.
    @Suite struct LosslessJPEGTests {
        /// Orientation 1–8 on photos whose sides are whole iMCUs (16 × 16 for 4:2:0), so every
        /// transform is perfect: `exif/Landscape_N.jpg` cropped to 1792 × 1200 (or 1200 × 1792 as
        /// stored) by vips at quality 95 with 4:2:0, keeping the orientation tag; flag 6 also as a
        /// progressive file.
        @Test(arguments: [(1, false), (2, false), (3, false), (4, false), (5, false), (6, false), (7, false), (8, false), (6, true)])
        func everyOrientationIsAppliedLosslesslyAndDecodesToTheReEncodePathsUprightPixels(_ flag: Int, _ progressive: Bool) throws {
            let folder = TemporaryDirectory("lossless-orientation")
            let input = try LosslessFixtures.wholeMCUCrop(flag: flag, progressive: progressive, in: folder)
            let result = try ImagingTests.processor.process(ImageInput(bytes: input, name: "crop-\(flag).jpg"),
                                                            policy: .lossless, thumbnailSizes: ImagingTests.sizes)
            #expect(result.format == .jpeg)
            #expect(result.width == 1792 && result.height == 1200, "flag \(flag): \(result.width)x\(result.height)")
            #expect(try LosslessFixtures.isLossless(result.bytes, of: input), "flag \(flag): the stored file was re-encoded")
            let stored = try #require(JPEGLayout(result.bytes))
            #expect(stored.frame.isProgressive == progressive)
            #expect(try VipsTool.header(of: result.bytes, in: folder, name: "stored.jpg").contains("1792x1200"))

            // The reference: the same input decoded and turned upright by vips itself (no encode).
            let upright = try LosslessFixtures.uprightPNG(of: input, in: folder)
            let (mean, maximum) = try LosslessFixtures.difference(result.bytes, upright, in: folder)
            // Moving DCT coefficients is exact, but decoding the moved blocks rounds differently:
            // a mirror negates the odd-frequency coefficients and libjpeg's integer inverse DCT
            // rounds halves upwards, so the mirrored block decodes to the mirror image ± 1 in
            // about one sample in nine (measured: mean 0.12, at most 2, for flags 2 and 3; below
            // 0.1 for the others). A re-encode at q80 differs by 1.5 or more on average.
            #expect(mean < 0.25 && maximum <= 4, "flag \(flag): differs from the upright decode by \(mean) on average, \(maximum) at most")

            let reencoded = try ImagingTests.processor.process(ImageInput(bytes: input, name: "crop-\(flag).jpg"),
                                                               policy: .reencode, thumbnailSizes: [])
            let (againstReencode, _) = try LosslessFixtures.difference(result.bytes, reencoded.bytes, in: folder)
            #expect(againstReencode < 3, "flag \(flag): differs from the re-encode path's upright result by \(againstReencode)")

            for thumbnail in result.thumbnails {
                try ImagingTests.expectThumbnail(thumbnail, of: 1792, by: 1200, name: "crop-\(flag)")
            }
        }

        /// `exif/Landscape_N.jpg` itself is 1800 × 1200 at 4:2:0: 1800 is not a whole number of
        /// 16-pixel iMCUs, so the orientations whose transform would move that partial column
        /// (2, 3, 6, 7) cannot be lossless. They are re-encoded (every pixel kept, nothing trimmed);
        /// 1, 4, 5 and 8 stay lossless.
        @Test(arguments: 1...8)
        func anOrientationThatCannotBeLosslessForThePhotosSizeIsReEncodedWithEveryPixel(_ flag: Int) throws {
            let folder = TemporaryDirectory("lossless-partial-mcu")
            let input = try ImagingTests.bytes("exif/Landscape_\(flag).jpg")
            let result = try ImagingTests.process("exif/Landscape_\(flag).jpg", policy: .lossless, sizes: [.small])
            #expect(result.width == 1800 && result.height == 1200)
            let lossless = try LosslessFixtures.isLossless(result.bytes, of: input)
            #expect(lossless == [1, 4, 5, 8].contains(flag), "flag \(flag): lossless = \(lossless)")
            let upright = try LosslessFixtures.uprightPNG(of: input, in: folder)
            let (mean, _) = try LosslessFixtures.difference(result.bytes, upright, in: folder)
            #expect(mean < (lossless ? 0.25 : 3), "flag \(flag): differs from the upright decode by \(mean)")
        }

        @Test func metadataSegmentsAreDroppedAndTheProfileAndTheScanDataKept() throws {
            let folder = TemporaryDirectory("lossless-strip")
            let input = try LosslessFixtures.photoWithEveryKindOfMetadata()
            let result = try ImagingTests.processor.process(ImageInput(bytes: input, name: "tagged.jpg"), policy: .lossless,
                                                            thumbnailSizes: [.small])
            #expect(try LosslessFixtures.isLossless(result.bytes, of: input))
            let header = try VipsTool.header(of: result.bytes, in: folder, name: "stored.jpg")
            for field in ["exif-data", "xmp-data", "iptc-data", "GPS", "jpeg-comment"] {
                #expect(!header.contains(field), "the stored file still has \(field)")
            }
            #expect(header.contains("icc-profile-data: 588 bytes"), "the ICC profile is kept: \(header)")
            for marker in ["Exif", "http://ns.adobe.com/xap", "Photoshop 3.0", "MPF", "a comment with a place", "TRAILER"] {
                #expect(result.bytes.range(of: Data(marker.utf8)) == nil, "\(marker) is still in the stored bytes")
            }
            // The capture date still comes from the EXIF that was dropped.
            #expect(result.capturedAt == Date(timeIntervalSince1970: 1_079_794_495))  // 2004-03-20 14:54:55 UTC
            #expect(result.thumbnails[0].bytes.range(of: Data("ICC_PROFILE".utf8)) == nil, "thumbnails carry no metadata")
        }

        @Test func keepingMetadataKeepsEverySegmentButMPFWithTheOrientationSetToOne() throws {
            let folder = TemporaryDirectory("lossless-keep")
            let tagged = try LosslessFixtures.photoWithEveryKindOfMetadata()
            let keep = ImageEncodingPolicy(format: .losslessJPEG(fallbackQuality: 80), keepMetadata: true)
            let kept = try ImagingTests.processor.process(ImageInput(bytes: tagged, name: "tagged.jpg"), policy: keep, thumbnailSizes: [])
            let header = try VipsTool.header(of: kept.bytes, in: folder, name: "kept.jpg")
            for field in ["exif-data", "xmp-data", "iptc-data", "icc-profile-data"] {
                #expect(header.contains(field), "\(field) was dropped")
            }
            #expect(kept.bytes.range(of: Data("a comment with a place".utf8)) != nil)
            #expect(kept.bytes.range(of: Data("MPF\0".utf8)) == nil && kept.bytes.range(of: Data("TRAILER".utf8)) == nil)

            // A turned photo: the pixels are turned, so the tag must say 1 (EXIF offsets unchanged).
            let turned = try LosslessFixtures.wholeMCUCrop(flag: 6, progressive: false, in: folder)
            let result = try ImagingTests.processor.process(ImageInput(bytes: turned, name: "turned.jpg"), policy: keep, thumbnailSizes: [])
            #expect(try LosslessFixtures.isLossless(result.bytes, of: turned))
            let turnedHeader = try VipsTool.header(of: result.bytes, in: folder, name: "turned.jpg")
            #expect(turnedHeader.contains("1792x1200"))
            #expect(turnedHeader.contains("exif-ifd0-Orientation: 1 "), "orientation must be set to 1: \(turnedHeader)")
        }

        @Test func anArithmeticCodedJPEGIsReCodedWithHuffmanTablesLosslessly() throws {
            // Browsers cannot decode arithmetic coding; moving the coefficients to Huffman coding
            // keeps every one of them.
            let folder = TemporaryDirectory("lossless-arithmetic")
            let input = try ImagingTests.bytes("jpeg/testimgari.jpg")
            #expect(try #require(JPEGLayout(input)).frame.isArithmetic)
            let result = try ImagingTests.process("jpeg/testimgari.jpg", policy: .lossless, sizes: [])
            let stored = try #require(JPEGLayout(result.bytes))
            #expect(!stored.frame.isArithmetic)
            #expect(try LosslessFixtures.isLossless(result.bytes, of: input))
            let (mean, maximum) = try LosslessFixtures.difference(result.bytes, try LosslessFixtures.uprightPNG(of: input, in: folder), in: folder)
            #expect(mean == 0 && maximum == 0, "re-coding changed pixels: \(mean), \(maximum)")
        }

        @Test func anUltraHDRPhotoLosesItsGainMapButKeepsItsPrimaryImage() throws {
            // gain-map.jpg: MPF and a second (gain map) image after the first EOI.
            let input = try ImagingTests.bytes("jpeg/gain-map.jpg")
            let result = try ImagingTests.process("jpeg/gain-map.jpg", policy: .lossless, sizes: [])
            #expect(try LosslessFixtures.isLossless(result.bytes, of: input))
            #expect(result.bytes.count < input.count)
            #expect(result.bytes.range(of: Data("MPF\0".utf8)) == nil)
            #expect(result.bytes.suffix(2) == Data([0xFF, 0xD9]))
            #expect(result.width == 3840 && result.height == 2160)
        }

        @Test func cmykJPEGsAreConvertedToSRGBAsPrintFiles() throws {
            let folder = TemporaryDirectory("lossless-cmyk")
            let result = try ImagingTests.process("jpeg/ycck.jpg", policy: .lossless, sizes: [])
            let header = try VipsTool.header(of: result.bytes, in: folder, name: "stored.jpg")
            #expect(header.contains("srgb") && !header.contains("icc-profile-data"))
        }

        @Test func thumbnailsComeFromTheSmallestDCTScaleThatStillCoversTheLargestSize() {
            #expect(VipsImageProcessor.shrinkOnLoad(longestEdge: 4032, largest: 1024) == 2)   // 1008 at 1/4 would be too small
            #expect(VipsImageProcessor.shrinkOnLoad(longestEdge: 4096, largest: 1024) == 4)
            #expect(VipsImageProcessor.shrinkOnLoad(longestEdge: 8192, largest: 1024) == 8)
            #expect(VipsImageProcessor.shrinkOnLoad(longestEdge: 1800, largest: 1024) == 1)
            #expect(VipsImageProcessor.shrinkOnLoad(longestEdge: 2049, largest: 1024) == 2)   // 1025 covers 1024
            #expect(VipsImageProcessor.shrinkOnLoad(longestEdge: 4032, largest: 1) == 8)      // no thumbnails: the check only
        }

        @Test func aDamagedJPEGIsRefusedOnTheLosslessPathLikeOnTheReEncodePath() throws {
            for path in ["jpeg-corrupt/truncated.jpg", "jpeg-corrupt/truncated_jpeg.jpg", "jpeg-corrupt/missing-sos.jpg"] {
                let lossless = keepsakeError { _ = try ImagingTests.process(path, policy: .lossless) }
                let reencode = keepsakeError { _ = try ImagingTests.process(path, policy: .reencode) }
                #expect(lossless?.code == .corruptImage, "\(path): \(String(describing: lossless))")
                #expect(lossless?.code == reencode?.code)
            }
        }
    }

    /// sRGB profiles are recognised so their pixels skip lcms; others are not.
    @Suite struct ICCProfileTests {
        @Test func theProfilesCamerasAndEncodersEmbedForSRGBAreRecognised() throws {
            // Google's compact sRGB (parametric curves), HP's sRGB IEC61966-2.1 (1024-entry tables),
            // and the one libvips attaches after converting to sRGB.
            let folder = TemporaryDirectory("icc")
            let converted = folder.appending("converted.jpg")
            try VipsTool.run("vips", ["icc_transform", Corpus.url("jpeg/truncated_app14.jpg").path, converted.path, "srgb", "--embedded"])
            for (name, bytes) in [("gain-map", try ImagingTests.bytes("jpeg/gain-map.jpg")),
                                  ("truncated_app14", try ImagingTests.bytes("jpeg/truncated_app14.jpg")),
                                  ("libvips srgb", try Data(contentsOf: converted))] {
                let profile = try #require(LosslessFixtures.iccProfile(in: bytes), "\(name) has no profile")
                #expect(profile.withUnsafeBytes { ICCProfile.isSRGB($0) }, "\(name)'s profile is not recognised as sRGB")
            }
        }

        @Test func otherProfilesAreNot() throws {
            let p3 = LosslessFixtures.matrixProfile(red: [0.5151, 0.2412, -0.0011], green: [0.2920, 0.6922, 0.0419],
                                                     blue: [0.1571, 0.0666, 0.7841], gamma: nil)
            let gamma22 = LosslessFixtures.matrixProfile(red: [0.4361, 0.2225, 0.0139], green: [0.3851, 0.7169, 0.0971],
                                                         blue: [0.1431, 0.0606, 0.7141], gamma: 2.2)
            let synthetic = LosslessFixtures.matrixProfile(red: [0.4361, 0.2225, 0.0139], green: [0.3851, 0.7169, 0.0971],
                                                           blue: [0.1431, 0.0606, 0.7141], gamma: nil)
            #expect(synthetic.withUnsafeBytes { ICCProfile.isSRGB($0) }, "the builder's own sRGB must pass, or the others prove nothing")
            #expect(!p3.withUnsafeBytes { ICCProfile.isSRGB($0) }, "Display P3 primaries")
            #expect(!gamma22.withUnsafeBytes { ICCProfile.isSRGB($0) }, "a gamma 2.2 curve")
            let cmyk = try #require(LosslessFixtures.iccProfile(in: try ImagingTests.bytes("jpeg/ycck.jpg")))
            #expect(!cmyk.withUnsafeBytes { ICCProfile.isSRGB($0) })
            #expect(!Data(repeating: 0xAB, count: 400).withUnsafeBytes { ICCProfile.isSRGB($0) })
            #expect(!synthetic.prefix(140).withUnsafeBytes { ICCProfile.isSRGB($0) }, "a truncated profile")
        }

        @Test func aWideGamutPhotoKeepsItsProfileAndItsThumbnailsAreConverted() throws {
            let folder = TemporaryDirectory("icc-p3")
            let p3 = LosslessFixtures.matrixProfile(red: [0.5151, 0.2412, -0.0011], green: [0.2920, 0.6922, 0.0419],
                                                     blue: [0.1571, 0.0666, 0.7841], gamma: nil)
            let input = LosslessFixtures.inserting([LosslessFixtures.iccSegment(p3)], into: try ImagingTests.bytes("exif/Landscape_1.jpg"))
            let result = try ImagingTests.processor.process(ImageInput(bytes: input, name: "p3.jpg"), policy: .lossless, thumbnailSizes: [.small])
            #expect(LosslessFixtures.iccProfile(in: result.bytes) == p3, "the P3 profile is stored")
            // The thumbnail went through lcms: a saturated P3 red becomes more saturated in sRGB,
            // so it must differ from a thumbnail of the same pixels read as sRGB.
            let plain = try ImagingTests.process("exif/Landscape_1.jpg", policy: .lossless, sizes: [.small])
            let difference = try VipsTool.meanAbsoluteDifference(result.thumbnails[0].bytes, plain.thumbnails[0].bytes, in: folder)
            #expect(difference > 2, "the P3 thumbnail was not converted (differs by \(difference))")
        }
    }
}

/// Inputs made for the lossless tests, and independent checks of what was stored.
enum LosslessFixtures {
    /// `exif/Landscape_<flag>.jpg` cropped by vips to whole 16-pixel iMCUs (1792 × 1200 upright),
    /// re-saved at quality 95 with 4:2:0 subsampling and its orientation tag kept.
    static func wholeMCUCrop(flag: Int, progressive: Bool, in folder: TemporaryDirectory) throws -> Data {
        let source = Corpus.url("exif/Landscape_\(flag).jpg")
        let turned = flag >= 5
        let (width, height) = turned ? (1200, 1792) : (1792, 1200)
        let out = folder.appending("crop-\(flag)-\(progressive).jpg")
        try VipsTool.run("vips", ["crop", source.path, out.path + "[Q=95,subsample-mode=on\(progressive ? ",interlace" : "")]",
                                  "0", "0", "\(width)", "\(height)"])
        let header = try VipsTool.run("vipsheader", ["-a", out.path])
        try #require(header.contains("orientation: \(flag)") || (flag == 1 && !header.contains("orientation: ")),
                     "vips did not keep orientation \(flag): \(header)")
        return try Data(contentsOf: out)
    }

    /// Whether `stored` holds the coefficients of `input` rather than a re-encode: its quantisation
    /// tables are the input's (a re-encode at quality 80 has others), or the input's transposed,
    /// since a transform that swaps the axes (flags 5–8) transposes the tables with the blocks.
    static func isLossless(_ stored: Data, of input: Data) throws -> Bool {
        let a = try #require(JPEGLayout(stored)), b = try #require(JPEGLayout(input))
        let original = quantisationTables(b)
        return [original, original.map(transposed)].contains(quantisationTables(a))
    }

    /// The quantisation tables of a file in natural (row-major) order, by table id.
    static func quantisationTables(_ layout: JPEGLayout) -> [[Int]] {
        // The zig-zag order of T.81 Figure A.6: zigzag[k] is the natural index of the k-th value.
        let zigzag = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
                      35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63]
        var tables: [Int: [Int]] = [:]
        for part in layout.parts where part.marker == 0xDB {
            var bytes = [UInt8](layout.bytes[part.payload])[...]
            while let info = bytes.popFirst() {
                let wide = info >> 4 == 1
                var natural = [Int](repeating: 0, count: 64)
                for k in 0..<64 {
                    let value = wide ? Int(bytes.popFirst() ?? 0) << 8 | Int(bytes.popFirst() ?? 0) : Int(bytes.popFirst() ?? 0)
                    natural[zigzag[k]] = value
                }
                tables[Int(info & 0x0F)] = natural
            }
        }
        return tables.keys.sorted().map { tables[$0]! }
    }

    /// An 8 × 8 table transposed.
    static func transposed(_ table: [Int]) -> [Int] {
        (0..<64).map { table[($0 % 8) * 8 + $0 / 8] }
    }

    /// `input` decoded and turned upright by the vips tool, as a lossless PNG.
    static func uprightPNG(of input: Data, in folder: TemporaryDirectory) throws -> Data {
        let source = folder.appending("reference-\(UUID().uuidString).jpg"), upright = folder.appending("upright-\(UUID().uuidString).png")
        try input.write(to: source)
        try VipsTool.run("vips", ["autorot", source.path, upright.path])
        return try Data(contentsOf: upright)
    }

    /// The mean and the largest absolute difference per sample of two same-sized images.
    static func difference(_ first: Data, _ second: Data, in folder: TemporaryDirectory) throws -> (mean: Double, max: Double) {
        let a = folder.appending("a-\(UUID().uuidString)"), b = folder.appending("b-\(UUID().uuidString)")
        let difference = folder.appending("difference-\(UUID().uuidString).v"), magnitude = folder.appending("magnitude-\(UUID().uuidString).v")
        try first.write(to: a)
        try second.write(to: b)
        try VipsTool.run("vips", ["subtract", a.path, b.path, difference.path])
        try VipsTool.run("vips", ["abs", difference.path, magnitude.path])
        let mean = try VipsTool.run("vips", ["avg", magnitude.path]).trimmingCharacters(in: .whitespacesAndNewlines)
        let maximum = try VipsTool.run("vips", ["max", magnitude.path]).trimmingCharacters(in: .whitespacesAndNewlines)
        return (try #require(Double(mean)), try #require(Double(maximum)))
    }

    /// `exif/Landscape_1.jpg` with, after its SOI: EXIF (with a capture date) from `jpeg/ycck.jpg`,
    /// XMP and IPTC from `jpeg/truncated_app14.jpg`, the sRGB ICC profile and MPF segment of
    /// `jpeg/gain-map.jpg`, a comment, and junk after EOI.
    static func photoWithEveryKindOfMetadata() throws -> Data {
        let ycck = try #require(JPEGLayout(try Data(contentsOf: Corpus.url("jpeg/ycck.jpg"))))
        let adobe = try #require(JPEGLayout(try Data(contentsOf: Corpus.url("jpeg/truncated_app14.jpg"))))
        let gainMap = try #require(JPEGLayout(try Data(contentsOf: Corpus.url("jpeg/gain-map.jpg"))))
        func segments(_ layout: JPEGLayout, _ marker: UInt8, _ prefix: String) -> [Data] {
            layout.parts.filter { part in
                part.marker == marker && layout.bytes[part.payload].starts(with: Data(prefix.utf8))
            }.map { layout.bytes[$0.range] }
        }
        let comment = Data([0xFF, 0xFE, 0x00, 24]) + Data("a comment with a place".utf8)
        var inserted = segments(ycck, 0xE1, "Exif") + segments(adobe, 0xE1, "http://ns.adobe.com/xap")
        inserted += segments(adobe, 0xED, "Photoshop 3.0") + segments(gainMap, 0xE2, "ICC_PROFILE") + segments(gainMap, 0xE2, "MPF")
        inserted.append(comment)
        return inserting(inserted, into: try Data(contentsOf: Corpus.url("exif/Landscape_1.jpg"))) + Data("TRAILER".utf8)
    }

    /// `jpeg` with `segments` written right after its SOI.
    static func inserting(_ segments: [Data], into jpeg: Data) -> Data {
        Data(jpeg.prefix(2)) + segments.reduce(Data(), +) + Data(jpeg.dropFirst(2))
    }

    /// The ICC profile of a JPEG (its APP2 chunks joined), or `nil`.
    static func iccProfile(in jpeg: Data) -> Data? {
        guard let layout = JPEGLayout(jpeg) else { return nil }
        let chunks = layout.parts.filter { part in
            part.marker == 0xE2 && layout.bytes[part.payload].starts(with: Data("ICC_PROFILE\0".utf8))
        }
        guard !chunks.isEmpty else { return nil }
        return chunks.reduce(Data()) { $0 + layout.bytes[($1.payload.lowerBound + 14)..<$1.payload.upperBound] }
    }

    /// One APP2 segment carrying `profile`.
    static func iccSegment(_ profile: Data) -> Data {
        let length = 2 + 14 + profile.count
        return Data([0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]) + Data("ICC_PROFILE\0".utf8) + Data([1, 1]) + profile
    }

    /// A minimal ICC v2 RGB matrix/TRC display profile with these D50 colorants and tone curves:
    /// sRGB's parametric curve, or a pure gamma.
    static func matrixProfile(red: [Double], green: [Double], blue: [Double], gamma: Double?) -> Data {
        func be32(_ value: UInt32) -> Data { Data([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]) }
        func s15(_ value: Double) -> Data { be32(UInt32(bitPattern: Int32((value * 65536).rounded()))) }
        func xyz(_ v: [Double]) -> Data { Data("XYZ ".utf8) + be32(0) + v.map(s15).reduce(Data(), +) }
        var curve = Data("para".utf8) + be32(0)
        if let gamma {
            curve += Data([0, 0, 0, 0]) + s15(gamma)
        } else {
            let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            curve += Data([0, 3, 0, 0])
            for parameter in parameters { curve += s15(parameter) }
        }
        var description = Data("desc".utf8) + be32(0) + be32(5) + Data("test\0".utf8)
        description += Data(count: 4 + 4 + 2 + 1 + 67)  // the empty Unicode and ScriptCode parts of a v2 desc
        let tags: [(String, Data)] = [("desc", description), ("wtpt", xyz([0.9642, 1.0, 0.8249])), ("rXYZ", xyz(red)), ("gXYZ", xyz(green)),
                                      ("bXYZ", xyz(blue)), ("rTRC", curve), ("gTRC", curve), ("bTRC", curve)]
        var table = be32(UInt32(tags.count)), body = Data()
        var offset = 128 + 4 + 12 * tags.count
        for (signature, data) in tags {
            var padded = data
            while padded.count % 4 != 0 { padded.append(0) }
            table += Data(signature.utf8) + be32(UInt32(offset)) + be32(UInt32(data.count))
            body += padded
            offset += padded.count
        }
        var header = be32(UInt32(128 + table.count + body.count)) + Data("lcms".utf8) + be32(0x0210_0000)
        header += Data("mntrRGB XYZ ".utf8) + Data(count: 12) + Data("acsp".utf8) + Data(count: 24) + be32(0)  // platform to attributes, intent
        header += s15(0.9642) + s15(1.0) + s15(0.8249)  // the PCS illuminant, D50
        header += Data(count: 128 - header.count)
        return header + table + body
    }
}
