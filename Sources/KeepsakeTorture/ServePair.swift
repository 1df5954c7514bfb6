import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization

/// `serve-pair`: two `keepsake serve` processes on one local store, each with readers and a web
/// writer posting entries with a photo, while the CLI writes to the same store. No 5xx, no failed
/// command; each server shows the entries posted through the other; at the end every entry posted
/// (303) is there with its photo, every CLI command's result is as acknowledged (the crash lane's
/// page-by-page check), both servers stop on SIGTERM, fsck is clean.
enum ServePairTorture {
    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        let figures = Figures("serve-pair")
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let seconds = arguments.int("--seconds", 30)
        let scratch = Paths.scratch("serve-pair", under: arguments.string("--tmp"))
        defer { if figures.failures.isEmpty { try? FileManager.default.removeItem(at: scratch) } }
        let storeURL = scratch.appendingPathComponent("store")
        let photo = (try? Data(contentsOf: corpus.appendingPathComponent("jpeg/testorig.jpg"))) ?? Data()
        let servers: [ServerProcess]
        do {
            servers = try ["A", "B"].map { try ServerProcess(store: storeURL, scratch: scratch, label: "serve-\($0)") }
        } catch {
            figures.fail(describe(error))
            return figures.finish()
        }
        say("serve-pair: two keepsake serve on ports \(servers.map(\.port)), store \(storeURL.path), \(seconds) s")
        figures.add("runs", 2)
        let deadline = monotonicSeconds() + Double(seconds)
        let statuses = Mutex<[Int: Int]>([:])
        let posted = Mutex<[(server: Int, title: String)]>([])
        let lane = CLILane(store: storeURL.path, logs: scratch, images: CrashTorture.imagePaths.map { corpus.appendingPathComponent($0) },
                           seed: arguments.uint64("--seed", 17), figures: figures)
        var threads: [Thread] = [Thread {
            let result = lane.runRound(until: deadline, kill: false)
            figures.add("CLI commands", result.acknowledged)
        }]
        for (index, server) in servers.enumerated() {
            let client = server.client
            threads.append(Thread {
                guard let session = try? ServeTorture.session(client) else { return figures.fail("server \(server.label): no session for the writer") }
                var serial = 0
                while monotonicSeconds() < deadline {
                    serial += 1
                    let title = "\(server.label)-\(serial)"
                    do {
                        let response = try ServeTorture.post(client, session: session, title: title, files: [("photos", "p.jpg", photo)])
                        statuses.withLock { $0[response.status, default: 0] += 1 }
                        if response.status == 303 { posted.withLock { $0.append((index, title)) } } else {
                            figures.fail("\(server.label): posting an entry answered \(response.status): \(response.text.prefix(200))")
                        }
                    } catch {
                        figures.fail("\(server.label): posting an entry: no answer (\(error))")
                    }
                }
            })
            for reader in 0..<2 {
                threads.append(Thread { browse(client, seed: UInt64(index * 10 + reader), until: deadline, statuses: statuses, figures: figures, label: server.label) })
            }
        }
        threads.forEach { $0.start() }
        while threads.contains(where: { !$0.isFinished }) { usleep(50_000) }
        let counted = statuses.withLock { $0 }
        figures.add("requests", counted.values.reduce(0, +))
        figures.add("inputs tried", counted.values.reduce(0, +))
        figures.note("statuses", counted.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        let entries = posted.withLock { $0 }
        figures.add("entries posted", entries.count)
        // Each server shows the newest entry posted through the other.
        for (index, server) in servers.enumerated() {
            guard let other = entries.last(where: { $0.server != index }) else { continue }
            if let page = try? server.client.send("GET", "/diary"), page.status == 200 {
                if !page.text.contains(other.title) { figures.fail("\(server.label) does not show \(other.title), posted through the other server") }
                figures.add("cross-server reads checked")
            } else {
                figures.fail("\(server.label): GET /diary failed after the load")
            }
        }
        for server in servers {
            if let problem = server.stop() { figures.fail("\(server.label): \(problem)") }
        }
        do {
            let store = try Store(location: StoreLocation(root: storeURL), imageProcessor: VipsImageProcessor())
            lane.verify(store, round: 0) { ($0.fields["title"]?.stringValue ?? "").hasPrefix("T") }
            var photos: [String: Int] = [:]
            for record in try StorePages.allRecords(store, collection: "diary") {
                if let title = record.fields["title"]?.stringValue { photos[title] = record.images.count }
            }
            for entry in entries where photos[entry.title] != 1 {
                figures.fail("the entry \(entry.title) posted through the web (303) is \(photos[entry.title].map { "stored with \($0) photos" } ?? "missing")")
                if photos[entry.title] == nil { figures.add("lost") }
            }
            let report = try store.fsck()
            figures.add("fsck runs")
            if !report.isClean { figures.fail("fsck at the end: \(report.summaryLine)") }
            if try store.intentsInFlight() != 0 { figures.fail("intents left at the end") }
        } catch {
            figures.fail("checking the store: \(describe(error))")
        }
        if !figures.failures.isEmpty { print("serve-pair: kept \(scratch.path)") }
        return figures.finish()
    }
}
