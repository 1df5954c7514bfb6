import Foundation
import KeepsakeImaging
import KeepsakeStore

/// `pipeline-ingest --out DIR --records N --mode serial|pipeline --photo FILE...`: what the engine
/// hook described in BENCHMARKS.md would give, measured without the engine. Each record's three
/// photos go through ``ImageBatchProcessor`` (default policy, standard thumbnails), and a commit
/// writes the stored original and the two thumbnails of each into the record's folder, fsyncing
/// every file and the folder, as the engine's placing step does (no SQLite). `serial` processes a
/// record and then commits it; `pipeline` processes the next record while committing this one
/// (`ImageBatchProcessor.pipeline`). Prints images/s and the cores kept busy.
func pipelineIngest(_ arguments: Arguments) throws {
    let out = try arguments.string("out")
    let records = arguments.int("records", default: 12)
    let photos = arguments.list("photo")
    let pipelined = arguments.string("mode", default: "pipeline") == "pipeline"
    removeTree(out)
    try makeFolder(out)
    let batch = ImageBatchProcessor(processor: VipsImageProcessor(), workers: 2)
    let items = Array(0..<records)
    func inputs(_ record: Int) throws -> [ImageInput] {
        try (0..<photosPerRecord).map { k in
            let path = photos[(record * photosPerRecord + k) % photos.count]
            return ImageInput(bytes: try Data(contentsOf: URL(fileURLWithPath: path)), name: path)
        }
    }
    func commit(_ record: Int, _ images: [HashedImage]) throws -> Int {
        let folder = out + "/record-\(record)"
        try makeFolder(folder)
        for (k, image) in images.enumerated() {
            try writeSynced(folder + "/image_\(k).\(image.processed.format.fileExtension)", image.processed.bytes)
            for thumbnail in image.processed.thumbnails {
                try writeSynced(folder + "/image_\(k)-\(thumbnail.size.maxPixels).\(thumbnail.format.fileExtension)", thumbnail.bytes)
            }
        }
        try syncFolder(folder)
        try syncFolder(out)
        return images.count
    }
    let cpu0 = processCPUSeconds()
    let (counts, seconds) = try timed { () throws -> [Int] in
        if pipelined {
            return try batch.pipeline(items, inputs: inputs, policy: { _ in .default }, thumbnailSizes: ThumbnailSize.standard, commit: commit)
        }
        return try items.map { try commit($0, try batch.process(try inputs($0), policy: .default, thumbnailSizes: ThumbnailSize.standard)) }
    }
    let images = counts.reduce(0, +)
    emit(["mode": pipelined ? "pipeline" : "serial", "images": images, "seconds": seconds, "cpu_seconds": processCPUSeconds() - cpu0,
          "peak_rss_kib": peakRSSKiB()])
}

/// Writes a new file and fsyncs it.
private func writeSynced(_ path: String, _ data: Data) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw BenchFailure("open \(path): errno \(errno)") }
    defer { close(descriptor) }
    try data.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            guard written > 0 else { throw BenchFailure("write \(path): errno \(errno)") }
            offset += written
        }
    }
    guard fsync(descriptor) == 0 else { throw BenchFailure("fsync \(path): errno \(errno)") }
}

/// fsyncs a folder.
private func syncFolder(_ path: String) throws {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw BenchFailure("open \(path): errno \(errno)") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw BenchFailure("fsync \(path): errno \(errno)") }
}
