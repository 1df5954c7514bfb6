import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport
import Synchronization
import Testing

extension ImagingTests {
    /// The processor from two threads at once, and its memory over many calls.
    @Suite struct ConcurrencyAndMemoryTests {
        /// What one call produced, comparable across runs.
        enum Outcome: Equatable, Sendable {
            case stored(bytes: Data, format: StoredImageFormat, width: Int, height: Int, thumbnails: [Data])
            case refused(code: KeepsakeError.Code, message: String)
        }

        /// Eight images of every accepted format, with two that are refused.
        static let paths = [
            "exif/Landscape_6.jpg", "png/toucan.png", "webp/4.webp", "heic/rainbow-451x461.heic",
            "jpeg/ycck.jpg", "png/rgb-alpha-16-sRGB.png", "jpeg-corrupt/truncated_jpeg.jpg", "jpeg/monkey12.jpg",
        ]

        static func outcome(_ path: String, _ bytes: Data) -> Outcome {
            do {
                let result = try ImagingTests.processor.process(ImageInput(bytes: bytes, name: path), policy: .default,
                                                                thumbnailSizes: ImagingTests.sizes)
                return .stored(bytes: result.bytes, format: result.format, width: result.width, height: result.height,
                               thumbnails: result.thumbnails.map(\.bytes))
            } catch let error as KeepsakeError {
                return .refused(code: error.code, message: error.message)
            } catch {
                return .refused(code: .io, message: "\(error)")
            }
        }

        @Test func twoThreadsGiveTheSameResultsAsOne() throws {
            let inputs = try Self.paths.map { ($0, try ImagingTests.bytes($0)) }
            let sequential = inputs.map { Self.outcome($0.0, $0.1) }

            let concurrent = Mutex([Outcome?](repeating: nil, count: inputs.count))
            // Each thread takes every other image, so refusals and decodes overlap.
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for index in stride(from: thread, to: inputs.count, by: 2) {
                    let outcome = Self.outcome(inputs[index].0, inputs[index].1)
                    concurrent.withLock { $0[index] = outcome }
                }
            }
            let results = concurrent.withLock { $0 }
            for (index, path) in Self.paths.enumerated() {
                switch (sequential[index], results[index]) {
                case let (.refused(code, message), .refused(concurrentCode, concurrentMessage)?):
                    // The code rests on the bytes; the name is always this image's.
                    #expect(code == concurrentCode, "\(path)")
                    #expect(concurrentMessage.hasPrefix(path), "\(path): \(concurrentMessage)")
                    #expect(message.hasPrefix(path))
                case let (expected, actual):
                    #expect(expected == actual, "\(path) differs when processed concurrently")
                }
            }
            #expect(sequential.filter { if case .refused = $0 { true } else { false } }.count == 2)
        }

        /// Resident memory in bytes, from /proc/self/statm.
        static func residentBytes() throws -> Int {
            let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
            let pages = try #require(Int(statm.split(separator: " ")[1]))
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }

        @Test func memoryStaysFlatOverTwoHundredIngests() throws {
            // 1024 × 683 RGBA with transparency and an orientation-free PNG path, plus a JPEG: each
            // call decodes about 3 MB of pixels, so a leaked image would add 600 MB.
            let folder = TemporaryDirectory("memory")
            let photo = folder.appending("photo.jpg")
            try VipsTool.run("vips", ["resize", Corpus.url("png/kodim23.png").path, "\(photo.path)[Q=85]", "1.3334"])
            let inputs = [ImageInput(bytes: try Data(contentsOf: photo), name: "photo.jpg"),
                          ImageInput(bytes: try ImagingTests.bytes("png/basn6a16.png"), name: "alpha.png"),
                          ImageInput(bytes: try ImagingTests.bytes("jpeg-corrupt/truncated_jpeg.jpg"), name: "truncated.jpg")]
            func ingest(_ count: Int) {
                for index in 0..<count {
                    let input = inputs[index % inputs.count]
                    _ = try? ImagingTests.processor.process(input, policy: .default, thumbnailSizes: ImagingTests.sizes)
                }
            }
            ingest(30) // warm up: libvips' thread pool, malloc arenas
            let before = try Self.residentBytes()
            ingest(200)
            let after = try Self.residentBytes()
            let growth = after - before
            #expect(growth < 48 * 1024 * 1024, "resident memory grew by \(growth / 1024 / 1024) MB over 200 ingests")
        }
    }
}
