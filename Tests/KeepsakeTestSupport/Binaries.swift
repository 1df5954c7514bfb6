public import Foundation

/// Locates executables built by this package (next to the test bundle).
public enum Binaries {
    /// The build products folder (e.g. `.build/debug`).
    public static let productsFolder: URL = {
        if let override = ProcessInfo.processInfo.environment["KEEPSAKE_BIN_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        // The test runner is `.build/<triple>/debug/KeepsakePackageTests.xctest` (a file on Linux).
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("keepsake").path) { return url }
        }
        return Corpus.repositoryRoot.appendingPathComponent(".build/debug", isDirectory: true)
    }()

    /// The URL of the built executable `name`.
    public static func url(_ name: String) -> URL { productsFolder.appendingPathComponent(name) }
}

/// The result of running a process to completion.
public struct ProcessResult: Sendable, Equatable {
    /// Exit status (or signal number for a killed process).
    public let status: Int32
    /// Standard output as text.
    public let stdout: String
    /// Standard error as text.
    public let stderr: String

    /// A result as a run reported it.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs `executable` with `arguments` and waits for it.
public func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read both pipes fully before waiting, so a chatty child cannot block on a full pipe.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
}
