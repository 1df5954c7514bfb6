import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization
import KeepsakeSupport

extension ServeTorture {
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
            for record in try store.allRecords(matching: query) {
                if let title = record.fields["title"]?.stringValue, title.hasPrefix("H") { found[title, default: []] += record.images.map(\.sourceSHA256) }
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
}
