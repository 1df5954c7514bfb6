// Times VipsImageProcessor on one photo; built and run by bench/ingest-12mp.sh.
import Foundation
import KeepsakeImaging
import KeepsakeStore

/// The median of `runs` timings of `body` in milliseconds, after one warm-up run.
func medianMilliseconds(runs: Int = 9, _ body: () throws -> Void) rethrows -> Int {
    try body()
    var timings: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        timings.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return Int(timings.sorted()[runs / 2].rounded())
}

let path = CommandLine.arguments[1]
let input = ImageInput(bytes: try Data(contentsOf: URL(fileURLWithPath: path)), name: path)
let processor = VipsImageProcessor()

let result = try processor.process(input, policy: .default, thumbnailSizes: ThumbnailSize.standard)
print("input: \(result.width)x\(result.height), \(input.bytes.count / 1024) KiB; stored (lossless) \(result.bytes.count / 1024) KiB;",
      "thumbnails", result.thumbnails.map { "\($0.width)x\($0.height)" }.joined(separator: ", "))
let ingest = try medianMilliseconds {
    _ = try processor.process(input, policy: .default, thumbnailSizes: ThumbnailSize.standard)
}
let reencode = try medianMilliseconds {
    _ = try processor.process(input, policy: .reencode, thumbnailSizes: ThumbnailSize.standard)
}
let original = try medianMilliseconds {
    _ = try processor.process(input, policy: ImageEncodingPolicy(format: .original), thumbnailSizes: ThumbnailSize.standard)
}
let regenerate = try medianMilliseconds {
    _ = try processor.makeThumbnails(fromStored: input.bytes, name: path, sizes: ThumbnailSize.standard)
}
print("process, default policy (lossless JPEG) + 256 & 1024 thumbnails: \(ingest) ms (median of 9)")
print("process, .reencode (JPEG q80) + 256 & 1024 thumbnails:         \(reencode) ms")
print("process, .original policy + 256 & 1024 thumbnails:          \(original) ms")
print("makeThumbnails(fromStored:) 256 & 1024:                     \(regenerate) ms")
