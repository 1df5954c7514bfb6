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

    // MARK: - 1. Hostile URLs

    static func hostileURLs(_ client: HTTPClient, storeURL: URL, marker: String, figures: Figures, alive: (String) -> Bool) {
        let (record, attachment): (String, String)
        do {
            let store = try Store(location: StoreLocation(root: storeURL), imageProcessor: VipsImageProcessor())
            let entry = try store.list(RecordQuery(collection: "diary")).records[0]
            (record, attachment) = (entry.id.string, String(entry.images[0].id))
        } catch {
            figures.fail("reading the seeded entry: \(describe(error))")
            return
        }
        let image = "/images/\(record)/\(attachment)"
        // The controls must work, or the hostile cases prove nothing.
        for control in ["/diary", "\(image)/256", "\(image)/original", "/diary/\(record)"] {
            guard let response = try? client.send("GET", control), response.status == 200 else {
                figures.fail("the control request GET \(control) did not answer 200")
                return
            }
        }
        let targets: [String] = [
            "/../../../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fkeepsake.sqlite",
            "/keepsake.sqlite", "/attachments/diary/\(record)", "/images/../keepsake.sqlite", "/images/..%2f..%2fkeepsake.sqlite",
            "/images/%2e%2e/%2e%2e/keepsake.sqlite/original", "\(image)/..%2f..%2f..%2fkeepsake.sqlite", "\(image)/../../../../keepsake.sqlite",
            "\(image)/original/..", "\(image)/256/../original/../../../keepsake.sqlite", "/images/\(record.uppercased())/\(attachment)/original",
            "/images/\(record)/0/original", "/images/\(record)/-1/original", "/images/\(record)/99999999999999999999/original",
            "/images/\(record)/\(attachment)/512", "/images/\(record)/\(attachment)/original%00.jpg", "/images/\(record)%00/\(attachment)/original",
            "/diary/%00", "/diary/a%00b", "/diary/\(record)%2f..%2f..%2fkeepsake.sqlite", "/diary/..%5c..%5ckeepsake.sqlite",
            "/assets/../keepsake.sqlite", "/assets/..%2f..%2f..%2f..%2fetc%2fpasswd", "/assets/%2e%2e%2fkeepsake.sqlite",
            "/assets/chart.js/../../../../etc/passwd", "//etc/passwd", "/\\..\\..\\keepsake.sqlite", "/images/" + storeURL.path + "/keepsake.sqlite",
            "/diary?back=//evil.example/", "/diary/\(record)/edit?next=http://evil.example/", "/diary?emotion=%00", "/diary?day=../../etc",
            "/diary/search?q=%00%ff%fe", "/diary/calendar?month=99999-99", "/ledger?month=-1", "/feed?page=-9223372036854775808",
            "/" + String(repeating: "a", count: 100_000), "/diary?" + String(repeating: "x=1&", count: 20_000), "*", "http://evil.example/diary",
        ]
        var statuses: [Int: Int] = [:]
        for target in targets {
            figures.add("inputs tried")
            figures.add("hostile URLs")
            do {
                let response = try client.send("GET", target)
                statuses[response.status, default: 0] += 1
                if response.status >= 500 { figures.fail("GET \(target.prefix(80)) answered \(response.status)") }
                let body = response.text
                if body.contains("SQLite format 3") || body.contains(marker) || body.contains("root:x:0:0") {
                    figures.fail("GET \(target.prefix(80)) answered with the content of a file outside the served pages")
                }
                if response.status == 200, target.contains(".."), !target.hasPrefix("/diary?"), !target.hasPrefix("/diary/\(record)/edit") {
                    figures.add("hostile URLs answered 200 (a page, checked for leaks)")
                }
            } catch {
                // A target over the server's request-line buffer may be cut off without an answer.
                if target.utf8.count <= 8192 { figures.fail("GET \(target.prefix(80)): no answer (\(error))") } else { statuses[0, default: 0] += 1 }
            }
            if !alive("GET \(target.prefix(80))") { return }
        }
        // Malformed requests: any answer or a closed connection, and the server still answers.
        let raw: [String] = [
            "GET /diary HTTP/1.1\r\nHost: 127.0.0.1:\(client.port)\r\nX: \u{0}\r\n\r\n", "GET /diary\r\n\r\n", "GARBAGE\r\n\r\n",
            "GET /diary HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", "GET /diary HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: \(String(repeating: "a", count: 200_000))\r\n\r\n",
            "POST /diary/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999\r\n\r\nabc",
            "POST /diary/new HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\nabc\r\n",
            "POST /diary/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=\r\nContent-Length: 10\r\n\r\n0123456789",
            "GET /diary HTTP/1.1\r\nHost: evil.example\r\n\r\n",
        ]
        for request in raw {
            figures.add("inputs tried")
            figures.add("malformed requests")
            // 505 (version not supported) and 501 (not implemented) are the right answers to some.
            // A request whose body never comes is held until the server's idle timeout: 2 s is enough to see an answer.
            if let response = try? client.sendRaw(Data(request.utf8), timeout: 2), response.status >= 500, ![501, 505].contains(response.status) {
                figures.fail("a malformed request (\(request.prefix(40).debugDescription)) answered \(response.status)")
            }
            if !alive("a malformed request") { return }
            if (try? client.send("GET", "/diary"))?.status != 200 { figures.fail("the server stopped answering after \(request.prefix(40).debugDescription)") }
        }
        figures.note("hostile URL statuses", statuses.sorted { $0.key < $1.key }.map { "\($0.key == 0 ? "closed" : String($0.key)): \($0.value)" }.joined(separator: ", "))
    }

    // MARK: - 2. Hostile uploads

    /// A session cookie and CSRF token from the compose page.
    static func session(_ client: HTTPClient) throws -> (cookie: String, token: String) {
        let page = try client.send("GET", "/diary/new")
        guard let setCookie = page.headers["set-cookie"], let cookie = setCookie.split(separator: ";").first.map(String.init),
              let token = page.text.firstMatch(of: /name="_csrf" value="([^"]+)"/).map({ String($0.1) }) else {
            throw HTTPClient.Failure(description: "the compose page gave no session cookie or CSRF token (status \(page.status))")
        }
        return (cookie, token)
    }

    static func post(_ client: HTTPClient, session: (cookie: String, token: String), title: String, files: [(field: String, filename: String, data: Data)]) throws -> HTTPClient.Response {
        let (body, type) = HTTPClient.multipart(fields: [("_csrf", session.token), ("emotion", "joy"), ("intensity", "3"), ("title", title), ("text", "torture")],
                                                files: files)
        return try client.send("POST", "/diary/new", headers: [("Cookie", session.cookie), ("Content-Type", type)], body: body)
    }

    static func uploads(_ client: HTTPClient, storeURL: URL, corpus: URL, count: Int, seed: UInt64, escapeTag: String, figures: Figures, alive: (String) -> Bool) {
        let plan = BadInputTorture.Plan(corpus: corpus, seed: seed, count: count)
        let names = ["photo.jpg", "../../\(escapeTag).jpg", "/tmp/\(escapeTag).jpg", "a\u{0}b-\(escapeTag).jpg", String(repeating: "n", count: 1000) + ".jpg",
                     "..\\..\\\(escapeTag).jpg", "\u{1b}[2J\(escapeTag).png", "%2e%2e%2f\(escapeTag).jpg"]
        let session: (cookie: String, token: String)
        do { session = try Self.session(client) } catch {
            figures.fail("uploads: \(error)")
            return
        }
        var accepted: [String: String] = [:]  // title -> source SHA-256
        var statuses: [Int: Int] = [:]
        var slowest = (ms: 0.0, name: "")
        // The valid corpus files first (each must be accepted), then every bad input.
        let valid = plan.sources.prefix(8).map { BadInputTorture.Input(name: $0.name, bytes: $0.bytes, how: "valid", kind: .mutant) }
        let inputs = valid + (0..<plan.total).map(plan.input)
        for (index, input) in inputs.enumerated() {
            figures.add("inputs tried")
            figures.add("uploads")
            let title = "H\(index)"
            let started = monotonicSeconds()
            do {
                let response = try post(client, session: session, title: title, files: [("photos", names[index % names.count], input.bytes)])
                let ms = (monotonicSeconds() - started) * 1000
                if ms > slowest.ms { slowest = (ms, "\(input.name) (\(input.how))") }
                statuses[response.status, default: 0] += 1
                switch response.status {
                case 303, 302:
                    accepted[title] = SHA256.hex(input.bytes)
                    if input.kind == .bomb { figures.fail("the bomb \(input.name) was accepted through the web form") }
                case 400, 413, 415, 422:
                    // A NUL in the file name makes the photo unreadable: refusing it is right.
                    if input.how == "valid" && !names[index % names.count].contains("\u{0}") { figures.fail("the valid photo \(input.name) was refused through the web form: \(response.status)") }
                default:
                    figures.fail("uploading \(input.name) (\(input.how)) as \(names[index % names.count].debugDescription.prefix(40)) answered \(response.status)")
                }
            } catch {
                figures.fail("uploading \(input.name) (\(input.how)): no answer (\(error))")
            }
            if !alive("uploading \(input.name)") { return }
        }
        // The ledger's receipt too: a readable name is stored, an unreadable one refused (not dropped).
        var receipts: [String: Bool] = [:]  // memo -> accepted
        if let ledger = try? client.send("GET", "/ledger/new"), let token = ledger.text.firstMatch(of: /name="_csrf" value="([^"]+)"/).map({ String($0.1) }) {
            let cookie = ledger.headers["set-cookie"]?.split(separator: ";").first.map(String.init) ?? session.cookie
            let photo = plan.sources.first { $0.name.hasSuffix(".jpg") }?.bytes ?? Data()
            for (index, name) in ["receipt.jpg", "a\u{0}b-\(escapeTag).jpg", "../../\(escapeTag).jpg", "receipt.jpg"].enumerated() {
                figures.add("inputs tried")
                figures.add("receipt uploads")
                let memo = "R\(index)"
                let (body, type) = HTTPClient.multipart(fields: [("_csrf", token), ("date", "2026-11-29"), ("kind", "expense"), ("amount", "12.50"),
                                                                 ("currency", "EUR"), ("category", "food"), ("memo", memo), ("done", "1")],
                                                        files: [("receipt", name, photo)])
                guard let response = try? client.send("POST", "/ledger/new", headers: [("Cookie", cookie), ("Content-Type", type)], body: body) else {
                    figures.fail("uploading a receipt named \(name.debugDescription): no answer")
                    continue
                }
                statuses[response.status, default: 0] += 1
                switch response.status {
                case 302, 303: receipts[memo] = true
                case 400, 413, 415, 422: receipts[memo] = false
                default: figures.fail("uploading a receipt named \(name.debugDescription) answered \(response.status)")
                }
                if name.contains("\u{0}") && receipts[memo] == true { figures.note("receipt with an unreadable name", "accepted (checked below)") }
                if name == "receipt.jpg" && receipts[memo] != true { figures.fail("a valid receipt was refused: \(response.status) \(response.text.prefix(200))") }
            }
        } else {
            figures.fail("the ledger's form gave no CSRF token")
        }
        figures.note("upload statuses", statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        figures.note("slowest upload", "\(Int(slowest.ms)) ms: \(slowest.name)")
        usleep(200_000)
        let leftovers = walkFiles(storeURL.appendingPathComponent("web-uploads").path, hashing: false)
        if !leftovers.isEmpty { figures.fail("uploads left in web-uploads after their requests: \(leftovers.keys.sorted().prefix(3))") }
        // Exactly the accepted entries, each with its photo.
        do {
            let store = try Store(location: StoreLocation(root: storeURL), imageProcessor: VipsImageProcessor())
            var query = RecordQuery(collection: "diary")
            query.trash = .all
            query.limit = 1000
            var found: [String: [String]] = [:]
            while true {
                let page = try store.list(query)
                for record in page.records {
                    if let title = record.fields["title"]?.stringValue, title.hasPrefix("H") { found[title, default: []] += record.images.map(\.sourceSHA256) }
                }
                guard let next = page.nextCursor else { break }
                query.after = next
            }
            figures.add("entries stored through the web form", found.count)
            for (title, hash) in accepted where found[title] != [hash] {
                figures.fail("the accepted upload \(title) is stored as \(found[title] ?? []) (expected [\(hash.prefix(12))])")
                if found[title] == nil { figures.add("lost") }
            }
            for title in found.keys where accepted[title] == nil { figures.fail("the refused upload \(title) was stored anyway") }
            let transactions = try StorePages.allRecords(store, collection: "ledger")
            for (memo, wasAccepted) in receipts {
                let stored = transactions.filter { $0.fields["memo"]?.stringValue == memo }
                if wasAccepted && (stored.count != 1 || stored[0].images.count != 1) {
                    figures.fail("the accepted transaction \(memo) is stored \(stored.count) times with \(stored.first?.images.count ?? 0) receipts (expected once, with its receipt)")
                }
                if !wasAccepted && !stored.isEmpty { figures.fail("the refused transaction \(memo) was stored anyway") }
            }
            let report = try store.fsck()
            if !report.isClean { figures.fail("fsck after the uploads: \(report.summaryLine)") }
        } catch {
            figures.fail("checking the uploads: \(describe(error))")
        }
    }

    // MARK: - 3. Load

    static func load(_ client: HTTPClient, storeURL: URL, corpus: URL, seconds: Int, figures: Figures, alive: (String) -> Bool) {
        let deadline = monotonicSeconds() + Double(seconds)
        let photo = (try? Data(contentsOf: corpus.appendingPathComponent("jpeg/testorig.jpg"))) ?? Data()
        let statuses = Mutex<[Int: Int]>([:])
        let posted = Mutex<[String]>([])
        let lane = CLILane(store: storeURL.path, logs: storeURL.deletingLastPathComponent(),
                           images: CrashTorture.imagePaths.map { corpus.appendingPathComponent($0) }, seed: 7, figures: figures)
        var threads: [Thread] = []
        threads.append(Thread {
            let result = lane.runRound(until: deadline, kill: false)
            figures.add("CLI commands during the load", result.acknowledged)
        })
        for reader in 0..<3 {
            threads.append(Thread {
                var random = SplitMix(seed: UInt64(reader))
                var links: [String] = []
                while monotonicSeconds() < deadline {
                    let target = links.isEmpty || Bool.random(using: &random)
                        ? ["/diary", "/feed", "/diary/trash", "/diary/calendar", "/store", "/changes?since=0"][Int.random(in: 0..<6, using: &random)]
                        : links[Int.random(in: 0..<links.count, using: &random)]
                    do {
                        let response = try client.send("GET", target)
                        statuses.withLock { $0[response.status, default: 0] += 1 }
                        if response.status >= 500 { figures.fail("load: GET \(target) answered \(response.status)") }
                        if response.headers["content-type"]?.hasPrefix("text/html") == true {
                            let found = response.text.matches(of: /(?:src|href)="(\/(?:images|diary)\/[0-9a-f-]{36}[^"]*)"/).map { String($0.1) }
                            if !found.isEmpty { links = Array(found.prefix(40)) }
                        }
                    } catch {
                        figures.fail("load: GET \(target): no answer (\(error))")
                    }
                }
            })
        }
        threads.append(Thread {
            guard let session = try? Self.session(client) else {
                figures.fail("load: no session for the writer")
                return
            }
            var serial = 0
            while monotonicSeconds() < deadline {
                serial += 1
                do {
                    let response = try post(client, session: session, title: "W\(serial)", files: [("photos", "w.jpg", photo)])
                    statuses.withLock { $0[response.status, default: 0] += 1 }
                    if response.status == 303 || response.status == 302 { posted.withLock { $0.append("W\(serial)") } } else {
                        figures.fail("load: posting an entry answered \(response.status)")
                    }
                } catch {
                    figures.fail("load: posting an entry: no answer (\(error))")
                }
            }
        })
        threads.forEach { $0.start() }
        while threads.contains(where: { !$0.isFinished }) { usleep(50_000) }
        _ = alive("the load")
        let counted = statuses.withLock { $0 }
        figures.add("requests during the load", counted.values.reduce(0, +))
        figures.note("load statuses", counted.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        do {
            let store = try Store(location: StoreLocation(root: storeURL), imageProcessor: VipsImageProcessor())
            lane.verify(store, round: 0) { ($0.fields["title"]?.stringValue ?? "").hasPrefix("T") }
            var query = RecordQuery(collection: "diary")
            query.limit = 1000
            query.trash = .all
            var titles = Set<String>()
            while true {
                let page = try store.list(query)
                titles.formUnion(page.records.compactMap { $0.fields["title"]?.stringValue })
                guard let next = page.nextCursor else { break }
                query.after = next
            }
            for title in posted.withLock({ $0 }) where !titles.contains(title) {
                figures.fail("load: the entry \(title) posted through the web (303) is missing")
                figures.add("lost")
            }
            figures.add("entries posted during the load", posted.withLock { $0.count })
        } catch {
            figures.fail("load: checking the store: \(describe(error))")
        }
    }
}
