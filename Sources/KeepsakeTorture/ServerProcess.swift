import Foundation
import KeepsakeStore

/// A real `keepsake serve` process on a store, on an ephemeral port, with its output in files.
final class ServerProcess: @unchecked Sendable {
    // @unchecked: every stored property is immutable; `Child` guards its own state.
    let child: Child
    let port: Int
    let label: String

    /// Starts `keepsake --store STORE serve --port 0 --no-demo` and waits for its address.
    init(store: URL, scratch: URL, label: String) throws {
        self.label = label
        let output = scratch.appendingPathComponent("\(label).out"), errors = scratch.appendingPathComponent("\(label).err")
        child = try Child(Paths.binary("keepsake"), ["--store", store.path, "serve", "--port", "0", "--no-demo"],
                          stdoutPath: output.path, stderrPath: errors.path)
        var found = 0
        let waitUntil = monotonicSeconds() + 60
        while found == 0 && monotonicSeconds() < waitUntil && child.poll() == nil {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)/) { found = Int(match.1) ?? 0 } else { usleep(50_000) }
        }
        guard found != 0 else {
            child.signal(SIGKILL)
            _ = child.wait()
            throw KeepsakeError(.io, "keepsake serve (\(label)) did not print its address: \(((try? String(contentsOf: errors, encoding: .utf8)) ?? "").suffix(400))")
        }
        port = found
    }

    var client: HTTPClient { HTTPClient(port: port) }

    /// Resident memory (kB: all, anonymous, file-backed) and open file descriptors now, from /proc.
    func usage() -> (rssKB: Int, anonKB: Int, fileKB: Int, descriptors: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }).flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        }
        guard let rss = field("VmRSS") else { return nil }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd").count) ?? -1
        return (rss, field("RssAnon") ?? rss, field("RssFile") ?? 0, descriptors)
    }

    /// SIGTERM; nil when it stopped with status 0 within 30 s, else what happened.
    func stop() -> String? {
        guard child.poll() == nil else { return "it had already ended (\(child.poll()!))" }
        child.signal(SIGTERM)
        let (ended, timedOut) = child.wait(timeout: 30)
        if timedOut { return "it did not stop within 30 s of SIGTERM" }
        return ended == .exited(0) ? nil : "it stopped with \(ended)"
    }
}
