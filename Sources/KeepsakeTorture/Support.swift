import Foundation
import KeepsakeStore
import Synchronization
import KeepsakeSupport

// MARK: - Figures

/// What one subcommand did and found; printed at the end and turned into the exit status.
final class Figures: @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var counters: [(String, Int)] = []
    private var notes: [(String, String)] = []
    private(set) var failures: [String] = []
    private(set) var skipped: [String] = []
    let started = Date()
    /// Counters of this run that its FIGURES line carries too, after the standard ones.
    var extraFigures: [String] = []

    init(_ name: String) { self.name = name }

    /// Adds `amount` to the counter `key` (created in first-use order).
    func add(_ key: String, _ amount: Int = 1) {
        lock.withLock {
            if let index = counters.firstIndex(where: { $0.0 == key }) { counters[index].1 += amount } else { counters.append((key, amount)) }
        }
    }

    /// Sets the counter `key` to at least `value`.
    func max(_ key: String, _ value: Int) {
        lock.withLock {
            if let index = counters.firstIndex(where: { $0.0 == key }) { counters[index].1 = Swift.max(counters[index].1, value) } else { counters.append((key, value)) }
        }
    }

    func value(_ key: String) -> Int { lock.withLock { counters.first { $0.0 == key }?.1 ?? 0 } }

    /// A free-form line in the figures (a maximum time, a histogram).
    func note(_ key: String, _ text: String) {
        lock.withLock {
            if let index = notes.firstIndex(where: { $0.0 == key }) { notes[index].1 = text } else { notes.append((key, text)) }
        }
    }

    /// A violation of a promise: printed at once, counted, and makes the exit status non-zero.
    func fail(_ message: String) {
        lock.withLock { failures.append(message) }
        FileHandle.standardError.write(Data("FAILURE [\(name)]: \(message)\n".utf8))
    }

    /// A part that could not run here, with the reason.
    func skip(_ message: String) {
        lock.withLock { skipped.append(message) }
        FileHandle.standardError.write(Data("SKIPPED [\(name)]: \(message)\n".utf8))
    }

    /// Prints the figures; returns the exit status (1 if any failure).
    func finish() -> Int32 {
        let elapsed = Date().timeIntervalSince(started)
        var lines = ["", "== keepsake-torture \(name): \(failures.isEmpty ? "PASS" : "FAIL") in \(String(format: "%.1f", elapsed)) s =="]
        let standard = ["runs", "kills", "faults injected", "inputs tried"]
        lock.withLock {
            for key in standard { lines.append("  \(key.padding(toLength: 44, withPad: " ", startingAt: 0)) \(counters.first { $0.0 == key }?.1 ?? 0)") }
            for (key, value) in counters where !standard.contains(key) && key != "lost" {
                lines.append("  \(key.padding(toLength: 44, withPad: " ", startingAt: 0)) \(value)")
            }
            for (key, text) in notes { lines.append("  \(key.padding(toLength: 44, withPad: " ", startingAt: 0)) \(text)") }
            lines.append("  \("failures found".padding(toLength: 44, withPad: " ", startingAt: 0)) \(failures.count)")
            lines.append("  \("lost".padding(toLength: 44, withPad: " ", startingAt: 0)) \(counters.first { $0.0 == "lost" }?.1 ?? 0)")
            for skip in skipped { lines.append("  skipped: \(skip)") }
            for failure in failures.prefix(30) { lines.append("  FAILURE: \(failure)") }
            if failures.count > 30 { lines.append("  ... and \(failures.count - 30) more failures") }
            let machine = (standard + extraFigures + ["lost"]).map { key in "\(key.replacingOccurrences(of: " ", with: "_"))=\(counters.first { $0.0 == key }?.1 ?? 0)" }
            lines.append("FIGURES \(name) \(machine.joined(separator: " ")) failures=\(failures.count) skipped=\(skipped.count) seconds=\(Int(elapsed.rounded()))")
        }
        print(lines.joined(separator: "\n"))
        fflush(nil)
        return failures.isEmpty ? 0 : 1
    }
}

