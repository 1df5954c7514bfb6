import Foundation
import KeepsakeImaging
import KeepsakeStore

/// The policies `photo --policy` and the ingest rows name.
func benchPolicy(_ name: String) throws -> ImageEncodingPolicy {
    switch name {
    case "lossless": return .lossless
    case "reencode": return .reencode
    case "original": return ImageEncodingPolicy(format: .original)
    default: throw BenchFailure("unknown policy \(name) (lossless, reencode, original)")
    }
}

/// `photo --file FILE [--policy lossless|reencode|original] [--repeat N] [--thumbnails no]`: one
/// photo through `VipsImageProcessor.process` N times on this thread, for timing and for running
/// under `perf record` or `valgrind --tool=callgrind`. Prints the wall and CPU time per photo
/// (median), the process's CPU time per photo (all threads: the processor uses a second one), the
/// stored size and the peak RSS.
func photo(_ arguments: Arguments) throws {
    let path = try arguments.string("file")
    let policy = try benchPolicy(arguments.string("policy", default: "lossless"))
    let repeats = arguments.int("repeat", default: 9)
    let sizes = arguments.string("thumbnails", default: "yes") == "no" ? [] : ThumbnailSize.standard
    let input = ImageInput(bytes: try Data(contentsOf: URL(fileURLWithPath: path)), name: (path as NSString).lastPathComponent)
    let processor = VipsImageProcessor()
    let before = peakRSSKiB()
    var result = try processor.process(input, policy: policy, thumbnailSizes: sizes)  // warm-up
    var wall: [Double] = []
    let cpu0 = processCPUSeconds()
    for _ in 0..<repeats {
        let (processed, seconds) = try timed { try processor.process(input, policy: policy, thumbnailSizes: sizes) }
        result = processed
        wall.append(seconds * 1000)
    }
    let cpu = (processCPUSeconds() - cpu0) / Double(repeats) * 1000
    emit(["file": path, "policy": policy.description, "repeats": repeats, "wall_ms_p50": Summary(wall).p50,
          "process_cpu_ms_per_photo": cpu, "stored_bytes": result.bytes.count, "input_bytes": input.bytes.count,
          "stored_format": result.format.rawValue, "width": result.width, "height": result.height,
          "thumbnails": result.thumbnails.map { "\($0.width)x\($0.height)" }, "rss_before_kib": before, "peak_rss_kib": peakRSSKiB()])
}

/// CPU time (user + system) of the whole process, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}
