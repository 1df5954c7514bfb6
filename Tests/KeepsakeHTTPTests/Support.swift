import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KeepsakeHTTP
import Synchronization

/// A server on 127.0.0.1 and an ephemeral port with its own staging folder, stopped and removed
/// when released.
final class ServerFixture {
    let root: URL
    let staging: URL
    let server: HTTPServer

    init(limits: HTTPLimits = HTTPLimits(), host: String = "127.0.0.1",
         errorLog: (@Sendable (String) -> Void)? = nil,
         configure: (inout HTTPServer.Configuration) -> Void = { _ in },
         handler: @escaping HTTPServer.Handler) throws {
        root = try makeTemporaryDirectory()
        staging = root.appendingPathComponent("staging")
        var configuration = HTTPServer.Configuration(stagingDirectory: staging, host: host, limits: limits, errorLog: errorLog)
        configure(&configuration)
        server = try HTTPServer(configuration: configuration, handler: handler)
    }

    init(configure: (inout HTTPServer.Configuration) -> Void = { _ in },
         asyncHandler: @escaping HTTPServer.AsyncHandler) throws {
        root = try makeTemporaryDirectory()
        staging = root.appendingPathComponent("staging")
        var configuration = HTTPServer.Configuration(stagingDirectory: staging)
        configure(&configuration)
        server = try HTTPServer(configuration: configuration, asyncHandler: asyncHandler)
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(server.port)\(path)"
    }

    /// The names of the files left in the staging folder.
    var stagedFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? []
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: root)
    }
}

/// A value the handler records on a connection thread and the test reads afterwards.
final class Recorder<Value: Sendable>: Sendable {
    private let storage: Mutex<[Value]> = Mutex([])

    func record(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] {
        storage.withLock { $0 }
    }
}

func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("keepsake-http-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// `count` random bytes written to a new file in `directory`.
func makeRandomFile(in directory: URL, name: String, count: Int) throws -> URL {
    let source = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/urandom"))
    defer { try? source.close() }
    let data = try source.read(upToCount: count) ?? Data()
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url
}

/// The SHA-256 of a file, from `sha256sum`.
func sha256(of url: URL) throws -> String {
    let output = try run("/usr/bin/sha256sum", [url.path]).output
    return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}

/// Runs a program and returns its exit status and standard output.
@discardableResult
func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
}