// MARK: - Randomness

/// SplitMix64: deterministic, so a failing seed can be replayed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}

// MARK: - Arguments

struct Arguments {
    private var values: [String: [String]] = [:]
    private(set) var switches: Set<String> = []

    init(_ arguments: ArraySlice<String>, switches allowedSwitches: Set<String> = []) {
        var rest = arguments
        while let flag = rest.popFirst() {
            if allowedSwitches.contains(flag) {
                switches.insert(flag)
            } else if let value = rest.popFirst() {
                values[flag, default: []].append(value)
            } else {
                usage("missing value for \(flag)")
            }
        }
    }

    func string(_ flag: String) -> String? { values[flag]?.last }
    func int(_ flag: String, _ fallback: Int) -> Int {
        guard let text = values[flag]?.last else { return fallback }
        guard let value = Int(text) else { usage("\(flag) takes a number, not \(text)") }
        return value
    }
    func uint64(_ flag: String, _ fallback: UInt64) -> UInt64 {
        guard let text = values[flag]?.last else { return fallback }
        guard let value = UInt64(text) else { usage("\(flag) takes a number, not \(text)") }
        return value
    }
    func all(_ flag: String) -> [String] { values[flag] ?? [] }
    func has(_ flag: String) -> Bool { switches.contains(flag) }
}

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("keepsake-torture: \(message)\n\n\(helpText)\n".utf8))
    exit(2)
}

// MARK: - Paths

enum Paths {
    /// The folder of this executable (its siblings are the other built products).
    static let binaryDirectory: URL = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return URL(fileURLWithPath: String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)).deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }()

    static func binary(_ name: String) -> URL { binaryDirectory.appendingPathComponent(name) }

    /// The shared corpus: `KEEPSAKE_CORPUS`, or `shared/corpus` beside an ancestor of this binary or of
    /// the current folder.
    static func corpus(_ explicit: String?) -> URL {
        if let explicit { return URL(fileURLWithPath: explicit) }
        if let value = ProcessInfo.processInfo.environment["KEEPSAKE_CORPUS"], !value.isEmpty { return URL(fileURLWithPath: value) }
        for start in [binaryDirectory, URL(fileURLWithPath: FileManager.default.currentDirectoryPath)] {
            var url = start
            while url.pathComponents.count > 1 {
                let candidate = url.appendingPathComponent("shared/corpus")
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("MANIFEST.tsv").path) { return candidate }
                url.deleteLastPathComponent()
            }
        }
        usage("cannot find the corpus (../shared/corpus); pass --corpus DIR or set KEEPSAKE_CORPUS")
    }

    /// A fresh folder for one run.
    static func scratch(_ label: String, under parent: String? = nil) -> URL {
        let base = parent.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("keepsake-torture-\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

// MARK: - Corpus

struct CorpusEntry {
    let path: String
    let bytes: Int
    let verdict: String
    let header: String
    let url: URL
}

func loadCorpus(_ root: URL) -> [CorpusEntry] {
    guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
        usage("cannot read \(root.path)/MANIFEST.tsv")
    }
    return text.split(separator: "\n").dropFirst().compactMap { line in
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard columns.count >= 6 else { return nil }
        return CorpusEntry(path: columns[0], bytes: Int(columns[1]) ?? 0, verdict: columns[3], header: columns[5],
                           url: root.appendingPathComponent(columns[0]))
    }
}

// MARK: - Child processes

enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    var description: String {
        switch self {
        case .exited(let code): "exit \(code)"
        case .signaled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
        }
    }
}

/// A child process started with posix_spawn; waited for with waitpid, never by a broad name.
final class Child: @unchecked Sendable {
    let pid: pid_t
    /// Read end of the child's standard output when `captureOutput` was asked for.
    let output: Int32?
    private let state = Mutex<Termination?>(nil)

