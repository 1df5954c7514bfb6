import Foundation

/// 6. The distributed pair: PostgreSQL metadata + Ceph radosgw blobs (the servers bench/run.sh starts
/// with scripts/servers/start), with one and with two store instances (two processes, as two
/// servers would be), against floors measured in the same run (the same bytes put into the same
/// radosgw by boto3; the same list query run by `psql`) and against the embedded store.
extension Runner {
    /// The test servers' settings, from the environment `scripts/servers/start` prints.
    struct DistributedServers {
        let postgresURL: String
        let endpoint: String
        let region: String
        let bucket: String
        let accessKeyID: String
        let secretAccessKey: String
        let folder: String

        init?(_ environment: [String: String]) {
            guard let postgres = environment["KEEPSAKE_TEST_POSTGRES_URL"], let endpoint = environment["KEEPSAKE_TEST_S3_ENDPOINT"],
                  let bucket = environment["KEEPSAKE_TEST_S3_BUCKET"], let key = environment["KEEPSAKE_TEST_S3_ACCESS_KEY_ID"],
                  let secret = environment["KEEPSAKE_TEST_S3_SECRET_ACCESS_KEY"] else { return nil }
            postgresURL = postgres
            self.endpoint = endpoint
            region = environment["KEEPSAKE_TEST_S3_REGION"] ?? "us-east-1"
            self.bucket = bucket
            accessKeyID = key
            secretAccessKey = secret
            folder = environment["KEEPSAKE_TEST_SERVERS_DIR"] ?? ""
        }

        func metadata(_ schema: String) -> String { postgresURL + "?schema=" + schema }
        func blobs(_ prefix: String) -> String { "s3://\(bucket)/\(prefix)?endpoint=\(endpoint)&region=\(region)&addressing=path" }
    }

    /// Runs every command at once (each on a thread of its own, each given `stdin`) and returns
    /// their results in order.
    func runTogether(_ commands: [[String]], stdin: Data? = nil) throws -> [Ran] {
        let results = ResultsBox(count: commands.count)
        DispatchQueue.concurrentPerform(iterations: commands.count) { index in
            results.set(index, Result { try run(commands[index], stdin: stdin) })
        }
        return try results.values().map { try $0.get() }
    }

    /// Scenario 6 (with 6a); `accountsOnly`: just 6a (`--only accounts`).
    func distributed(accountsOnly: Bool = false) throws {
        guard let servers = DistributedServers(ProcessInfo.processInfo.environment) else {
            rows.append(Row(scenario: "6", measure: "distributed: PostgreSQL + Ceph radosgw, one and two instances", keepsake: "pending",
                            target: "servers not running: bench/run.sh starts them with scripts/servers/start (scripts/bootstrap installs them)"))
            return
        }
        // The children (store instances) read the credentials the AWS way.
        setenv("AWS_ACCESS_KEY_ID", servers.accessKeyID, 1)
        setenv("AWS_SECRET_ACCESS_KEY", servers.secretAccessKey, 1)
        let folder = work + "/distributed"
        removeTree(folder)
        try makeFolder(folder)
        let tag = UUID().uuidString.lowercased().prefix(8)
        let serverCPU = ServerProcesses(folder: servers.folder)
        var distributedDetails: [String: Any] = [:]
        if !accountsOnly {
            try distributedIngest(servers, folder: folder, tag: String(tag), serverCPU: serverCPU, details: &distributedDetails)
            try distributedListing(servers, folder: folder, tag: String(tag), details: &distributedDetails)
        }
        try distributedAccountsListing(servers, folder: folder, tag: String(tag), details: &distributedDetails)
        details["distributed"] = distributedDetails
    }

    // MARK: - Ingest

