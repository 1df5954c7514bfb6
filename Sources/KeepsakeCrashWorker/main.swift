// keepsake-crash-worker: performs random store operations forever (or for --ops N) and logs each one.
//
// Before an operation it appends "BEGIN <record> <predicted state>" to the log, and after the
// store returns success "OK <record> <state>". The crash tests SIGKILL this process at random
// moments, reopen the store and check that every record is in its last acknowledged state or, for
// the one operation in flight, in its predicted state: never a mix. States are
// "absent", or "live"/"trashed" followed by the source SHA-256 of each image in order.
//
// For the power-loss lane (scripts/powerloss) the log is a virtio-serial port to the host:
// `--log-ack` waits after each line until the host answers with a line, so a line is in the
// host's hands before the operation it announces touches the disk. `--check` performs no
// operation: it opens the store (recovering the dead), checks it and prints every record's state
// (see StoreCheck.swift). `KEEPSAKE_CRASH_WORKER_SKIP_FSYNC=files|folders|all` makes a
// deliberately broken worker that never flushes new files or folders, to show the lane catches it.
import Foundation
import KeepsakeStoreConfiguration
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import KeepsakeSupport

struct Options {
    var store = ""
    var metadata: String?
    var blobs: String?
    var log = ""
    var images: [String] = []
    var seed: UInt64 = 1
    var ops = Int.max
    var records = 6
    var worker: UInt32 = 1
    var logAck = false
    var check = false
    var collection = "test"
    var moveToStore: String?
    var moveToMetadata: String?
    var moveToBlobs: String?
    var intoNonEmpty = false
}

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("keepsake-crash-worker: \(message)\nusage: keepsake-crash-worker --store DIR [--metadata URL] [--blobs URL] --log FILE --image FILE... [--seed N] [--ops N] [--records N] [--worker N] [--log-ack]\n       keepsake-crash-worker --check --store DIR --log FILE [--collection NAME]\n       keepsake-crash-worker --store DIR [--metadata URL] [--blobs URL] --log FILE --move-to-store DIR [--move-to-metadata URL] [--move-to-blobs URL] [--into-non-empty]\n".utf8))
    exit(2)
}

func parse() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let flag = arguments.popFirst() {
        if flag == "--log-ack" { options.logAck = true; continue }
        if flag == "--check" { options.check = true; continue }
        if flag == "--into-non-empty" { options.intoNonEmpty = true; continue }
        guard let value = arguments.popFirst() else { usage("missing value for \(flag)") }
        switch flag {
        case "--store": options.store = value
        case "--metadata": options.metadata = value
        case "--blobs": options.blobs = value
        case "--log": options.log = value
        case "--image": options.images.append(value)
        case "--seed": options.seed = UInt64(value) ?? 1
        case "--ops": options.ops = Int(value) ?? Int.max
        case "--records": options.records = Int(value) ?? 6
        case "--worker": options.worker = UInt32(value) ?? 1
        case "--collection": options.collection = value
        case "--move-to-store": options.moveToStore = value
        case "--move-to-metadata": options.moveToMetadata = value
        case "--move-to-blobs": options.moveToBlobs = value
        default: usage("unknown flag \(flag)")
        }
    }
    return options
}

