import Foundation
import KeepsakeStore

/// A private PostgreSQL and Ceph radosgw for one torture run, started and disrupted through the
/// project's own scripts (`scripts/servers/start`, `postgres`, `ceph`, `stop`) under a folder of
/// the run's own, so a run never touches servers another checkout or test suite is using.
final class TestServerSet: @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable after init.
    /// The `scripts/servers` folder.
    let scripts: URL
    /// `KEEPSAKE_SERVERS_DIR` of these servers.
    let folder: URL
    /// `KEEPSAKE_TEST_*` settings that `start` printed.
    let settings: [String: String]

    /// `postgresql://keepsake:…@127.0.0.1:PORT/keepsake` (no schema).
    var postgresURL: String { settings["KEEPSAKE_TEST_POSTGRES_URL"] ?? "" }
    /// The radosgw's `http://127.0.0.1:PORT`.
    var s3Endpoint: String { settings["KEEPSAKE_TEST_S3_ENDPOINT"] ?? "" }
    var bucket: String { settings["KEEPSAKE_TEST_S3_BUCKET"] ?? "" }
    var region: String { settings["KEEPSAKE_TEST_S3_REGION"] ?? "" }
    var accessKeyID: String { settings["KEEPSAKE_TEST_S3_ACCESS_KEY_ID"] ?? "" }
    var secretAccessKey: String { settings["KEEPSAKE_TEST_S3_SECRET_ACCESS_KEY"] ?? "" }

    /// The repository's `scripts/servers`: `--repo DIR`, or found above this binary or the current folder.
    static func scriptsFolder(_ explicit: String?) -> URL? {
        let starts = explicit.map { [URL(fileURLWithPath: $0)] } ?? [Paths.binaryDirectory, URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        for start in starts {
            var url = start
            while url.pathComponents.count > 1 {
                let candidate = url.appendingPathComponent("scripts/servers")
                if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("start").path) { return candidate }
                url.deleteLastPathComponent()
            }
        }
        return nil
    }

    /// Starts fresh servers under `folder` (`scripts/servers/start`, about 10–30 s).
    init(scripts: URL, folder: URL) throws {
        self.scripts = scripts
        self.folder = folder
        let (status, output) = try Self.script(scripts, folder, "start", [], timeout: 300)
        guard status == .exited(0) else {
            throw KeepsakeError(.io, "scripts/servers/start failed (\(status)): \(output.suffix(1500)). Run scripts/bootstrap to install PostgreSQL and Ceph.")
        }
        var settings: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let match = line.firstMatch(of: /^export ([A-Z0-9_]+)='(.*)'$/) else { continue }
            settings[String(match.1)] = String(match.2)
        }
        guard settings["KEEPSAKE_TEST_POSTGRES_URL"] != nil, settings["KEEPSAKE_TEST_S3_ENDPOINT"] != nil else {
            throw KeepsakeError(.io, "scripts/servers/start printed no settings: \(output.suffix(800))")
        }
        self.settings = settings
    }

    /// Runs `scripts/servers/NAME ARGUMENTS` with this set's folder; returns its status and output
    /// (standard output and error together).
    static func script(_ scripts: URL, _ folder: URL, _ name: String, _ arguments: [String], timeout: Double) throws -> (Termination, String) {
        var environment = ProcessInfo.processInfo.environment
        environment["KEEPSAKE_SERVERS_DIR"] = folder.path
        environment["KEEPSAKE_SERVERS_POINTER"] = "0"
        let base = folder.deletingLastPathComponent().appendingPathComponent("servers-\(name)-\(UUID().uuidString.prefix(6))")
        let out = base.appendingPathExtension("out"), err = base.appendingPathExtension("err")
        let child = try Child(scripts.appendingPathComponent(name), arguments, stdoutPath: out.path, stderrPath: err.path, environment: environment)
        let (status, _) = child.wait(timeout: timeout)
        let output = ((try? String(contentsOf: out, encoding: .utf8)) ?? "") + ((try? String(contentsOf: err, encoding: .utf8)) ?? "")
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: err)
        return (status, output)
    }

    /// `scripts/servers/postgres ARGUMENTS` (restart-immediate, status).
    @discardableResult
    func postgres(_ arguments: String...) throws -> String {
        let (status, output) = try Self.script(scripts, folder, "postgres", arguments, timeout: 120)
        guard status == .exited(0) else { throw KeepsakeError(.io, "scripts/servers/postgres \(arguments.joined(separator: " ")): \(status): \(output.suffix(800))") }
        return output
    }

    /// `scripts/servers/ceph ARGUMENTS` (kill DAEMON, restart DAEMON, status).
    @discardableResult
    func ceph(_ arguments: String...) throws -> String {
        let (status, output) = try Self.script(scripts, folder, "ceph", arguments, timeout: 180)
        guard status == .exited(0) else { throw KeepsakeError(.io, "scripts/servers/ceph \(arguments.joined(separator: " ")): \(status): \(output.suffix(800))") }
        return output
    }

    /// Whether both servers answer (`postgres status`, `ceph status`).
    func bothAnswer() -> Bool {
        let postgres = try? Self.script(scripts, folder, "postgres", ["status"], timeout: 30)
        let ceph = try? Self.script(scripts, folder, "ceph", ["status"], timeout: 30)
        return postgres?.0 == .exited(0) && ceph?.0 == .exited(0)
    }

    /// Stops everything and removes the folder (`scripts/servers/stop`).
    func stop() {
        _ = try? Self.script(scripts, folder, "stop", [], timeout: 180)
    }
}
