import Foundation
import KeepsakeS3
import KeepsakeTestSupport

/// Clients for the test radosgw, each test under a prefix of its own.
enum S3Test {
    /// A fresh key prefix (`test/<uuid>/`), so tests never see each other's objects.
    static func prefix() -> String { "test/\(UUID().uuidString.lowercased())/" }

    /// The configuration of the test radosgw, path-style unless told, possibly through another endpoint.
    static func configuration(addressing: S3Addressing = .path, endpoint: String? = nil, secret: String? = nil,
                              bucket: String? = nil) throws -> S3Configuration {
        let server = try TestServers.s3()
        let base = endpoint ?? (addressing == .virtualHost ? server.virtualHostEndpoint : server.endpoint)
        var configuration = try S3Configuration(endpoint: base, region: server.region, bucket: bucket ?? server.bucket, addressing: addressing,
                                                credentials: S3Credentials(accessKeyID: server.accessKeyID,
                                                                           secretAccessKey: secret ?? server.secretAccessKey))
        configuration.timeouts = S3Timeouts(connect: .seconds(5), stall: .seconds(10), total: .seconds(60))
        configuration.retry = S3RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200))
        return configuration
    }

    /// A client of the test radosgw.
    static func client(addressing: S3Addressing = .path) throws -> S3Client {
        S3Client(configuration: try configuration(addressing: addressing))
    }

    /// Bytes of every value, `count` long, different for each seed.
    static func bytes(_ count: Int, seed: UInt8 = 7) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 >> 8) })
    }

    /// Deletes everything under `prefix`.
    static func clean(_ client: S3Client, _ prefix: String) {
        var keys: [String] = []
        try? client.forEachObject(prefix: prefix) { keys.append($0.key) }
        for key in keys { try? client.deleteObject(key: key) }
    }
}

/// The fault proxy (`scripts/servers/s3-fault-proxy`) in front of the test radosgw, run as a child
/// process for one test; it exits when this object goes (its standard input closes).
final class FaultProxy: @unchecked Sendable {
    // @unchecked Sendable: the pipes are used by one test at a time, under `lock`.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    /// `http://127.0.0.1:PORT` of the proxy.
    private(set) var url = ""

    init() throws {
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
    func command(_ command: [String: Any]) throws -> [String: Any] {
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
    func add(_ rule: [String: Any]) throws { try command(["command": "add", "rule": rule]) }

    /// The requests seen so far: method, path and what was done.
    func requests() throws -> [(method: String, path: String, outcome: String)] {
        let answer = try command(["command": "stats"])
        return (answer["requests"] as? [[String]] ?? []).map { ($0[0], $0[1], $0[2]) }
    }

    /// A client of the test radosgw through this proxy.
    func client(retry: S3RetryPolicy = S3RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200)),
                timeouts: S3Timeouts = S3Timeouts(connect: .seconds(5), stall: .seconds(10), total: .seconds(60))) throws -> S3Client {
        var configuration = try S3Test.configuration(endpoint: url)
        configuration.retry = retry
        configuration.timeouts = timeouts
        return S3Client(configuration: configuration)
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
