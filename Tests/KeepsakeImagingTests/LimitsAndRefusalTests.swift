import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Synchronization
import Testing

extension ImagingTests {
    /// What is refused before or instead of decoding, and how the refusal reads.
    @Suite struct LimitsAndRefusalTests {
        /// `jpeg/testorig.jpg` (227 × 149) with its frame header claiming `width × height`.
        static func jpegClaiming(width: Int, height: Int) throws -> Data {
            var bytes = [UInt8](try ImagingTests.bytes("jpeg/testorig.jpg"))
            var index = 2
            while index + 9 < bytes.count {
                let marker = bytes[index + 1]
                let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                if marker == 0xC0 || marker == 0xC2 {
                    bytes[index + 5] = UInt8(height >> 8); bytes[index + 6] = UInt8(height & 0xFF)
                    bytes[index + 7] = UInt8(width >> 8); bytes[index + 8] = UInt8(width & 0xFF)
                    return Data(bytes)
                }
                index += 2 + length
            }
            Issue.record("no frame header in testorig.jpg")
            return Data(bytes)
        }

        @Test func decompressionBombsAreRefusedFromTheirHeader() throws {
            // 65536 × 65536 PNG (4.3 gigapixels in 522 kB).
            let png = keepsakeError { _ = try ImagingTests.process("png/65536-uint32-limit.png") }
            #expect(png?.code == .imageTooLarge)
            // A JPEG claiming 20000 × 14000 (280 megapixels) in 6 kB.
            let giant = try Self.jpegClaiming(width: 20_000, height: 14_000)
            let jpeg = keepsakeError {
                _ = try ImagingTests.processor.process(ImageInput(bytes: giant, name: "giant.jpg"), policy: .default,
                                                       thumbnailSizes: ImagingTests.sizes)
            }
            #expect(jpeg?.code == .imageTooLarge)
            #expect(jpeg?.message.contains("giant.jpg is 20000 × 14000 pixels (280 megapixels)") == true, "\(jpeg?.message ?? "")")
            // Thumbnails of a stored bomb are refused the same way.
            let stored = keepsakeError {
                _ = try ImagingTests.processor.makeThumbnails(fromStored: giant, name: "giant.jpg", sizes: ImagingTests.sizes)
            }
            #expect(stored?.code == .imageTooLarge)
        }

        @Test func aJPEGWithinTheLimitsButWithMissingDataIsCorrupt() throws {
            // 4000 × 3000 claimed, data for 227 × 149: libjpeg only warns ("premature end of data
            // segment") and would fill the rest with grey; the strict decode refuses it.
            let short = try Self.jpegClaiming(width: 4000, height: 3000)
            let error = keepsakeError {
                _ = try ImagingTests.processor.process(ImageInput(bytes: short, name: "short.jpg"), policy: .default,
                                                       thumbnailSizes: ImagingTests.sizes)
            }
            #expect(error?.code == .corruptImage, "\(String(describing: error))")
            #expect(error?.message.contains("premature end of data segment") == true, "\(error?.message ?? "")")
        }

        @Test func jpegsWithOnlyHarmlessWarningsAreAccepted() throws {
            // Junk bytes between segments: libjpeg skips them and loses no pixel.
            for path in ["jpeg/mjpeg.jpg", "jpeg/truncated_app14.jpg", "jpeg/extraneous-data.jpg"] {
                let result = try ImagingTests.process(path, sizes: [])
                #expect(result.format == .jpeg, "\(path)")
            }
        }

        @Test func theVerdictOnAWarningDoesNotDependOnWhatOtherThreadsDecode() throws {
            // libvips keeps its error text in one buffer for the process: a damaged photo failing on
            // another thread used to take a sound photo's harmless warning away (the sound photo was
            // refused) or lend its own. Each side must get the same verdict however they interleave.
            let sound = try ImagingTests.bytes("jpeg/truncated_app14.jpg")
            let damaged = try Self.jpegClaiming(width: 4000, height: 3000)
            let wrongVerdicts = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { lane in
                for round in 0..<40 {
                    let isSound = (lane + round) % 2 == 0
                    let input = ImageInput(bytes: isSound ? sound : damaged, name: isSound ? "sound.jpg" : "damaged.jpg")
                    do {
                        _ = try ImagingTests.processor.process(input, policy: .default, thumbnailSizes: [.small])
                        if !isSound { wrongVerdicts.withLock { $0.append("the damaged photo was accepted") } }
                    } catch let error as KeepsakeError {
                        let refusedSoundly = !isSound && error.code == .corruptImage
                            && error.message.contains("premature end of data segment")
                        if !refusedSoundly { wrongVerdicts.withLock { $0.append("\(input.name): \(error.message)") } }
                    } catch {
                        wrongVerdicts.withLock { $0.append("\(input.name): \(error)") }
                    }
                }
            }
            let wrong = wrongVerdicts.withLock { $0 }
            #expect(wrong.isEmpty, "\(wrong.count) wrong verdicts of 160, the first: \(wrong.prefix(2))")
        }

