import Foundation

extension Runner {
    /// Scenario 6a (issue 22's speed target on PostgreSQL): the newest 100 of one account's book in a
    /// store of `accountsRecords` records over `accountCount` accounts, listed by that account
    /// through the access rule (and row-level security), against `psql` running the statements the
    /// store runs for it in the same kind of transaction. Target: at most 2x (wall time).
    func distributedAccountsListing(_ servers: DistributedServers, folder: String, tag: String, details: inout [String: Any]) throws {
        let iterations = listIterations
        let metadata = servers.metadata("bench_\(tag)_accounts"), blobs = servers.blobs("bench-\(tag)/accounts/")
        note("6a. distributed listing of one account among \(accountCount): \(accountsRecords) records on PostgreSQL, 100 newest x \(iterations), psql")
        let (_, buildSeconds) = try timed {
            try child("populate-distributed", ["--store", folder + "/accounts-populate", "--metadata", metadata, "--blobs", blobs,
                                               "--records", "\(accountsRecords)", "--accounts", "\(accountCount)"]
                      + photos("small").flatMap { ["--photo", $0] })
        }
        let url = try BenchPostgresURL(metadata)
        // The first admin (the template's author, whom child-list --as first-admin lists as), its
        // book and the first page's ids, for psql's statements.
        let found = try run(["psql", url.libpq, "-X", "-A", "-t", "-F", " ", "-c",
                             "SELECT a.id, b.id FROM \(url.schema).account a JOIN \(url.schema).book b ON b.default_of = a.id AND b.collection = 'bench' WHERE a.is_admin AND a.disabled_at IS NULL ORDER BY a.created_at, a.id LIMIT 1"])
        let pair = found.text.split(separator: "\n").first?.split(separator: " ").map(String.init) ?? []
        guard pair.count == 2 else { throw BenchFailure("the populated store has no admin with a bench book: \(found.text)") }
        let (owner, book) = (pair[0], pair[1])
        let first = try run(["psql", url.libpq, "-X", "-A", "-t", "-c",
                             "SELECT id FROM \(url.schema).record WHERE collection = 'bench' AND trashed_at IS NULL AND book_id = '\(book)' ORDER BY date DESC, id DESC LIMIT 100"])
        let ids = first.text.split(separator: "\n").map(String.init)
        guard ids.count == 100 else { throw BenchFailure("the account's book lists \(ids.count) records") }
        let statements = [
            "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;",
            "SELECT set_config('keepsake.caller', '\(owner)', true);",
            "SELECT m.book_id, m.role FROM \(url.schema).book_member m JOIN \(url.schema).account a ON a.id = m.account_id WHERE m.account_id = '\(owner)' AND a.disabled_at IS NULL;",
            "SELECT id, collection, date, fields, created_at, updated_at, trashed_at, version, book_id, author_id, date FROM \(url.schema).record WHERE collection = 'bench' AND trashed_at IS NULL AND book_id = '\(book)' ORDER BY date DESC, id DESC LIMIT 101;",
            "SELECT id, record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at FROM \(url.schema).attachment WHERE record_id = ANY('{\(ids.joined(separator: ","))}'::text[]) ORDER BY record_id, position;",
            "COMMIT;",
        ]
        let plan = try run(["psql", url.libpq, "-X", "-A", "-t"],
                           stdin: Data(("BEGIN;\n" + statements[1] + "\nEXPLAIN " + statements[3] + "\nCOMMIT;\n").utf8)).text
        let listed = try run([selfExecutable(), "child-list", "--store", folder + "/accounts-list", "--iterations", "\(iterations)", "--timings", "yes",
                              "--as", "first-admin", "--metadata", metadata, "--blobs", blobs]).jsonObject()
        var script = "\\o /dev/null\n"
        let joined = statements.joined(separator: "\n")
        for _ in 0..<50 { script += joined + "\n" }
        script += "\\timing on\n"
        for _ in 0..<iterations { script += joined + "\n" }
        let ran = try run(["psql", url.libpq, "-X", "-q"], stdin: Data(script.utf8))
        let times = ran.text.split(separator: "\n").compactMap { line -> Double? in
            guard line.hasPrefix("Time: "), let value = line.dropFirst(6).split(separator: " ").first else { return nil }
            return Double(value)
        }
        let count = statements.count
        guard times.count == count * iterations else { throw BenchFailure("psql printed \(times.count) timings, expected \(count * iterations): \(ran.stderr.suffix(500))") }
        let perList: [Double] = stride(from: 0, to: times.count, by: count).map { (start: Int) -> Double in
            let slice: ArraySlice<Double> = times[start..<(start + count)]
            return slice.reduce(0, +)
        }
        let keepsake = Summary(samples(listed, "wall_ms")), keepsakeCPU = Summary(samples(listed, "cpu_ms")), peer = Summary(perList)
        details["accounts_listing"] = ["records": accountsRecords, "accounts": accountCount, "build_seconds": buildSeconds, "iterations": iterations,
                                       "query_plan": plan, "keepsake_wall": keepsake.json, "keepsake_thread_cpu": keepsakeCPU.json, "psql": peer.json]
        let label = "one account's newest 100 on PostgreSQL (access rule + row-level security), \(accountsRecords / 1000)k records over \(accountCount) accounts"
        let peerName = "psql, same six statements in one transaction (wall, \\timing)"
        for (name, k, kc, p) in [("p50", keepsake.p50, keepsakeCPU.p50, peer.p50), ("p99", keepsake.p99, keepsakeCPU.p99, peer.p99)] {
            rows.append(Row(scenario: "6a", measure: (name == "p50" ? label : "same") + ", \(name) (Keepsake: wall / CPU)",
                            keepsake: ms(k) + " / " + ms(kc), peer: peerName, peerValue: ms(p), ratio: k / p,
                            ratioMeaning: "wall time, Keepsake / psql", target: "≤ 2x", met: k / p <= 2))
        }
    }
}
