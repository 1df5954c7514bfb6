import Foundation

/// One running `curl -sS --max-time 60` process that writes the headers and body of one exchange to
/// files; ``finish()`` waits for it and reads them. Start several before finishing any to have
/// them run at once (``curlConcurrently(_:)``).
///
/// `@unchecked Sendable`: the process and its files are read only by ``finish()``, which a test
/// calls once, after the process was started in `init`.
public final class CurlRun: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let directory: URL
    private let headerFile: URL
    private let bodyFile: URL

    /// Starts `curl` with `arguments` (one URL among them).
    public init(_ arguments: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-test-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        headerFile = directory.appendingPathComponent("headers")
        bodyFile = directory.appendingPathComponent("body")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "--max-time", "60", "-D", headerFile.path, "-o", bodyFile.path,
                             "-w", "%{http_code} %{size_upload}"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for curl to exit (blocking the calling thread) and reads what it got.
    public func finish() -> CurlResponse {
        let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: directory) }
        let headerText = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
        // Keep the last block: a "100 Continue" block may come first.
        let lastBlock = headerText.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
        let fields = lastBlock.components(separatedBy: "\r\n").dropFirst().compactMap { line -> CurlResponse.Header? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return CurlResponse.Header(name: String(line[..<colon]),
                                       value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let numbers = written.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return CurlResponse(status: numbers.first.flatMap { Int($0) } ?? 0, headers: fields,
                            body: (try? Data(contentsOf: bodyFile)) ?? Data(), exitCode: process.terminationStatus,
                            uploadedBytes: numbers.count > 1 ? Int(numbers[1]) ?? 0 : 0)
    }

    /// Waits for curl to exit without holding a thread of Swift's cooperative pool (a server under
    /// test may need those threads meanwhile), and reads what it got.
    public func finished() async -> CurlResponse {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.finish()) }
        }
    }
}

/// Runs `curl` with `arguments` (one URL among them) and returns the response; blocks the thread.
public func curl(_ arguments: [String]) throws -> CurlResponse {
    try CurlRun(arguments).finish()
}

/// Runs `curl` with `arguments` from asynchronous code, without blocking a cooperative thread.
public func curl(_ arguments: [String]) async throws -> CurlResponse {
    await (try CurlRun(arguments)).finished()
}

/// Runs one `curl` process per argument list, all at once, and returns their responses in order.
/// (Separate processes: curl 7.88's `--parallel` sends a `-F` form with only one of its transfers.)
public func curlConcurrently(_ argumentLists: [[String]]) throws -> [CurlResponse] {
    let runs = try argumentLists.map { try CurlRun($0) }
    return runs.map { $0.finish() }
}