        @Test func configuredLimitsAreEnforced() throws {
            let bytes = try ImagingTests.bytes("png/kodim23.png") // 768 × 512, 557 kB
            let cases: [(VipsLimits, String)] = [
                (VipsLimits(maxInputBytes: 100_000), "the limit is 0.1 MiB"),
                (VipsLimits(maxPixels: 300_000), "the limit is 0.3 megapixels"),
                (VipsLimits(maxDimension: 700), "700 pixels on a side"),
            ]
            for (limits, words) in cases {
                let processor = VipsImageProcessor(limits: limits)
                let error = keepsakeError {
                    _ = try processor.process(ImageInput(bytes: bytes, name: "kodim23.png"), policy: .default, thumbnailSizes: [])
                }
                #expect(error?.code == .imageTooLarge)
                #expect(error?.message.contains(words) == true, "\(error?.message ?? "")")
            }
        }

        @Test func formatsOutsideTheAcceptedListAreRefusedByName() throws {
            let folder = TemporaryDirectory("formats")
            let tiff = folder.appending("scan.tif")
            try VipsTool.run("vips", ["copy", Corpus.url("png/basn2c08.png").path, tiff.path])
            let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#.utf8)
            let pdf = Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n".utf8)
            let cases: [(Data, String, String)] = [
                (try Data(contentsOf: tiff), "scan.png", "a TIFF image"),
                (svg, "drawing.jpg", "an SVG image"),
                (pdf, "receipt.jpg", "a PDF image"),
            ]
            for (bytes, name, kind) in cases {
                let error = keepsakeError {
                    _ = try ImagingTests.processor.process(ImageInput(bytes: bytes, name: name), policy: .default, thumbnailSizes: [])
                }
                #expect(error?.code == .unsupportedImage, "\(name)")
                #expect(error?.message.hasPrefix("\(name) is \(kind);") == true, "\(error?.message ?? "")")
            }
        }

        @Test func emptyAndUnrecognisedBytesAreCorrupt() throws {
            for (bytes, name) in [(Data(), "empty.jpg"), (Data("just some text, not a photo".utf8), "notes.txt")] {
                let error = keepsakeError {
                    _ = try ImagingTests.processor.process(ImageInput(bytes: bytes, name: name), policy: .default, thumbnailSizes: [])
                }
                #expect(error?.code == .corruptImage)
                #expect(error?.message.hasPrefix(name) == true, "\(error?.message ?? "")")
            }
        }

        @Test func aDamagedPNGSaysWhatLibpngFound() throws {
            // libpng's complaints reach libvips as warnings, not errors; they still name the damage.
            let header = keepsakeError { _ = try ImagingTests.process("png-corrupt/xhdn0g08.png") }
            #expect(header?.code == .corruptImage)
            #expect(header?.message.contains("(IHDR: CRC error)") == true, "\(header?.message ?? "")")
            let pixels = keepsakeError { _ = try ImagingTests.process("png-corrupt/broken_data_stream.png") }
            #expect(pixels?.code == .corruptImage)
            #expect(pixels?.message.contains("(bad adaptive filter value)") == true, "\(pixels?.message ?? "")")
        }

        @Test func aTruncatedJPEGIsCorruptAndSaysSoInPlainWords() throws {
            let error = keepsakeError { _ = try ImagingTests.process("jpeg-corrupt/truncated_jpeg.jpg") }
            #expect(error?.code == .corruptImage)
            #expect(error?.message == "jpeg-corrupt/truncated_jpeg.jpg could not be read as a JPEG image: the file is damaged or incomplete (Premature end of JPEG file). Nothing was stored; try the original file again.")
        }
    }
}
