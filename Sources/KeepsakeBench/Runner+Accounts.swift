import Foundation
import KeepsakeStore

extension Runner {
    /// Scenario 2a (issue 22's speed target): the newest 100 of one account's book in a store of
    /// `accountsRecords` records spread over `accountCount` accounts (each the owner of its own
    /// book), listed through the access rule, against the `sqlite3` shell running the statements
    /// the engine runs for it (the caller's memberships, the page by the book-led index, the
    /// page's images) on the same file. Target: at most 2x.
    func accountsListing() throws {
        let root = work + "/stores/accounts"
        note("2a. listing of one account among \(accountCount): building a store of \(accountsRecords) records")
        let (_, buildSeconds) = try timed {
            try child("populate", ["--store", root, "--records", "\(accountsRecords)", "--accounts", "\(accountCount)", "--files", "no"]
                      + photos("small").flatMap { ["--photo", $0] })
        }
        let store = try openStore(root)
        guard let owner = try store.firstAdmin() else { throw BenchFailure("the populated store has no admin") }
        let asOwner = store.acting(as: .account(owner.id))
        var query = RecordQuery(collection: benchCollection)
        query.limit = 100
        let first = try asOwner.list(query).records
        guard first.count == 100, let book = first[0].book, first.allSatisfy({ $0.book == book }) else {
            throw BenchFailure("one account's list gave \(first.count) records, or records of several books")
        }
        for _ in 0..<100 { _ = try asOwner.list(query) }
        var cpu: [Double] = [], wall: [Double] = []
        for _ in 0..<listIterations {
            let c0 = threadCPUSeconds(), t0 = nanoseconds()
            let page = try asOwner.list(query)
            let t1 = nanoseconds(), c1 = threadCPUSeconds()
            precondition(page.records.count == 100)
            wall.append(Double(t1 - t0) / 1e6)
            cpu.append((c1 - c0) * 1000)
        }
        let keepsake = Summary(wall), keepsakeCPU = Summary(cpu)

        // The engine's three statements for this list (Store+Access.swift's memberships read, then
        // SQLiteTransaction+Queries.swift's page and its images), with the bindings written in.
        let memberships = "SELECT m.book_id, m.role FROM book_member m JOIN account a ON a.id = m.account_id WHERE m.account_id = '\(owner.id)' AND a.disabled_at IS NULL;"
        let records = "SELECT id, collection, date, fields, created_at, updated_at, trashed_at, version, book_id, author_id, date FROM record INDEXED BY record_by_book_date WHERE collection = 'bench' AND trashed_at IS NULL AND book_id = '\(book)' ORDER BY date DESC, id DESC LIMIT 101;"
        let ids = "[" + first.map { "\"\($0.id.string)\"" }.joined(separator: ",") + "]"
        let attachments = "SELECT id, record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at FROM attachment WHERE record_id IN (SELECT value FROM json_each('\(ids)')) ORDER BY record_id, position;"
        let warm = 100
        var script = ".output /dev/null\n.timer on\n"
        for _ in 0..<(warm + listIterations) { script += memberships + "\n" + records + "\n" + attachments + "\n" }
        let shell = try run(["sqlite3", "-readonly", root + "/keepsake.sqlite"], stdin: Data(script.utf8))
        let times = shell.text.split(separator: "\n").compactMap { line -> Double? in
            let parts = line.split(separator: " ")
            guard parts.count == 8, parts[0] == "Run", let user = Double(parts[5]), let sys = Double(parts[7]) else { return nil }
            return (user + sys) * 1000
        }
        guard times.count == 3 * (warm + listIterations) else { throw BenchFailure("sqlite3 printed \(times.count) timings: \(shell.stderr)") }
        let perList: [Double] = stride(from: 3 * warm, to: times.count, by: 3).map { (index: Int) -> Double in
            let statements: ArraySlice<Double> = times[index..<(index + 3)]
            return statements.reduce(0, +)
        }
        let peer = Summary(perList)
        let plan = try run(["sqlite3", "-readonly", root + "/keepsake.sqlite"],
                           stdin: Data(("EXPLAIN QUERY PLAN " + memberships + "\nEXPLAIN QUERY PLAN " + records + "\n").utf8)).text
        details["accounts_listing"] = ["records": accountsRecords, "accounts": accountCount, "build_seconds": buildSeconds,
                                       "keepsake_wall": keepsake.json, "keepsake_thread_cpu": keepsakeCPU.json, "sqlite3_shell_cpu": peer.json,
                                       "query_plan": plan]
        let label = "one account's newest 100 (access rule), \(accountsRecords / 1000)k records over \(accountCount) accounts"
        rows.append(Row(scenario: "2a", measure: label + ", p50 (Keepsake: wall / CPU)",
                        keepsake: ms(keepsake.p50) + " / " + ms(keepsakeCPU.p50), peer: "sqlite3 shell, same three statements (CPU)",
                        peerValue: ms(peer.p50), ratio: keepsakeCPU.p50 / peer.p50, ratioMeaning: "CPU time, Keepsake / peer", target: "≤ 2x",
                        met: keepsakeCPU.p50 / peer.p50 <= 2))
        rows.append(Row(scenario: "2a", measure: "same, p99 (Keepsake: wall / CPU)", keepsake: ms(keepsake.p99) + " / " + ms(keepsakeCPU.p99),
                        peer: "sqlite3 shell, same three statements (CPU)", peerValue: ms(peer.p99),
                        ratio: keepsakeCPU.p99 / peer.p99, ratioMeaning: "CPU time, Keepsake / peer", target: "≤ 2x",
                        met: keepsakeCPU.p99 / peer.p99 <= 2))
        removeTree(root)
    }
}
