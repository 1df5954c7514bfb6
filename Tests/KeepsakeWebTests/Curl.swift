import Foundation

/// Runs curl as a child process and waits for it without blocking a Swift concurrency thread (the
/// server's handlers need those threads while the test waits).
enum Curl {
    static func run(_ arguments: [String]) async throws -> CurlResponse {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-web-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let headerFile = directory.appendingPathComponent("headers"), bodyFile = directory.appendingPathComponent("body")
        let statusFile = directory.appendingPathComponent("status")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "--max-time", "60", "-D", headerFile.path, "-o", bodyFile.path, "-w", "%{http_code} %{size_upload}"] + arguments
        _ = FileManager.default.createFile(atPath: statusFile.path, contents: nil)
        let statusHandle = try FileHandle(forWritingTo: statusFile)
        process.standardOutput = statusHandle
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try? statusHandle.close()
        let headerText = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
        let lastBlock = headerText.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
        let fields = lastBlock.components(separatedBy: "\r\n").dropFirst().compactMap { line -> CurlResponse.Header? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return CurlResponse.Header(name: String(line[..<colon]),
                                       value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let written = ((try? String(contentsOf: statusFile, encoding: .utf8)) ?? "").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let code = written.first.flatMap { Int($0) } ?? 0
        let uploaded = written.count > 1 ? Int(written[1]) ?? 0 : 0
        return CurlResponse(status: code, headers: fields, body: (try? Data(contentsOf: bodyFile)) ?? Data(), exitCode: status, uploadedBytes: uploaded)
    }
}
