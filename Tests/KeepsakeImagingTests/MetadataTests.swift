import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Testing

extension ImagingTests {
    /// What is stripped, what is kept, and the capture date.
    @Suite struct MetadataTests {
        @Test func exifWithGPSIsStrippedByDefault() throws {
            let folder = TemporaryDirectory("strip")
            let input = try ImagingTests.bytes("jpeg/exif_gps.jpg")
            #expect(input.range(of: Data("Exif".utf8)) != nil, "the input carries EXIF")

            let result = try ImagingTests.process("jpeg/exif_gps.jpg")
            #expect(result.bytes.range(of: Data("Exif".utf8)) == nil)
            let header = try VipsTool.header(of: result.bytes, in: folder, name: "stored.jpg")
            #expect(!header.contains("exif-data"))
            #expect(!header.contains("GPS"))
            for thumbnail in result.thumbnails {
                #expect(thumbnail.bytes.range(of: Data("Exif".utf8)) == nil)
            }
        }

        @Test func xmpIPTCAndICCAreStrippedByDefault() throws {
            let folder = TemporaryDirectory("strip-all")
            // EXIF, XMP and IPTC in a HEIC; an ICC profile in a CMYK JPEG.
            for path in ["heic/L_exif_xmp_iptc.heic", "jpeg/ycck.jpg", "heic/pug.heic"] {
                let result = try ImagingTests.process(path, sizes: [])
                let header = try VipsTool.header(of: result.bytes, in: folder, name: "stored.jpg")
                for field in ["exif-data", "xmp-data", "iptc-data", "icc-profile-data"] {
                    #expect(!header.contains(field), "\(path): stored image still has \(field)")
                }
                #expect(header.contains("uchar") && (header.contains("srgb") || header.contains("b-w")), "\(path): \(header.prefix(120))")
            }
        }

        @Test func keepMetadataKeepsEXIFWithTheOrientationResetToOne() throws {
            let folder = TemporaryDirectory("keep")
            let policy = ImageEncodingPolicy(format: .jpeg(quality: 80), keepMetadata: true)
            let gps = try ImagingTests.process("jpeg/exif_gps.jpg", policy: policy, sizes: [])
            let gpsHeader = try VipsTool.header(of: gps.bytes, in: folder, name: "gps.jpg")
            #expect(gpsHeader.contains("exif-data"))
            #expect(gpsHeader.contains("XXX-XXX"), "the camera model survives")

            let turned = try ImagingTests.process("exif/Landscape_6.jpg", policy: policy, sizes: [.small])
            let header = try VipsTool.header(of: turned.bytes, in: folder, name: "turned.jpg")
            #expect(header.contains("1800x1200"))
            #expect(header.contains("exif-ifd0-Orientation: 1 "), "orientation must be reset to 1")
            #expect(turned.thumbnails[0].bytes.range(of: Data("Exif".utf8)) == nil, "thumbnails never carry metadata")
        }

        @Test func captureDateIsReadFromDateTimeOriginal() throws {
            // No OffsetTimeOriginal: read as UTC.
            let ycck = try ImagingTests.process("jpeg/ycck.jpg", sizes: [])
            #expect(ycck.capturedAt == Date(timeIntervalSince1970: 1_079_794_495)) // 2004-03-20 14:54:55 UTC
            // OffsetTimeOriginal -05:00.
            let cat = try ImagingTests.process("heic/L_exif_xmp_iptc.heic", sizes: [])
            #expect(cat.capturedAt == Date(timeIntervalSince1970: 1_600_099_774)) // 2020-09-14 16:09:34 UTC
            // No EXIF at all.
            let plain = try ImagingTests.process("png/kodim23.png", sizes: [])
            #expect(plain.capturedAt == nil)
        }
    }
}