    /// Starts `executable` with `arguments`. Standard output goes to `stdoutPath` (or a pipe with
    /// `captureOutput`, or /dev/null); standard error to `stderrPath` or /dev/null.
    init(_ executable: URL, _ arguments: [String], stdoutPath: String? = nil, stderrPath: String? = nil, captureOutput: Bool = false,
         environment: [String: String]? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&pipeEnds) == 0 else { throw KeepsakeError.posix(errno, operation: "create a pipe", path: "-") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let argv = ([executable.path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var env: [UnsafeMutablePointer<CChar>?] = []
        if let environment {
            env = environment.map { strdup("\($0.key)=\($0.value)") }
        }
        defer { env.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = (argv + [nil]).withUnsafeBufferPointer { args in
            if environment != nil {
                return (env + [nil]).withUnsafeBufferPointer { envp in
                    posix_spawn(&pid, executable.path, &actions, nil, args.baseAddress!, envp.baseAddress!)
                }
            }
            return posix_spawn(&pid, executable.path, &actions, nil, args.baseAddress!, environ)
        }
        if captureOutput { close(pipeEnds[1]) }
        guard rc == 0 else {
            if captureOutput { close(pipeEnds[0]) }
            throw KeepsakeError.posix(rc, operation: "start", path: executable.path)
        }
        self.pid = pid
        output = captureOutput ? pipeEnds[0] : nil
    }

    deinit {
        if let output { close(output) }
    }

    /// Sends `signal` if the child has not been reaped yet. Returns whether it was sent.
    @discardableResult
    func signal(_ signal: Int32) -> Bool {
        state.withLock { reaped in reaped == nil ? kill(pid, signal) == 0 : false }
    }

    private static func decode(_ status: Int32) -> Termination {
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand (they are macros).
        let signal = status & 0x7F
        if signal == 0 { return .exited((status >> 8) & 0xFF) }
        return .signaled(signal)
    }

    /// Reaps the child if it has ended; `nil` if it is still running.
    func poll() -> Termination? {
        state.withLock { reaped in
            if let reaped { return reaped }
            var status: Int32 = 0
            let rc = waitpid(pid, &status, WNOHANG)
            guard rc == pid else { return nil }
            reaped = Self.decode(status)
            return reaped
        }
    }

    /// Waits for the child to end.
    func wait() -> Termination {
        while true {
            if let done = poll() { return done }
            usleep(2_000)
        }
    }

    /// Waits at most `seconds`; kills it (SIGKILL) if it is still running then.
    func wait(timeout seconds: Double) -> (Termination, timedOut: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let done = poll() { return (done, false) }
            usleep(5_000)
        }
        signal(SIGKILL)
        return (wait(), true)
    }

    /// Reads everything the child writes to its captured output until it closes it.
    func readAllOutput() -> String {
        guard let output else { return "" }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Runs a command to the end and returns its status and output.
func run(_ executable: URL, _ arguments: [String], timeout: Double = 120) throws -> (Termination, String) {
    let child = try Child(executable, arguments, captureOutput: true)
    let result = Mutex("")
    let reader = Thread { result.withLock { $0 = child.readAllOutput() } }
    reader.start()
    let (status, _) = child.wait(timeout: timeout)
    while !reader.isFinished { usleep(1000) }
    return (status, result.withLock { $0 })
}

// MARK: - Store snapshots

/// Everything observable about a store, for "exactly the before- or the after-state" checks.
struct Snapshot: Equatable, CustomStringConvertible {
    var records: [String: String]
    var originals: [String: String]
    var thumbnails: Set<String>

    init(_ store: Store) throws {
        var records: [String: String] = [:]
        try store.forEachRecord(trash: .all, pageSize: 1000) { records[$0.id.string] = describeFully($0) }
        self.records = records
        originals = walkFiles(store.location.attachmentsDirectory.path, hashing: true)
        thumbnails = Set(walkFiles(store.location.thumbnailsDirectory.path, hashing: false).keys)
    }

    var description: String {
        "records:\n" + records.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
            + "\noriginals:\n" + originals.keys.sorted().map { "  \($0)" }.joined(separator: "\n")
            + "\nthumbnails: \(thumbnails.count)"
    }

    /// The differences from `other`, in a few lines.
    func difference(from other: Snapshot) -> String {
        var lines: [String] = []
        for id in Set(records.keys).union(other.records.keys).sorted() where records[id] != other.records[id] {
            lines.append("record \(id): \(other.records[id] ?? "absent") -> \(records[id] ?? "absent")")
        }
        for path in Set(originals.keys).symmetricDifference(other.originals.keys).sorted() {
            lines.append("original \(path) \(originals[path] == nil ? "missing" : "extra")")
        }
        for path in thumbnails.symmetricDifference(other.thumbnails).sorted() {
            lines.append("thumbnail \(path) \(thumbnails.contains(path) ? "extra" : "missing")")
        }
        return lines.prefix(12).joined(separator: "; ")
    }
}

/// A record as fields, trash state and images (position, stored hash, path), for exact comparisons.
func describeFully(_ record: Record) -> String {
    let images = record.images.map { "\($0.position):\($0.sha256):\($0.path)" }.joined(separator: " ")
    let fields = record.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
    return "\(record.collection) trashed=\(record.isTrashed) date=\(record.date.timeIntervalSince1970) fields=[\(fields)] images=[\(images)]"
}

/// Regular files under `root` (relative paths), with their SHA-256 when `hashing`; symbolic links
/// and other entries are listed with the value "link"/"other", never followed.
func walkFiles(_ root: String, hashing: Bool) -> [String: String] {
    var result: [String: String] = [:]
    func visit(_ relative: String) {
        let full = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileInspector.contents(of: full) else { return }
        for name in names {
            let child = relative.isEmpty ? name : relative + "/" + name
            switch FileInspector.kind(of: root + "/" + child) {
            case .directory: visit(child)
            case .file: result[child] = hashing ? ((try? FileInspector.read(root + "/" + child)).map(SHA256.hex) ?? "unreadable") : ""
            case .symlink: result[child] = "link"
            case .other: result[child] = "other"
            case .missing: continue
            }
        }
    }
    visit("")
    return result
}

/// Every entry under `root` (files with hash, folders, links with their target), for
/// "byte-identical after" checks of a sentinel folder.
func fingerprint(_ root: String) -> [String: String] {
    var result: [String: String] = [:]
    func visit(_ relative: String) {
        let full = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileInspector.contents(of: full) else { return }
        for name in names {
            let child = relative.isEmpty ? name : relative + "/" + name
            let path = root + "/" + child
            var info = stat()
            lstat(path, &info)
            let mode = String(info.st_mode, radix: 8)
            switch FileInspector.kind(of: path) {
            case .directory:
                result[child] = "dir \(mode) modified \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
                visit(child)
            case .file(let size, let modified):
                result[child] = "file \(mode) \(size) \(modified.timeIntervalSince1970) \((try? FileInspector.read(path)).map(SHA256.hex) ?? "?")"
            case .symlink:
                var buffer = [CChar](repeating: 0, count: 4096)
                let count = readlink(path, &buffer, buffer.count - 1)
                result[child] = "link -> \(count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?")"
            default:
                result[child] = "other \(mode)"
            }
        }
    }
    visit("")
    return result
}

/// Short text for an error: the Keepsake code and message, or the type.
func describe(_ error: any Error) -> String {
    if let error = error as? KeepsakeError { return "\(error.code.rawValue): \(error.message)" }
    return "untyped \(type(of: error)): \(error)"
}

/// The current time in seconds, monotonic.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Prints a progress line at once (standard output is a pipe under `make torture`).
func say(_ text: String) {
    print(text)
    fflush(nil)
}
