import Foundation
import Testing
import KeepsakeCLI
import KeepsakeTestSupport

/// `keepsake` on one fresh store, in a fixed time zone (Asia/Seoul): run in-process
/// (``KeepsakeCommand/run(_:context:)``, the same code the binary runs) with its output captured, or
/// as the built binary (``binary``, for the end-to-end tests); with helpers to decode `--json` output.
/// The store is a folder of its own (SQLite and files), or a ``StorePlace`` of any backend pair,
/// opened with the place's `--store`/`--metadata`/`--blobs` and its credentials in the environment.
struct CLI {
    let directory: TemporaryDirectory
    let binary = Binaries.url("keepsake")
    let environment: [String: String]
    let timeZone: TimeZone
    /// The options that name the store, before every command.
    let storeArguments: [String]

    init(_ label: String = "cli", timeZone: String = "Asia/Seoul") {
        self.init(directory: TemporaryDirectory(label), timeZone: timeZone, storeArguments: nil, storeEnvironment: [:])
    }

    /// On `place` (a fresh store of any backend pair).
    init(place: any StorePlace, timeZone: String = "Asia/Seoul") {
        self.init(directory: place.directory, timeZone: timeZone, storeArguments: place.storeArguments, storeEnvironment: place.storeEnvironment)
    }

    private init(directory: TemporaryDirectory, timeZone: String, storeArguments: [String]?, storeEnvironment: [String: String]) {
        self.directory = directory
        var environment = ProcessInfo.processInfo.environment.merging(storeEnvironment) { $1 }
        environment["TZ"] = timeZone
        for name in ["KEEPSAKE_HOME", "KEEPSAKE_METADATA_URL", "KEEPSAKE_BLOBS_URL"] { environment.removeValue(forKey: name) }
        self.environment = environment
        self.timeZone = TimeZone(identifier: timeZone)!
        self.storeArguments = storeArguments ?? ["--store", directory.path]
    }

    /// The store folder.
    var store: String { directory.path }

    /// Runs `keepsake <store options> arguments…` in-process; `stdin` is its standard input.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil) async throws -> ProcessResult {
        await Self.run(storeArguments + arguments, stdin: stdin, timeZone: timeZone, environment: environment)
    }

    /// Runs `keepsake arguments…` in-process, exactly as given.
    static func run(_ arguments: [String], stdin: String? = nil, timeZone: TimeZone, environment: [String: String]) async -> ProcessResult {
        let io = CapturedIO(stdin: stdin)
        let status = await KeepsakeCommand.run(arguments, context: CommandContext(io: io, timeZone: timeZone, environment: environment))
        return ProcessResult(status: status, stdout: io.stdout, stderr: io.stderr)
    }

    /// Runs and expects exit 0; returns standard output.
    @discardableResult
    func ok(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await run(arguments, stdin: stdin)
        #expect(result.status == 0, "keepsake \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs with `--json` and decodes standard output as `T`.
    func json<T: Decodable>(_ type: T.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> T {
        let output = try await ok(arguments + ["--json"], sourceLocation: sourceLocation)
        do {
            return try CLI.decoder.decode(T.self, from: Data(output.utf8))
        } catch {
            Issue.record("could not decode \(T.self) from keepsake \(arguments.joined(separator: " ")): \(error)\n\(output)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// Runs and expects failure with `status` and a `keepsake: ` sentence on stderr (a CSV import adds
    /// indented lines).
    @discardableResult
    func fails(_ status: Int32, _ arguments: [String], containing text: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProcessResult {
        let result = try await run(arguments)
        #expect(result.status == status, "keepsake \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("keepsake: "), "\(result.stderr)", sourceLocation: sourceLocation)
        if let text {
            #expect(result.stderr.contains(text), "expected \(text) in: \(result.stderr)", sourceLocation: sourceLocation)
        }
        return result
    }

    /// Runs the built binary: `keepsake arguments…` exactly as given, in this CLI's environment.
    func runBinary(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try runProcess(binary, arguments, environment: environment, stdin: stdin)
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
