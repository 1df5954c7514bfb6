import Foundation
import KeepsakeStore

/// `scripts/servers/s3-fault-proxy` in front of a real radosgw, as a child process driven through
/// its standard input (JSON rules) and output (one JSON answer per command). It exits when its
/// standard input closes, so it never outlives this process.
final class FaultProxyProcess: @unchecked Sendable {
    // @unchecked Sendable: the pipes are used under `lock`; the other properties are immutable.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    /// `http://127.0.0.1:PORT` of the proxy.
    let url: String

    /// Starts the proxy (`scripts` is the `scripts/servers` folder) in front of `upstream`.
    init(scripts: URL, upstream: String, errors: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scripts.appendingPathComponent("s3-fault-proxy").path, "--upstream", upstream]
        process.standardInput = input
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        var pending = Data()
        let first = (try? Self.readLine(output, &pending)) ?? ""
        buffer = pending
        guard first.hasPrefix("listening "), let port = Int(first.dropFirst("listening ".count)) else {
            process.terminate()
            throw KeepsakeError(.io, "the S3 fault proxy did not start (\(first)); see \(errors.path)")
        }
        url = "http://127.0.0.1:\(port)"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private static func readLine(_ pipe: Pipe, _ buffer: inout Data) throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { throw KeepsakeError(.io, "the S3 fault proxy exited") }
            buffer.append(chunk)
        }
    }

    /// Sends one command and returns its answer; throws if the proxy refused it.
    @discardableResult
    func command(_ command: [String: Any]) throws -> [String: Any] {
        try lock.withLock {
            var line = try JSONSerialization.data(withJSONObject: command)
            line.append(0x0A)
            try input.fileHandleForWriting.write(contentsOf: line)
            let text = try Self.readLine(output, &buffer)
            let answer = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
            guard answer["ok"] as? Bool == true else { throw KeepsakeError(.io, "the S3 fault proxy refused \(command): \(text)") }
            return answer
        }
    }

    /// Adds a fault rule (see the script's documentation).
    func add(_ rule: [String: Any]) throws { try command(["command": "add", "rule": rule]) }

    /// Removes every rule.
    func clear() throws { try command(["command": "clear"]) }

    /// How many requests each rule has hit so far, summed.
    func hits() throws -> Int {
        let answer = try command(["command": "stats"])
        let hits = (answer["hits"] as? [String: Any]) ?? [:]
        try command(["command": "reset-stats"])
        return hits.values.compactMap { ($0 as? NSNumber)?.intValue }.reduce(0, +)
    }
}
