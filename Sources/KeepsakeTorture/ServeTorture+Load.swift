import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization
import KeepsakeSupport

extension ServeTorture {
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
            threads.append(Thread { browse(client, seed: UInt64(reader), until: deadline, statuses: statuses, figures: figures, label: "load") })
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
            let titles = Set(try store.allRecords(matching: query).compactMap { $0.fields["title"]?.stringValue })
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
