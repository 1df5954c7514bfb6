import Foundation
import KeepsakeImaging
import KeepsakeStore

extension Runner {
    /// The SQL `Store.list` runs for the 100 newest live records of a collection (see Store+Read.swift),
    /// with the bindings written in.
    func listSQL(ids: [String]) -> (records: String, attachments: String) {
        let records = "SELECT id, collection, date, fields, created_at, updated_at, trashed_at, version, date FROM record WHERE collection = 'bench' AND trashed_at IS NULL ORDER BY date DESC, id DESC LIMIT 101;"
        let attachments = "SELECT id, record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at FROM attachment WHERE record_id IN (" + ids.map { "'\($0)'" }.joined(separator: ",") + ") ORDER BY record_id, position;"
        return (records, attachments)
    }

    func storePath(_ size: Int) -> String { work + "/stores/\(size)" }

    func listing() throws {
        var p50s: [Int: Double] = [:], peerP50s: [Int: Double] = [:]
        var listDetails: [String: Any] = [:]
        for size in storeSizes {
            let root = storePath(size)
            note("2. listing: building a store of \(size) records")
            let (built, buildSeconds) = try timed {
                try child("populate", ["--store", root, "--records", "\(size)"] + photos("small").flatMap { ["--photo", $0] })
            }
            _ = built
            let store = try openStore(root)
            var query = RecordQuery(collection: benchCollection)
            query.limit = 100
            let ids = try store.list(query).records.map(\.id.string)
            guard ids.count == 100 else { throw BenchFailure("listing gave \(ids.count) records") }
            for _ in 0..<100 { _ = try store.list(query) }
            var wall: [Double] = [], cpu: [Double] = []
            for _ in 0..<listIterations {
                let c0 = threadCPUSeconds(), t0 = nanoseconds()
                let page = try store.list(query)
                let t1 = nanoseconds(), c1 = threadCPUSeconds()
                precondition(page.records.count == 100 && page.records[0].images.count == 3)
                wall.append(Double(t1 - t0) / 1e6)
                cpu.append((c1 - c0) * 1000)
            }
            let keepsake = Summary(wall), keepsakeCPU = Summary(cpu)

            // The same list by an account that owns the book (the access rule resolved in the list's
            // transaction, the query led by record_by_book_date), against the local operator above.
            guard let owner = try store.firstAdmin() else { throw BenchFailure("the populated store has no admin") }
            let asOwner = store.acting(as: .account(owner.id))
            guard try asOwner.list(query).records.map(\.id.string) == ids else { throw BenchFailure("the owner lists other records than the operator") }
            for _ in 0..<100 { _ = try asOwner.list(query) }
            var ownerCPU: [Double] = []
            for _ in 0..<listIterations {
                let c0 = threadCPUSeconds()
                let page = try asOwner.list(query)
                ownerCPU.append((threadCPUSeconds() - c0) * 1000)
                precondition(page.records.count == 100)
            }
            let asAccount = Summary(ownerCPU)

            // The sqlite3 shell, same SQL, same file: `.timer on` gives each statement's user + system
            // CPU time (getrusage, microseconds); rows are formatted and written to /dev/null.
            let sql = listSQL(ids: ids)
            let warm = 100
            var script = ".output /dev/null\n.timer on\n"
            for _ in 0..<(warm + listIterations) { script += sql.records + "\n" + sql.attachments + "\n" }
            let shell = try run(["sqlite3", "-readonly", root + "/keepsake.sqlite"], stdin: Data(script.utf8))
            let times = shell.text.split(separator: "\n").compactMap { line -> Double? in
                let parts = line.split(separator: " ")
                guard parts.count == 8, parts[0] == "Run", let user = Double(parts[5]), let sys = Double(parts[7]) else { return nil }
                return (user + sys) * 1000
            }
            guard times.count == 2 * (warm + listIterations) else { throw BenchFailure("sqlite3 printed \(times.count) timings: \(shell.stderr)") }
            let perList = stride(from: 2 * warm, to: times.count, by: 2).map { times[$0] + times[$0 + 1] }
            let peer = Summary(perList)
            let plan = try run(["sqlite3", "-readonly", root + "/keepsake.sqlite"],
                               stdin: Data(("EXPLAIN QUERY PLAN " + sql.records + "\nEXPLAIN QUERY PLAN " + sql.attachments + "\n").utf8)).text

            let rss = try child("child-list", ["--store", root, "--iterations", "200"])
            p50s[size] = keepsakeCPU.p50
            peerP50s[size] = peer.p50
            listDetails["\(size)"] = ["build_seconds": buildSeconds, "keepsake_wall": keepsake.json, "keepsake_thread_cpu": keepsakeCPU.json,
                                      "sqlite3_shell_cpu": peer.json, "account_thread_cpu": asAccount.json, "query_plan": plan, "rss": rss]
            let label = "list 100 newest with thumbnail paths, \(size / 1000)k records (\(size * 3 / 1000)k images)"
            rows.append(Row(scenario: "2", measure: label + ", p50 (Keepsake: wall / CPU)",
                            keepsake: ms(keepsake.p50) + " / " + ms(keepsakeCPU.p50), peer: "sqlite3 shell, same SQL (CPU)", peerValue: ms(peer.p50),
                            ratio: keepsakeCPU.p50 / peer.p50, ratioMeaning: "CPU time, Keepsake / peer", target: "≤ 2x",
                            met: keepsakeCPU.p50 / peer.p50 <= 2))
            rows.append(Row(scenario: "2", measure: "same list by an account that owns the book (access rule + book index), p50 CPU",
                            keepsake: ms(asAccount.p50), peer: "the local operator, same store, same run", peerValue: ms(keepsakeCPU.p50),
                            ratio: asAccount.p50 / keepsakeCPU.p50, ratioMeaning: "CPU time, account / operator", target: "≤ 1.05x",
                            met: asAccount.p50 / keepsakeCPU.p50 <= 1.05))
            rows.append(Row(scenario: "2", measure: "same, p99 (Keepsake: wall / CPU)", keepsake: ms(keepsake.p99) + " / " + ms(keepsakeCPU.p99),
                            peer: "sqlite3 shell, same SQL (CPU)", peerValue: ms(peer.p99),
                            ratio: keepsakeCPU.p99 / peer.p99, ratioMeaning: "CPU time, Keepsake / peer",
                            target: size >= 100_000 ? "≤ 2x; wall < 5 ms" : "≤ 2x",
                            met: keepsakeCPU.p99 / peer.p99 <= 2 && (size < 100_000 || keepsake.p99 < 5)))
        }
        if let small = storeSizes.first, let large = storeSizes.last, small != large, let a = p50s[small], let b = p50s[large] {
            let logFactor = log(Double(large)) / log(Double(small))
            listDetails["growth"] = ["p50_ratio": b / a, "log_factor": logFactor]
            let peerGrowth = (peerP50s[large] ?? .nan) / (peerP50s[small] ?? .nan)
            rows.append(Row(scenario: "2", measure: "growth of p50 CPU time from \(small / 1000)k to \(large / 1000)k records",
                            keepsake: format(b / a) + "x", peer: "sqlite3 shell", peerValue: format(peerGrowth) + "x",
                            target: "≤ log(\(large))/log(\(small)) = \(format(logFactor))x", met: b / a <= logFactor))
        }
        details["listing"] = listDetails
    }
}
