import Foundation
import Testing
import KeepsakeTestSupport

/// The built `keepsake` binary on one fresh store, in a fixed time zone (Asia/Seoul), with helpers
/// to run it and decode its `--json` output.
struct CLI {
    let directory: TemporaryDirectory
    let binary = Binaries.url("keepsake")
    let environment: [String: String]

    init(_ label: String = "cli", timeZone: String = "Asia/Seoul") {
        directory = TemporaryDirectory(label)
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = timeZone
        environment.removeValue(forKey: "KEEPSAKE_HOME")
        self.environment = environment
    }

    /// The store folder.
    var store: String { directory.path }

    /// Runs `keepsake --store <store> arguments…`.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try runProcess(binary, ["--store", store] + arguments, environment: environment, stdin: stdin)
    }

    /// Runs and expects exit 0; returns standard output.
    @discardableResult
    func ok(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, stdin: stdin)
        #expect(result.status == 0, "keepsake \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs with `--json` and decodes standard output as `T`.
    func json<T: Decodable>(_ type: T.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        let output = try ok(arguments + ["--json"], sourceLocation: sourceLocation)
        do {
            return try CLI.decoder.decode(T.self, from: Data(output.utf8))
        } catch {
            Issue.record("could not decode \(T.self) from keepsake \(arguments.joined(separator: " ")): \(error)\n\(output)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// Runs and expects failure with `status`, a `keepsake: ` sentence on stderr and no crash.
    @discardableResult
    func fails(_ status: Int32, _ arguments: [String], containing text: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        let result = try run(arguments)
        #expect(result.status == status, "keepsake \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("keepsake: "), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "\(result.stderr)", sourceLocation: sourceLocation)
        if let text {
            #expect(result.stderr.contains(text), "expected \(text) in: \(result.stderr)", sourceLocation: sourceLocation)
        }
        return result
    }

    /// Decodes the tool's JSON (ISO 8601 dates with offsets).
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// The record id printed on a line such as `Added diary entry <id>.`.
func printedID(_ output: String) -> String? {
    output.firstMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/).map { String($0.output) }
}
