import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization
import KeepsakeSupport

/// `serve`: the hostile inputs through HTTP and a load run against a real `keepsake serve`, while
/// the CLI writes to the same store.
///
/// 1. Hostile URLs and malformed requests (`..`, `%2e%2e`, encoded slashes, NUL, absolute paths,
///    100 KB targets, bad request lines): never a 5xx, never a byte of the database, of a file
///    outside the store (a sentinel) or of /etc/passwd, and the server keeps answering.
/// 2. Uploads through the diary compose form: every corrupt corpus file, the bombs and N mutated
///    images, under hostile file names (`../`, absolute, NUL, 1,000 characters): a 303 (stored) or
///    a 400/413/415/422 (refused), never a 5xx; the store holds exactly the accepted entries, each with its
///    photo's bytes; no upload is left in `web-uploads/`; nothing appears outside the store.
/// 3. Load for S seconds: readers fetch pages, thumbnails and originals, a writer posts entries,
///    and the CLI adds, edits and deletes entries meanwhile: no 5xx, no failed command, every
///    acknowledged entry exactly there.
/// Then SIGTERM: the server exits 0 and removes its upload folder; fsck is clean.
enum ServeTorture {
    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        let figures = Figures("serve")
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let count = arguments.int("--count", 100)
        let seconds = arguments.int("--seconds", 5)
        let seed = arguments.uint64("--seed", 20_251_130)
        let keepsake = Paths.binary("keepsake")
        guard let (status, _) = try? run(keepsake, ["serve", "--help"], timeout: 30), status == .exited(0) else {
            figures.skip("keepsake serve is not available (\(keepsake.path))")
            return figures.finish()
        }
        let scratch = Paths.scratch("serve", under: arguments.string("--tmp"))
        defer { if figures.failures.isEmpty { try? FileManager.default.removeItem(at: scratch) } }
        let storeURL = scratch.appendingPathComponent("store")
        let marker = "SENTINEL-\(UUID().uuidString)"
        let sentinel = scratch.appendingPathComponent("sentinel")
        try? FileManager.default.createDirectory(at: sentinel, withIntermediateDirectories: true)
        try? Data(marker.utf8).write(to: sentinel.appendingPathComponent("secret.txt"))
        let sentinelBefore = fingerprint(sentinel.path)
        let escapeTag = "escape-\(UUID().uuidString.prefix(6))"
        let photo = corpus.appendingPathComponent("jpeg/testorig.jpg")

        // A first entry through the CLI, so there are real image addresses to attack.
        guard let (added, _) = try? run(keepsake, ["--store", storeURL.path, "diary", "add", "--emotion", "joy", "--title", "seed", "--image", photo.path]),
              added == .exited(0) else {
            figures.fail("keepsake diary add failed on a fresh store")
            return figures.finish()
        }
        let output = scratch.appendingPathComponent("serve.out")
        let server: Child
        do {
            server = try Child(keepsake, ["--store", storeURL.path, "serve", "--port", "0", "--no-demo"], stdoutPath: output.path,
                               stderrPath: scratch.appendingPathComponent("serve.err").path)
        } catch {
            figures.fail("cannot start keepsake serve: \(describe(error))")
            return figures.finish()
        }
        var port = 0
        let waitUntil = monotonicSeconds() + 60
        while port == 0 && monotonicSeconds() < waitUntil && server.poll() == nil {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)/) { port = Int(match.1) ?? 0 } else { usleep(50_000) }
        }
        guard port != 0 else {
            figures.fail("keepsake serve did not print its address: \((try? String(contentsOf: scratch.appendingPathComponent("serve.err"), encoding: .utf8)) ?? "")")
            server.signal(SIGKILL)
            _ = server.wait()
            return figures.finish()
        }
        say("serve: keepsake serve on port \(port), store \(storeURL.path)")
        let client = HTTPClient(port: port)
        figures.add("runs")

        func alive(_ after: String) -> Bool {
            if let ended = server.poll() {
                figures.fail("keepsake serve died after \(after): \(ended)")
                return false
            }
            return true
        }

        let t0 = monotonicSeconds()
        hostileURLs(client, storeURL: storeURL, marker: marker, figures: figures, alive: alive)
        let t1 = monotonicSeconds()
        if alive("the hostile URLs") {
            uploads(client, storeURL: storeURL, corpus: corpus, count: count, seed: seed, escapeTag: escapeTag, figures: figures, alive: alive)
        }
        let t2 = monotonicSeconds()
        if alive("the uploads") {
            load(client, storeURL: storeURL, corpus: corpus, seconds: seconds, figures: figures, alive: alive)
        }
        let t3 = monotonicSeconds()
        figures.note("phases", String(format: "hostile URLs %.1f s, uploads %.1f s, load %.1f s", t1 - t0, t2 - t1, t3 - t2))

        // Stop: SIGTERM, exit 0, upload folder gone.
        if alive("the load") {
            server.signal(SIGTERM)
            let stopping = monotonicSeconds()
            let (ended, timedOut) = server.wait(timeout: 30)
            figures.note("stopping on SIGTERM", String(format: "%.1f s", monotonicSeconds() - stopping))
            if timedOut || ended != .exited(0) { figures.fail("keepsake serve did not stop cleanly on SIGTERM: \(ended)\(timedOut ? " (killed after 30 s)" : "")") }
        } else {
            _ = server.wait(timeout: 1)
        }
        let leftovers = walkFiles(storeURL.appendingPathComponent("web-uploads").path, hashing: false)
        if !leftovers.isEmpty { figures.fail("uploads left in web-uploads after the server stopped: \(leftovers.keys.sorted().prefix(3))") }
        do {
            let store = try Store(location: StoreLocation(root: storeURL), imageProcessor: VipsImageProcessor())
            let report = try store.fsck()
            if !report.isClean { figures.fail("fsck after the server stopped: \(report.summaryLine)") }
            if try store.intentsInFlight() != 0 { figures.fail("intents left after the server stopped") }
        } catch {
            figures.fail("checking the store at the end: \(describe(error))")
        }
        if fingerprint(sentinel.path) != sentinelBefore { figures.fail("the sentinel folder outside the store changed") }
        if let escaped = HostileNamesTorture.findEscapes(scratch, prefix: escapeTag) { figures.fail("an upload's name escaped the store: \(escaped)") }
        if !figures.failures.isEmpty { print("serve: kept \(scratch.path)") }
        return figures.finish()
    }
}
