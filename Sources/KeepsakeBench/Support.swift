import Foundation

// MARK: - Clocks and statistics

/// Monotonic nanoseconds.
func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Seconds spent in `body` (wall clock).
func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = nanoseconds()
    let value = try body()
    return (value, Double(nanoseconds() - start) / 1e9)
}

/// CPU time (user + system) of the calling thread, in seconds.
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Summary of a set of timings, all in milliseconds.
struct Summary: Codable {
    var count: Int
    var p50: Double
    var p99: Double
    var mean: Double
    var max: Double

    /// Nearest-rank percentiles of `milliseconds`.
    init(_ milliseconds: [Double]) {
        let sorted = milliseconds.sorted()
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let index = Int((p * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
        }
        count = sorted.count
        p50 = rank(0.50)
        p99 = rank(0.99)
        mean = sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count)
        max = sorted.last ?? .nan
    }

    var json: [String: Any] { ["count": count, "p50_ms": p50, "p99_ms": p99, "mean_ms": mean, "max_ms": max] }
}

/// Peak resident set size of this process so far, in KiB: `VmHWM` from /proc/self/status.
/// (`getrusage`'s `ru_maxrss` is not used: Linux carries it across `execve`, so a child started by a
/// large parent would report the parent's size.)
func peakRSSKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

// MARK: - Output

/// Prints to stderr (progress; stdout of child commands carries their JSON).
func note(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Prints one JSON object on stdout (the result of a child command).
func emit(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Child processes

struct Ran {
    var status: Int32
    var stdout: Data
    var stderr: String
    var seconds: Double
    var text: String { String(decoding: stdout, as: UTF8.self) }

    /// The last line of stdout parsed as a JSON object.
    func jsonObject() throws -> [String: Any] {
        guard let line = text.split(separator: "\n").last,
              let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw BenchFailure("expected a JSON line, got: \(text.suffix(500)) \(stderr.suffix(2000))")
        }
        return object
    }
}

/// Runs `arguments[0]` (looked up on PATH) to completion; stdout and stderr go through temporary
/// files so neither can block the child.
@discardableResult
func run(_ arguments: [String], stdin: Data? = nil, discardStdout: Bool = false, check: Bool = true) throws -> Ran {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = discardStdout ? FileHandle(forWritingAtPath: "/dev/null")! : try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    if let stdin {
        let inURL = scratch.appendingPathComponent("in")
        try stdin.write(to: inURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    }
    let start = nanoseconds()
    try process.run()
    process.waitUntilExit()
    let seconds = Double(nanoseconds() - start) / 1e9
    try out.close()
    try err.close()
    let ran = Ran(status: process.terminationStatus, stdout: (try? Data(contentsOf: outURL)) ?? Data(),
                  stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "", seconds: seconds)
    if check, ran.status != 0 {
        throw BenchFailure("\(arguments.joined(separator: " ").prefix(300)) exited with \(ran.status): \(ran.stderr.suffix(2000))")
    }
    return ran
}

/// The path of this executable (children are started from it).
func selfExecutable() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

// MARK: - Arguments

/// `--name value` pairs after the command word.
struct Arguments {
    private var values: [String: [String]] = [:]

    init(_ list: ArraySlice<String>) throws {
        var rest = list
        while let flag = rest.popFirst() {
            guard flag.hasPrefix("--"), let value = rest.popFirst() else { throw BenchFailure("bad argument \(flag)") }
            values[String(flag.dropFirst(2)), default: []].append(value)
        }
    }

    func string(_ name: String) throws -> String {
        guard let value = values[name]?.last else { throw BenchFailure("missing --\(name)") }
        return value
    }

    func string(_ name: String, default fallback: String) -> String { values[name]?.last ?? fallback }
    func int(_ name: String, default fallback: Int) -> Int { values[name]?.last.flatMap { Int($0) } ?? fallback }
    func list(_ name: String) -> [String] { values[name] ?? [] }
}

// MARK: - Files

func removeTree(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

func makeFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
}

/// Runs `script` in the `sqlite3` shell on `database` (read-only) and returns the CPU time in
/// milliseconds (user + system, from `.timer on`) of each statement, in order.
///
/// - Throws: ``BenchFailure`` when the shell printed another number of timings than `expected`.
func sqlite3Timings(_ database: String, _ script: String, expected: Int) throws -> [Double] {
    let ran = try run(["sqlite3", "-readonly", database], stdin: Data(script.utf8))
    let times = ran.text.split(separator: "\n").compactMap { line -> Double? in
        let parts = line.split(separator: " ")
        guard parts.count == 8, parts[0] == "Run", let user = Double(parts[5]), let sys = Double(parts[7]) else { return nil }
        return (user + sys) * 1000
    }
    guard times.count == expected else { throw BenchFailure("sqlite3 printed \(times.count) timings, not \(expected): \(ran.stderr)") }
    return times
}