    func distributedIngest(_ servers: DistributedServers, folder: String, tag: String, serverCPU: ServerProcesses, details: inout [String: Any]) throws {
        let photos = photos("12mp")
        let photoArguments = photos.flatMap { ["--photo", $0] }
        let records = max(4, distributedRecords - distributedRecords % 4)
        let rounds = 2
        note("6. distributed ingest: \(records) records x \(photosPerRecord) photos (12 MP) on PostgreSQL + radosgw, one and two instances; local store; boto3 floors; \(rounds) interleaved rounds")
        // name -> (images, wall seconds, client CPU seconds, server CPU seconds)
        var totals: [String: (images: Double, seconds: Double, cpu: Double, postgres: Double, ceph: Double)] = [:]
        var perRound: [[String: Any]] = []
        func add(_ name: String, images: Double, seconds: Double, cpu: Double, server: (Double, Double)) {
            let before = totals[name] ?? (0, 0, 0, 0, 0)
            totals[name] = (before.images + images, before.seconds + seconds, before.cpu + cpu, before.postgres + server.0, before.ceph + server.1)
        }
        func measured(_ body: () throws -> (images: Double, seconds: Double, cpu: Double, detail: Any)) throws -> (Double, Double, Double, Any, (Double, Double)) {
            let before = serverCPU.cpuSeconds()
            let result = try body()
            let after = serverCPU.cpuSeconds()
            return (result.images, result.seconds, result.cpu, result.detail, (after.postgres - before.postgres, after.ceph - before.ceph))
        }
        for round in 0..<rounds {
            let count = records / rounds
            let sub = folder + "/ingest-round\(round)"
            var results: [String: Any] = [:]
            // The embedded store, same photos, same machine, same moment.
            let local = try measured {
                let o = try child("child-ingest", ["--store", sub + "/local", "--records", "\(count)"] + photoArguments)
                return (double(o, "images"), double(o, "seconds"), double(o, "cpu_seconds"), o)
            }
            add("local", images: local.0, seconds: local.1, cpu: local.2, server: local.4)
            results["local"] = local.3
            // One instance.
            let one = try measured {
                let o = try child("child-ingest", ["--store", sub + "/one", "--metadata", servers.metadata("bench_\(tag)_one"),
                                                   "--blobs", servers.blobs("bench-\(tag)/one/"), "--records", "\(count)"] + photoArguments)
                return (double(o, "images"), double(o, "seconds"), double(o, "cpu_seconds"), o)
            }
            add("one", images: one.0, seconds: one.1, cpu: one.2, server: one.4)
            results["one"] = one.3
            // Two instances on one store, half the records each, starting together once both have opened it.
            let two = try measured {
                let startAt = Date().timeIntervalSince1970 + 4
                let ran = try runTogether((0..<2).map { k in
                    [selfExecutable(), "child-ingest", "--store", sub + "/two-\(k)", "--metadata", servers.metadata("bench_\(tag)_two"),
                     "--blobs", servers.blobs("bench-\(tag)/two/"), "--records", "\(count / 2)", "--start-at", "\(startAt)"] + photoArguments
                })
                let objects = try ran.map { try $0.jsonObject() }
                let span = (objects.map { double($0, "ended_at") }.max() ?? .nan) - (objects.map { double($0, "started_at") }.min() ?? .nan)
                return (objects.map { double($0, "images") }.reduce(0, +), span, objects.map { double($0, "cpu_seconds") }.reduce(0, +), objects)
            }
            add("two", images: two.0, seconds: two.1, cpu: two.2, server: two.4)
            results["two"] = two.3
            // The floors: the same original bytes PUT into the same radosgw by boto3, one process, then two.
            for workers in [1, 2] {
                let floor = try measured {
                    let o = try run([python, scripts + "/boto3_upload.py", "--endpoint", servers.endpoint, "--region", servers.region,
                                     "--bucket", servers.bucket, "--prefix", "bench-\(tag)/boto3-\(round)-\(workers)/", "--records", "\(count)",
                                     "--workers", "\(workers)"] + photos).jsonObject()
                    return (double(o, "images"), double(o, "seconds"), double(o, "cpu_seconds"), o)
                }
                add("boto3_\(workers)", images: floor.0, seconds: floor.1, cpu: floor.2, server: floor.4)
                results["boto3_\(workers)"] = floor.3
            }
            perRound.append(results)
        }
        func total(_ name: String) -> [String: Double] {
            let t = totals[name] ?? (0, .nan, .nan, .nan, .nan)
            return ["images": t.images, "seconds": t.seconds, "cpu_seconds": t.cpu, "postgres_cpu_seconds": t.postgres, "ceph_cpu_seconds": t.ceph]
        }
        let local = total("local"), one = total("one"), two = total("two"), floor1 = total("boto3_1"), floor2 = total("boto3_2")
        func rate(_ t: [String: Double]) -> Double { t["images"]! / t["seconds"]! }
        func perImage(_ t: [String: Double], _ key: String) -> String { ms(t[key]! / t["images"]! * 1000) }
        func cpu(_ t: [String: Double], servers: Bool = true) -> String {
            "client \(perImage(t, "cpu_seconds"))" + (servers ? ", PostgreSQL \(perImage(t, "postgres_cpu_seconds")), Ceph \(perImage(t, "ceph_cpu_seconds"))" : "")
                + " CPU per image"
        }
        details["ingest"] = ["records": records, "rounds": perRound, "local": local, "one_instance": one, "two_instances": two,
                             "boto3_1_process": floor1, "boto3_2_processes": floor2]
        let images = Int(one["images"]!)
        let r1 = rate(one), r2 = rate(two), rl = rate(local), f1 = rate(floor1), f2 = rate(floor2)
        let what = "(decode, upright, strip, 256+1024 thumbnails, SHA-256; original + 2 thumbnails PUT with If-None-Match; commit in PostgreSQL)"
        rows.append(Row(scenario: "6", measure: "ingest on PostgreSQL + radosgw, \(images) photos of 12 MP, 3 per record, lossless, one instance \(what)",
                        keepsake: format(r1) + " images/s (" + cpu(one) + ")", peer: "boto3 put_object of the same originals, 1 process (floor)",
                        peerValue: format(f1) + " images/s (" + cpu(floor1) + ")", ratio: r1 / f1, ratioMeaning: "share of the floor's speed"))
        rows.append(Row(scenario: "6", measure: "same, one instance", keepsake: format(r1) + " images/s", peer: "the embedded store (SQLite + folder), same photos, same run",
                        peerValue: format(rl) + " images/s (" + cpu(local, servers: false) + ")", ratio: r1 / rl,
                        ratioMeaning: r1 >= rl ? "PostgreSQL + radosgw faster" : "embedded store faster"))
        rows.append(Row(scenario: "6", measure: "ingest on PostgreSQL + radosgw, same \(images) photos, two instances at once (two processes, half the records each)",
                        keepsake: format(r2) + " images/s together (" + cpu(two) + ")", peer: "boto3 put_object of the same originals, 2 processes (floor)",
                        peerValue: format(f2) + " images/s (" + cpu(floor2) + ")", ratio: r2 / f2, ratioMeaning: "share of the floor's speed"))
        rows.append(Row(scenario: "6", measure: "same, two instances", keepsake: format(r2) + " images/s", peer: "one instance, same run",
                        peerValue: format(r1) + " images/s", ratio: r2 / r1,
                        ratioMeaning: r2 >= r1 ? "two instances faster" : "one instance faster"))
    }