let options = parse()
let logDescriptor = open(options.log, (options.logAck ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND, 0o644)
guard logDescriptor >= 0 else { usage("cannot open log \(options.log)") }
guard !options.store.isEmpty else { usage("--store is required") }
guard options.check || options.moveToStore != nil || !options.images.isEmpty else { usage("at least one --image is required") }

func log(_ line: String) {
    // One write(2) per line with O_APPEND: a SIGKILL never leaves half a line in the page cache.
    let bytes = Array((line + "\n").utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { write(logDescriptor, $0.baseAddress! + done, $0.count - done) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { FileHandle.standardError.write(Data("keepsake-crash-worker: cannot write the log\n".utf8)); exit(4) }
        done += n
    }
    guard options.logAck else { return }
    // The host's answer: any line. Without it the operation must not begin.
    var byte: UInt8 = 0
    while true {
        let n = read(logDescriptor, &byte, 1)
        if n < 0 && errno == EINTR { continue }
        guard n == 1 else { FileHandle.standardError.write(Data("keepsake-crash-worker: the log's reader went away\n".utf8)); exit(4) }
        if byte == UInt8(ascii: "\n") { return }
    }
}

/// The file system the store writes through: the real one, or one that skips flushes on purpose.
func fileSystem() -> any FileSystem {
    guard let value = ProcessInfo.processInfo.environment["KEEPSAKE_CRASH_WORKER_SKIP_FSYNC"], !value.isEmpty else { return PosixFileSystem() }
    guard let skip = UnsyncedFileSystem.Skip(rawValue: value) else { usage("KEEPSAKE_CRASH_WORKER_SKIP_FSYNC is files, folders or all, not \(value)") }
    FileHandle.standardError.write(Data("keepsake-crash-worker: deliberately skipping the fsync of \(skip.rawValue)\n".utf8))
    return UnsyncedFileSystem(skip: skip)
}

/// The store: the embedded one in `--store DIR` (through ``fileSystem()``), or the backends that
/// `--metadata` and `--blobs` name.
func openStore(_ options: Options) throws -> Store {
    guard options.metadata != nil || options.blobs != nil else {
        return try Store(location: StoreLocation(root: URL(fileURLWithPath: options.store)), imageProcessor: VipsImageProcessor(),
                         fileSystem: fileSystem())
    }
    return try StoreConfiguration.named(store: options.store, metadata: options.metadata, blobs: options.blobs, environment: [:])
        .open(imageProcessor: VipsImageProcessor())
}

if options.check {
    exit(StoreCheck.run(store: options.store, collection: options.collection, log: log))
}
if options.moveToStore != nil {
    exit(MoveMode.run(options, log: log))
}

do {
    var random = SplitMix(seed: options.seed)
    let store = try openStore(options)
    let imageHashes = try options.images.map { SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: $0))) }
    // Each worker owns its own records (ids derived from its worker number), so it can predict their states.
    let ids = (0..<options.records).map { index -> RecordID in
        let hex = String(format: "%08x-0000-4000-8000-%012x", options.worker, index)
        return try! RecordID(parsing: hex)
    }
    for step in 0..<options.ops {
        let id = ids[Int.random(in: 0..<ids.count, using: &random)]
        let current = try store.recordIfPresent(id)
        let pick = { Int.random(in: 0..<options.images.count, using: &random) }
        var prediction: [String]
        let action: () throws -> Void
        if let current {
            var images = current.images.map(\.sourceSHA256)
            var state = current.isTrashed ? "trashed" : "live"
            let choice = current.isTrashed ? Int.random(in: 0..<2, using: &random) + 7 : Int.random(in: 0..<7, using: &random)
            switch choice {
            case 0 where images.count < 6:
                let k = pick()
                images.append(imageHashes[k])
                action = { try store.addImages([.file(URL(fileURLWithPath: options.images[k]))], to: id) }
            case 1 where !images.isEmpty:
                let k = pick(), at = Int.random(in: 0..<images.count, using: &random)
                images[at] = imageHashes[k]
                action = { try store.replaceImage(of: id, at: at, with: .file(URL(fileURLWithPath: options.images[k]))) }
            case 2 where !images.isEmpty:
                let at = Int.random(in: 0..<images.count, using: &random)
                images.remove(at: at)
                action = { try store.removeImage(of: id, at: at) }
            case 3 where images.count > 1:
                let order = Array(images.indices).shuffled(using: &random)
                images = order.map { images[$0] }
                action = { try store.reorderImages(of: id, order: order) }
            case 4:
                // Whole set: keep some existing images (by id), add one new upload.
                let keep = current.images.filter { _ in Bool.random(using: &random) }
                let k = pick()
                var slots: [ImageSlot] = keep.map { .existing($0.id) }
                slots.append(.new(.file(URL(fileURLWithPath: options.images[k]))))
                images = keep.map(\.sourceSHA256) + [imageHashes[k]]
                action = { try store.setImages(of: id, to: slots) }
            case 5:
                state = "trashed"
                action = { try store.trash(id) }
            case 7:
                state = "live"
                action = { try store.restore(id) }
            case 8:
                prediction = ["absent"]
                log("BEGIN \(id) absent")
                try store.purge(id)
                log("OK \(id) absent")
                continue
            default:
                action = { try store.update(id, set: ["step": .integer(Int64(step))]) }
            }
            prediction = [state] + images
        } else {
            let chosen = (0..<Int.random(in: 0...3, using: &random)).map { _ in pick() }
            prediction = ["live"] + chosen.map { imageHashes[$0] }
            action = { try store.create(RecordDraft(collection: "test", images: chosen.map { .file(URL(fileURLWithPath: options.images[$0])) }, id: id)) }
        }
        log("BEGIN \(id) \(prediction.joined(separator: " "))")
        try action()
        let actual = CrashLog.state(of: try store.record(id))
        log("OK \(id) \(actual)")
        if actual != prediction.joined(separator: " ") {
            log("MISMATCH \(id) expected \(prediction.joined(separator: " "))")
            exit(3)
        }
    }
} catch {
    // The code first, so a harness that injects faults tells a typed failure from an untyped one.
    log("ERROR \((error as? KeepsakeError)?.code.rawValue ?? "untyped"): \(error)")
    FileHandle.standardError.write(Data("keepsake-crash-worker: \(error)\n".utf8))
    exit(1)
}
