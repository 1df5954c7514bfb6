import Foundation

/// The fault proxy (`scripts/servers/s3-fault-proxy`) in front of the test radosgw, run as a child
/// process for one test; it exits when this object goes (its standard input closes).
public final class FaultProxy: @unchecked Sendable {
    // @unchecked Sendable: the pipes are used by one test at a time, under `lock`.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    /// `http://127.0.0.1:PORT` of the proxy.
    public private(set) var url = ""

    /// Starts a proxy in front of the test radosgw.
    public init() throws {
        let upstream = try TestServers.s3().endpoint
        let script = Corpus.repositoryRoot.appendingPathComponent("scripts/servers/s3-fault-proxy")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--upstream", upstream]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let first = try readLine()
        guard first.hasPrefix("listening "), let port = Int(first.dropFirst(10)) else {
            throw TestServers.Unavailable(description: "the fault proxy did not start: \(first)")
        }
        url = "http://127.0.0.1:\(port)"
    }

    private func readLine() throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw TestServers.Unavailable(description: "the fault proxy exited") }
            buffer.append(chunk)
        }
    }

    /// Sends one command; returns its answer.
    @discardableResult
    public func command(_ command: [String: Any]) throws -> [String: Any] {
        lock.lock()
        defer { lock.unlock() }
        var line = try JSONSerialization.data(withJSONObject: command)
        line.append(0x0A)
        input.fileHandleForWriting.write(line)
        let answer = try JSONSerialization.jsonObject(with: Data(try readLine().utf8)) as? [String: Any] ?? [:]
        guard answer["ok"] as? Bool == true else {
            throw TestServers.Unavailable(description: "the fault proxy refused \(command): \(answer)")
        }
        return answer
    }

    /// Adds a rule (see the script's documentation).
    public func add(_ rule: [String: Any]) throws { try command(["command": "add", "rule": rule]) }

    /// Removes every rule.
    public func clear() throws { try command(["command": "clear"]) }

    /// Forgets the requests seen so far.
    public func resetStatistics() throws { try command(["command": "reset-stats"]) }

    /// The requests seen so far: method, path and what was done.
    public func requests() throws -> [(method: String, path: String, outcome: String)] {
        let answer = try command(["command": "stats"])
        return (answer["requests"] as? [[String]] ?? []).map { ($0[0], $0[1], $0[2]) }
    }

    /// One request the proxy saw.
    public struct Request: Sendable, CustomStringConvertible {
        /// `GET`, `HEAD`, …
        public let method: String
        /// The path and query as sent (percent-encoded).
        public let path: String
        /// What the proxy did (`passed 200`, `reset after 1000 bytes (upstream 200)`, …).
        public let outcome: String
        /// The request's `Range` header, or `nil` for none.
        public let range: String?

        public var description: String { "\(method) \(path)\(range.map { " [\($0)]" } ?? "") → \(outcome)" }
    }

    /// The requests seen so far whose path (percent-decoded) contains `key` (all with `nil`).
    public func requests(for key: String?) throws -> [Request] {
        let answer = try command(["command": "stats"])
        return (answer["requests"] as? [[String]] ?? []).compactMap { row -> Request? in
            guard row.count >= 3 else { return nil }
            let request = Request(method: row[0], path: row[1], outcome: row[2], range: row.count > 3 && !row[3].isEmpty ? row[3] : nil)
            if let key, !(request.path.removingPercentEncoding ?? request.path).contains(key) { return nil }
            return request
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
