public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real `keepsake … serve --port 0 --no-demo` child process, its address read from its output,
/// and its memory read from `/proc`; stopped (SIGTERM) when released. The web tests and the CLI's
/// end-to-end tests share it.
public final class ServeProcess: @unchecked Sendable {
    // @unchecked Sendable: used by one test at a time; the process is only started and stopped.
    /// It did not start, or `/proc` could not be read.
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    /// Resident memory of the process, in bytes.
    public struct Memory: CustomStringConvertible {
        /// Resident now (`VmRSS`).
        public let resident: Int
        /// The most resident since it started or since ``ServeProcess/resetPeak()`` (`VmHWM`).
        public let peak: Int
        public var description: String { "resident \(resident / 1024) KiB, peak \(peak / 1024) KiB" }
    }

    private let process = Process()
    private let output = Pipe()
    /// `http://127.0.0.1:PORT`.
    public let url: String
    /// What it printed on standard output until it listened (`Keepsake is serving …`, `Open …`).
    public let banner: String

    /// Starts `keepsake` with the store `arguments` (`--store …`, `--metadata …`, `--blobs …`) and
    /// `environment` (credentials) and more `serve` options (`serveArguments`), its standard error
    /// going to `log`; waits until it says where it listens.
    public init(storeArguments: [String], environment: [String: String], log: URL, serveArguments: [String] = []) throws {
        process.executableURL = Binaries.url("keepsake")
        process.arguments = storeArguments + ["serve", "--port", "0", "--no-demo"] + serveArguments
        process.environment = environment
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        var text = ""
        while true {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw Failure(description: "keepsake serve exited before listening: \(text) \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            }
            text += String(decoding: chunk, as: UTF8.self)
            if let match = text.firstMatch(of: #/Open (https?://[0-9.]+:[0-9]+)/#) {
                url = String(match.1)
                break
            }
        }
        banner = text
        // Keep draining its output so it never blocks on a full pipe.
        output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    /// Its resident memory now and at its peak.
    public func memory() throws -> Memory {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        func kibibytes(_ field: String) throws -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let value = Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) else {
                throw Failure(description: "no \(field) in /proc/\(process.processIdentifier)/status")
            }
            return value
        }
        return Memory(resident: try kibibytes("VmRSS") * 1024, peak: try kibibytes("VmHWM") * 1024)
    }

    /// Sets the peak back to what is resident now (`5` into `/proc/PID/clear_refs`), so the next
    /// peak is that of what follows.
    public func resetPeak() throws {
        let path = "/proc/\(process.processIdentifier)/clear_refs"
        guard let handle = FileHandle(forWritingAtPath: path) else { throw Failure(description: "cannot open \(path)") }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("5".utf8))
    }

    /// SIGTERM, and waits for it to exit.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
    }

    deinit { stop() }
}