    // MARK: - Listing

    /// The statements `Store.list` runs on PostgreSQL for the 100 newest live records (see
    /// PostgresTransaction+Queries.swift), with the values written in, in the transaction it uses.
    func postgresListSQL(schema: String, ids: [String]) -> [String] {
        ["BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;",
         "SELECT id, collection, date, fields, created_at, updated_at, trashed_at, version, date FROM \(schema).record WHERE collection = 'bench' AND trashed_at IS NULL ORDER BY date DESC, id DESC LIMIT 101;",
         "SELECT id, record_id, position, path, byte_size, sha256, source_sha256, media_type, width, height, captured_at, thumbnail_format, created_at FROM \(schema).attachment WHERE record_id = ANY('{\(ids.joined(separator: ","))}'::text[]) ORDER BY record_id, position;",
         "COMMIT;"]
    }

    /// `psql` running the listing `iterations` times after 50 unmeasured: each listing's time is the
    /// sum of its four statements' times as psql's `\timing` reports them (the client's wall clock,
    /// from sending a statement to having its rows).
    func psqlCommand(_ url: BenchPostgresURL, ids: [String], iterations: Int, startAt: Double?) -> ([String], Data) {
        let statements = postgresListSQL(schema: url.schema, ids: ids).joined(separator: "\n")
        var script = "\\o /dev/null\n"
        for _ in 0..<50 { script += statements + "\n" }
        if let startAt { script += "SELECT pg_sleep(greatest(0, \(startAt) - extract(epoch FROM clock_timestamp())));\n" }
        script += "\\timing on\n"
        for _ in 0..<iterations { script += statements + "\n" }
        return (["psql", url.libpq, "-X", "-q"], Data(script.utf8))
    }

