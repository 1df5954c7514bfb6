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

/// Sends `request` byte for byte on a new connection to 127.0.0.1:`port` and returns everything the
/// server sends until it closes the connection (so `request` should say `Connection: close`).
func rawExchange(port: UInt16, _ request: String) throws -> String {
    struct SocketError: Error {}
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw SocketError() }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { throw SocketError() }
    let bytes = Array(request.utf8)
    guard send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw SocketError() }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        received += buffer[0..<count]
    }
    return String(decoding: received, as: UTF8.self)
}