    func psqlTimings(_ ran: Ran, iterations: Int) throws -> [Double] {
        let times = ran.text.split(separator: "\n").compactMap { line -> Double? in
            guard line.hasPrefix("Time: "), let value = line.dropFirst(6).split(separator: " ").first else { return nil }
            return Double(value)
        }
        guard times.count == 4 * iterations else { throw BenchFailure("psql printed \(times.count) timings, expected \(4 * iterations): \(ran.stderr.suffix(500))") }
        return stride(from: 0, to: times.count, by: 4).map { (start: Int) -> Double in times[start..<(start + 4)].reduce(0, +) }
    }

    func samples(_ object: [String: Any], _ key: String) -> [Double] {
        (object[key] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
    }

    func distributedListing(_ servers: DistributedServers, folder: String, tag: String, details: inout [String: Any]) throws {
        let size = distributedStoreSize
        let iterations = listIterations
        let metadata = servers.metadata("bench_\(tag)_list"), blobs = servers.blobs("bench-\(tag)/list/")
        note("6. distributed listing: \(size) records on PostgreSQL (and the embedded store), 100 newest x \(iterations), one and two instances, psql")
        let small = photos("small").flatMap { ["--photo", $0] }
        let (_, buildSeconds) = try timed {
            try child("populate-distributed", ["--store", folder + "/list-populate", "--metadata", metadata, "--blobs", blobs, "--records", "\(size)"] + small)
        }
        let localRoot = folder + "/list-local"
        _ = try child("populate", ["--store", localRoot, "--records", "\(size)"] + small)
        let url = try BenchPostgresURL(metadata)

        // The ids of the first page, for the peer's second statement.
        let first = try run(["psql", url.libpq, "-X", "-A", "-t", "-c",
                             "SELECT id FROM \(url.schema).record WHERE collection = 'bench' AND trashed_at IS NULL ORDER BY date DESC, id DESC LIMIT 100"])
        let ids = first.text.split(separator: "\n").map(String.init)
        guard ids.count == 100 else { throw BenchFailure("the populated store lists \(ids.count) records") }
        let plan = try run(["psql", url.libpq, "-X", "-A", "-t", "-c", "EXPLAIN " + postgresListSQL(schema: url.schema, ids: ids)[1]]).text

        func list(_ store: String, distributed: Bool, startAt: Double? = nil) -> [String] {
            [selfExecutable(), "child-list", "--store", store, "--iterations", "\(iterations)", "--timings", "yes"]
                + (distributed ? ["--metadata", metadata, "--blobs", blobs] : [])
                + (startAt.map { ["--start-at", "\($0)"] } ?? [])
        }
        let localResult = try run(list(localRoot, distributed: false)).jsonObject()
        let oneResult = try run(list(folder + "/list-one", distributed: true)).jsonObject()
        let (peerCommand, peerScript) = psqlCommand(url, ids: ids, iterations: iterations, startAt: nil)
        let peerOne = try psqlTimings(try run(peerCommand, stdin: peerScript), iterations: iterations)
        let startAt = Date().timeIntervalSince1970 + 4
        let twoResults = try runTogether([list(folder + "/list-two-0", distributed: true, startAt: startAt),
                                          list(folder + "/list-two-1", distributed: true, startAt: startAt)]).map { try $0.jsonObject() }
        let peerStart = Date().timeIntervalSince1970 + 3
        let (peerTwoCommand, peerTwoScript) = psqlCommand(url, ids: ids, iterations: iterations, startAt: peerStart)
        let peerTwoRuns = try runTogether([peerTwoCommand, peerTwoCommand], stdin: peerTwoScript)
        let peerTwo = try peerTwoRuns.flatMap { try psqlTimings($0, iterations: iterations) }

        let local = Summary(samples(localResult, "wall_ms")), localCPU = Summary(samples(localResult, "cpu_ms"))
        let one = Summary(samples(oneResult, "wall_ms")), oneCPU = Summary(samples(oneResult, "cpu_ms"))
        let two = Summary(twoResults.flatMap { samples($0, "wall_ms") }), twoCPU = Summary(twoResults.flatMap { samples($0, "cpu_ms") })
        let psqlOne = Summary(peerOne), psqlTwo = Summary(peerTwo)
        details["listing"] = ["records": size, "build_seconds": buildSeconds, "iterations": iterations, "query_plan": plan,
                              "local_wall": local.json, "local_thread_cpu": localCPU.json, "one_wall": one.json, "one_thread_cpu": oneCPU.json,
                              "two_wall": two.json, "two_thread_cpu": twoCPU.json, "psql_one": psqlOne.json, "psql_two": psqlTwo.json,
                              "late_seconds": twoResults.map { double($0, "late_seconds") }]
        let label = "list 100 newest with thumbnail paths on PostgreSQL, \(size / 1000)k records (\(size * 3 / 1000)k images)"
        let peer = "psql, same SQL in the same transaction (wall, \\timing)"
        for (name, k, kc, p) in [("p50", one.p50, oneCPU.p50, psqlOne.p50), ("p99", one.p99, oneCPU.p99, psqlOne.p99)] {
            rows.append(Row(scenario: "6", measure: (name == "p50" ? label : "same") + ", one instance, \(name) (Keepsake: wall / CPU)",
                            keepsake: ms(k) + " / " + ms(kc), peer: peer, peerValue: ms(p), ratio: k / p, ratioMeaning: "wall time, Keepsake / psql"))
        }
        for (name, k, kc, p) in [("p50", two.p50, twoCPU.p50, psqlTwo.p50), ("p99", two.p99, twoCPU.p99, psqlTwo.p99)] {
            rows.append(Row(scenario: "6", measure: "same, two instances listing at once, \(name) of both (Keepsake: wall / CPU)",
                            keepsake: ms(k) + " / " + ms(kc), peer: "two psql at once, same SQL", peerValue: ms(p), ratio: k / p,
                            ratioMeaning: "wall time, Keepsake / psql"))
        }
        for (name, k, l, lc) in [("p50", one.p50, local.p50, localCPU.p50), ("p99", one.p99, local.p99, localCPU.p99)] {
            rows.append(Row(scenario: "6", measure: "same, one instance, \(name)", keepsake: ms(k),
                            peer: "the embedded store (SQLite), \(size / 1000)k records, same run (wall / CPU)", peerValue: ms(l) + " / " + ms(lc),
                            ratio: k / l, ratioMeaning: "wall time, PostgreSQL / SQLite"))
        }
    }
}

/// Results filled in by concurrent threads, one slot each.
final class ResultsBox: @unchecked Sendable {
    // @unchecked Sendable: every access is under `lock`.
    private let lock = NSLock()
    private var slots: [Result<Ran, any Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Ran, any Error>) { lock.withLock { slots[index] = result } }

    func values() -> [Result<Ran, any Error>] {
        lock.withLock { slots.map { $0 ?? .failure(BenchFailure("a concurrent command did not run")) } }
    }
}
