import Foundation
import KeepsakeImaging
import KeepsakeStore

/// `run`: every scenario, each with its peers, in one run; writes results.json and table.md.
final class Runner {
    let work: String
    let inputs: String
    let scripts: String
    let python: String
    let ingestRecords: Int
    let storeSizes: [Int]
    let listIterations: Int
    let interruptRounds: Int
    /// Records of the distributed ingest (a multiple of 4: two rounds, two instances).
    let distributedRecords: Int
    /// Records of the distributed listing's store.
    let distributedStoreSize: Int
    var rows: [Row] = []
    var details: [String: Any] = [:]

    init(_ arguments: Arguments) throws {
        func absolute(_ path: String) -> String {
            path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        }
        work = absolute(try arguments.string("work"))
        inputs = absolute(try arguments.string("inputs"))
        scripts = absolute(try arguments.string("scripts"))
        python = arguments.string("python", default: "python3")
        ingestRecords = arguments.int("records", default: 34)
        storeSizes = arguments.string("stores", default: "10000,100000").split(separator: ",").compactMap { Int($0) }
        listIterations = arguments.int("iterations", default: 1000)
        interruptRounds = arguments.int("rounds", default: 5)
        distributedRecords = arguments.int("distributed-records", default: 24)
        distributedStoreSize = arguments.int("distributed-store", default: 10_000)
    }

    func photos(_ kind: String) -> [String] { (1...3).map { "\(inputs)/\(kind)-\($0).jpg" } }

    func child(_ command: String, _ arguments: [String]) throws -> [String: Any] {
        try run([selfExecutable(), command] + arguments).jsonObject()
    }

    func double(_ object: [String: Any], _ key: String) -> Double { (object[key] as? NSNumber)?.doubleValue ?? .nan }
    func int(_ object: [String: Any], _ key: String) -> Int { (object[key] as? NSNumber)?.intValue ?? 0 }

    // MARK: - 1. Ingest

    func ingest() throws {
        let photos = photos("12mp")
        let folder = work + "/ingest"
        removeTree(folder)
        try makeFolder(folder)
        let records = ingestRecords
        // Three rounds, each running Keepsake (both policies) and every peer on a third of the
        // records, so that load from other work on the machine falls on all of them alike; the
        // rates use the sums.
        let rounds = 3
        note("1. ingest: \(records) records x \(photosPerRecord) photos (12 MP), Keepsake (lossless, re-encode) and peers, \(rounds) interleaved rounds")
        var totals: [String: (images: Double, seconds: Double, cpu: Double)] = [:]
        var perRound: [[String: Any]] = []
        let photoArguments = photos.flatMap { ["--photo", $0] }
        for round in 0..<rounds {
            let count = records / rounds + (round < records % rounds ? 1 : 0)
            let sub = folder + "/round\(round)"
            var results: [String: [String: Any]] = [:]
            results["keepsake"] = try child("child-ingest", ["--store", sub + "/keepsake", "--records", "\(count)"] + photoArguments)
            results["keepsake_batch"] = try child("child-ingest", ["--store", sub + "/keepsake-batch", "--records", "\(count)", "--batch", "yes"]
                                                  + photoArguments)
            results["keepsake_reencode"] = try child("child-ingest", ["--store", sub + "/keepsake-reencode", "--records", "\(count)",
                                                                      "--policy", "reencode"] + photoArguments)
            results["pillow"] = try run([python, scripts + "/pillow_ingest.py", "--out", sub + "/pillow", "--records", "\(count)"] + photos).jsonObject()
            results["pillow2"] = try run([python, scripts + "/pillow_ingest.py", "--out", sub + "/pillow2", "--workers", "2", "--records", "\(count)"] + photos).jsonObject()
            results["copy"] = try run([python, scripts + "/copy_fsync.py", "--out", sub + "/copy", "--records", "\(count)"] + photos).jsonObject()
            for (name, result) in results {
                let before = totals[name] ?? (0, 0, 0)
                totals[name] = (before.images + double(result, "images"), before.seconds + double(result, "seconds"),
                                before.cpu + (double(result, "cpu_seconds").isNaN ? 0 : double(result, "cpu_seconds")))
            }
            perRound.append(results)
        }
        func total(_ name: String) -> [String: Any] {
            ["images": totals[name]?.images ?? 0, "seconds": totals[name]?.seconds ?? .nan, "cpu_seconds": totals[name]?.cpu ?? .nan]
        }
        let keepsake = total("keepsake"), batch = total("keepsake_batch"), reencode = total("keepsake_reencode"), pillow = total("pillow"), pillow2 = total("pillow2"), copy = total("copy")
        func rate(_ o: [String: Any]) -> Double { double(o, "images") / double(o, "seconds") }
        func cores(_ o: [String: Any]) -> String {
            ms(double(o, "cpu_seconds") / double(o, "images") * 1000) + " CPU per image, "
                + format(double(o, "cpu_seconds") / double(o, "seconds")) + " cores busy"
        }
        // CPU time per image: the figure load from other work on the machine changes least.
        func cpu(_ o: [String: Any]) -> String { " (" + ms(double(o, "cpu_seconds") / double(o, "images") * 1000) + " CPU per image)" }
        let k = rate(keepsake), kr = rate(reencode), p = rate(pillow), p2 = rate(pillow2), c = rate(copy)
        let images = int(keepsake, "images")
        details["ingest"] = ["keepsake_lossless": keepsake, "keepsake_lossless_batch": batch, "keepsake_reencode": reencode, "pillow": pillow, "pillow_2_processes": pillow2,
                             "copy_fsync": copy, "rounds": perRound, "photo_bytes": photos.map(fileSize)]
        let work = "(decode, upright, strip, 256+1024 thumbnails, SHA-256, fsync, commit)"
        rows.append(Row(scenario: "1", measure: "ingest, \(images) photos of 12 MP, 3 per record, lossless JPEG (the default) \(work)",
                        keepsake: format(k) + " images/s (\(cores(keepsake)))", peer: "copy the same bytes + fsync (floor)",
                        peerValue: format(c) + " images/s", ratio: k / c, ratioMeaning: "share of the floor's speed",
                        target: "≥ 0.30x", met: k / c >= 0.30))
        let kb = rate(batch)
        rows.append(Row(scenario: "1", measure: "ingest, same, lossless, every record in one Store.create(_:) of drafts (pipelined: the next record's photos decode while one commits)",
                        keepsake: format(kb) + " images/s (\(cores(batch)))", peer: "copy the same bytes + fsync (floor)",
                        peerValue: format(c) + " images/s", ratio: kb / c, ratioMeaning: "share of the floor's speed",
                        target: "≥ 0.30x", met: kb / c >= 0.30))
        rows.append(Row(scenario: "1", measure: "ingest, same, lossless JPEG", keepsake: format(k) + " images/s", peer: "Pillow + sqlite3 (re-encode q80), 1 process",
                        peerValue: format(p) + " images/s" + cpu(pillow), ratio: k / p, ratioMeaning: Row.faster(k / p, peer: "Pillow")))
        rows.append(Row(scenario: "1", measure: "ingest, same photos re-encoded as JPEG q80 (the --reencode option) \(work)",
                        keepsake: format(kr) + " images/s (\(cores(reencode)))", peer: "Pillow + sqlite3, 1 process", peerValue: format(p) + " images/s" + cpu(pillow),
                        ratio: kr / p, ratioMeaning: Row.faster(kr / p, peer: "Pillow")))
        rows.append(Row(scenario: "1", measure: "ingest, same, re-encode q80", keepsake: format(kr) + " images/s", peer: "Pillow + sqlite3, 2 processes",
                        peerValue: format(p2) + " images/s" + cpu(pillow2), ratio: kr / p2, ratioMeaning: Row.faster(kr / p2, peer: "Pillow"),
                        target: "≥ 2x (at least 1.5x)", met: kr / p2 >= 2))
        rows.append(Row(scenario: "1", measure: "ingest, same, re-encode q80", keepsake: format(kr) + " images/s", peer: "copy the same bytes + fsync (floor)",
                        peerValue: format(c) + " images/s", ratio: kr / c, ratioMeaning: "share of the floor's speed"))

        // Thumbnails alone: Keepsake's shrink-on-load path against vipsthumbnail, same files, same sizes.
        note("1. thumbnails: Keepsake makeThumbnails and vipsthumbnail, \(images) photos, 256 + 1024 px")
        let processor = VipsImageProcessor()
        let bytes = try photos.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for data in bytes { _ = try processor.makeThumbnails(fromStored: data, name: "warm-up", sizes: ThumbnailSize.standard) }
        let (_, keepsakeThumbs) = try timed {
            for index in 0..<images {
                _ = try processor.makeThumbnails(fromStored: bytes[index % bytes.count], name: "photo", sizes: ThumbnailSize.standard)
            }
        }
        let thumbFolder = folder + "/vipsthumbnail"
        try makeFolder(thumbFolder)
        let list = (0..<images).map { photos[$0 % photos.count] }
        var vipsSeconds = 0.0
        for size in [1024, 256] {
            let ran = try run(["vipsthumbnail", "-s", "\(size)"] + list + ["-o", "\(thumbFolder)/%s-\(size).jpg[Q=80,optimize_coding,strip]"])
            vipsSeconds += ran.seconds
        }
        let kt = keepsakeThumbs / Double(images) * 1000, vt = vipsSeconds / Double(images) * 1000
        rows.append(Row(scenario: "1", measure: "thumbnails 256 + 1024 from the 12 MP JPEG (shrink-on-load), per image, batch of \(images)",
                        keepsake: ms(kt), peer: "vipsthumbnail, one batch per size", peerValue: ms(vt),
                        ratio: kt / vt, ratioMeaning: "time, Keepsake / peer", target: "≤ 1.2x", met: kt / vt <= 1.2))

        // Where the time of one photo goes, on each path, one photo at a time on the calling
        // thread (the processor may use a second thread inside one photo).
        var perPath: [String: Any] = [:]
        for (label, policy) in [("lossless", ImageEncodingPolicy.lossless), ("reencode", ImageEncodingPolicy.reencode)] {
            var full: [Double] = [], bare: [Double] = []
            for data in bytes {
                let input = ImageInput(bytes: data, name: "photo")
                for _ in 0..<3 {
                    full.append(try timed { try processor.process(input, policy: policy, thumbnailSizes: ThumbnailSize.standard) }.1 * 1000)
                    bare.append(try timed { try processor.process(input, policy: policy, thumbnailSizes: []) }.1 * 1000)
                }
            }
            let fullMs = Summary(full).p50, bareMs = Summary(bare).p50
            perPath[label] = ["process_with_thumbnails_ms_p50": fullMs, "process_without_thumbnails_ms_p50": bareMs]
            rows.append(Row(scenario: "1", measure: "one photo through process(), \(label == "lossless" ? "lossless JPEG (marker rewrite; thumbnails from a 1/2-scale decode)" : "re-encode q80 (decode, upright, JPEG q80 and thumbnails on two threads)")",
                            keepsake: ms(fullMs) + " (\(ms(bareMs)) without thumbnails)"))
            if label == "reencode" {
                rows.append(Row(scenario: "1", measure: "thumbnails inside a re-encode ingest: extra time of process() for 256 + 1024, per image",
                                keepsake: ms(fullMs - bareMs), peer: "vipsthumbnail, one batch per size", peerValue: ms(vt),
                                ratio: (fullMs - bareMs) / vt, ratioMeaning: "time, Keepsake / peer", target: "≤ 1.2x", met: (fullMs - bareMs) / vt <= 1.2))
            }
        }
        // A phone photo held upright: orientation 6 at 4:2:0, turned by the lossless transform.
        let turned = inputs + "/12mp-rot6.jpg"
        if FileManager.default.fileExists(atPath: turned) {
            let input = ImageInput(bytes: try Data(contentsOf: URL(fileURLWithPath: turned)), name: "turned")
            var timings: [Double] = [], reencoded: [Double] = []
            for _ in 0..<5 {
                timings.append(try timed { try processor.process(input, policy: .lossless, thumbnailSizes: ThumbnailSize.standard) }.1 * 1000)
                reencoded.append(try timed { try processor.process(input, policy: .reencode, thumbnailSizes: ThumbnailSize.standard) }.1 * 1000)
            }
            perPath["lossless_orientation_6"] = ["process_ms_p50": Summary(timings).p50, "reencode_ms_p50": Summary(reencoded).p50]
            rows.append(Row(scenario: "1", measure: "one photo through process(), lossless, EXIF orientation 6 at 4:2:0 (tjTransform on a second thread)",
                            keepsake: ms(Summary(timings).p50) + " (re-encode of the same: \(ms(Summary(reencoded).p50)))"))
        }
        details["thumbnails"] = ["keepsake_make_thumbnails_ms_per_image": kt, "vipsthumbnail_ms_per_image_both_sizes": vt, "per_path": perPath]

        try tenPhotoEntry()
        try heic()
        try demo()
    }

    /// A diary entry with ten 12 MP photos (the most an entry holds): Keepsake's two cores on one
    /// operation, against the copy+fsync floor for the same ten files.
    func tenPhotoEntry() throws {
        let folder = work + "/entry10"
        removeTree(folder)
        let photos = photos("12mp"), entries = 3
        note("1. ten-photo diary entries: \(entries) entries of 10 photos (12 MP), lossless and re-encode")
        let arguments = ["--records", "\(entries)", "--per-record", "10", "--diary", "yes"] + photos.flatMap { ["--photo", $0] }
        let lossless = try child("child-ingest", ["--store", folder + "/lossless"] + arguments)
        let reencode = try child("child-ingest", ["--store", folder + "/reencode", "--policy", "reencode"] + arguments)
        let copy = try run([python, scripts + "/copy_fsync.py", "--out", folder + "/copy", "--records", "\(entries)", "--per-record", "10"] + photos).jsonObject()
        details["ten_photo_entry"] = ["lossless": lossless, "reencode": reencode, "copy_fsync": copy]
        func perEntry(_ o: [String: Any]) -> Double { double(o, "seconds") / double(o, "records") }
        func cores(_ o: [String: Any]) -> Double { double(o, "cpu_seconds") / double(o, "seconds") }
        for (label, result) in [("lossless", lossless), ("re-encode q80", reencode)] {
            rows.append(Row(scenario: "1", measure: "diary entry with 10 photos of 12 MP (Diary.create), \(label), per entry",
                            keepsake: format(perEntry(result)) + " s (\(format(cores(result))) cores busy)", peer: "copy the 10 files + fsync (floor)",
                            peerValue: format(perEntry(copy)) + " s", ratio: perEntry(copy) / perEntry(result),
                            ratioMeaning: "share of the floor's speed", target: "both cores busy (≥ 1.6)", met: cores(result) >= 1.6))
        }
    }

    /// HEIC: 12 MP iPhone photos, stored re-encoded as JPEG q80 (HEIC has no lossless JPEG path),
    /// against `vips copy in.heic out.jpg[Q=80]` on the same files, per photo.
    func heic() throws {
        let files = [corpusPath("heic/pug.heic"), corpusPath("exif/arrow.heic")].compactMap { $0 }
        guard files.count == 2 else {
            rows.append(Row(scenario: "1", measure: "HEIC 12 MP ingest", keepsake: "pending", target: "corpus heic/pug.heic, exif/arrow.heic not found"))
            return
        }
        let folder = work + "/heic"
        removeTree(folder)
        try makeFolder(folder)
        let records = 4
        note("1. HEIC: \(records * photosPerRecord) photos of 12 MP, Keepsake and vips copy")
        let keepsake = try child("child-ingest", ["--store", folder + "/keepsake", "--records", "\(records)"] + files.flatMap { ["--photo", $0] })
        var vipsSeconds = 0.0
        let count = records * photosPerRecord
        for index in 0..<count {
            vipsSeconds += try run(["vips", "copy", files[index % files.count], folder + "/vips-\(index).jpg[Q=80]"]).seconds
        }
        let processor = VipsImageProcessor()
        let input = ImageInput(bytes: try Data(contentsOf: URL(fileURLWithPath: files[0])), name: "pug.heic")
        _ = try processor.process(input, policy: .default, thumbnailSizes: ThumbnailSize.standard)
        var single: [Double] = []
        for _ in 0..<3 { single.append(try timed { try processor.process(input, policy: .default, thumbnailSizes: ThumbnailSize.standard) }.1 * 1000) }
        let one = try run(["vips", "copy", files[0], folder + "/one.jpg[Q=80]"]).seconds * 1000
        let k = double(keepsake, "seconds") / double(keepsake, "images") * 1000, v = vipsSeconds / Double(count) * 1000
        details["heic"] = ["keepsake": keepsake, "vips_copy_seconds_total": vipsSeconds, "process_one_ms": single, "vips_copy_one_ms": one]
        rows.append(Row(scenario: "1", measure: "HEIC 12 MP ingest (\(count) photos, 3 per record: decode, P3 to sRGB, JPEG q80, thumbnails, fsync, commit), per photo",
                        keepsake: ms(k) + " (\(format(double(keepsake, "cpu_seconds") / double(keepsake, "seconds"))) cores busy)",
                        peer: "vips copy in.heic out.jpg[Q=80], one process per photo", peerValue: ms(v),
                        ratio: k / v, ratioMeaning: "time, Keepsake / peer", target: "≤ 1.1x", met: k / v <= 1.1))
        rows.append(Row(scenario: "1", measure: "one HEIC photo through process() alone (pug.heic)", keepsake: ms(Summary(single).p50),
                        peer: "vips copy, the same photo", peerValue: ms(one), ratio: Summary(single).p50 / one, ratioMeaning: "time, Keepsake / peer"))
    }

    /// `keepsake demo` (29 records, 21 photos of the bundled samples): a batch through the CLI.
    func demo() throws {
        let keepsake = (selfExecutable() as NSString).deletingLastPathComponent + "/keepsake"
        guard FileManager.default.isExecutableFile(atPath: keepsake) else { return }
        let folder = work + "/demo"
        removeTree(folder)
        note("1. keepsake demo")
        let ran = try run(["/usr/bin/time", "-f", "TIME %e %U %S", keepsake, "--store", folder, "demo"])
        let times = ran.stderr.split(separator: "\n").last { $0.hasPrefix("TIME ") }?.split(separator: " ").dropFirst().compactMap { Double($0) } ?? []
        guard times.count == 3 else { return }
        details["demo"] = ["wall_seconds": times[0], "user_seconds": times[1], "system_seconds": times[2]]
        rows.append(Row(scenario: "1", measure: "keepsake demo (29 records, 21 photos), the whole command", keepsake: format(times[0]) + " s, "
                        + format((times[1] + times[2]) / times[0]) + " cores busy"))
    }

    /// A file of the shared corpus (KEEPSAKE_CORPUS, or ../shared/corpus beside the repository).
    func corpusPath(_ relative: String) -> String? {
        let roots = [ProcessInfo.processInfo.environment["KEEPSAKE_CORPUS"], scripts + "/../../shared/corpus"].compactMap { $0 }
        return roots.map { $0 + "/" + relative }.first { FileManager.default.fileExists(atPath: $0) }
    }

    // MARK: - 2. Listing

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
                                      "sqlite3_shell_cpu": peer.json, "query_plan": plan, "rss": rss]
            let label = "list 100 newest with thumbnail paths, \(size / 1000)k records (\(size * 3 / 1000)k images)"
            rows.append(Row(scenario: "2", measure: label + ", p50 (Keepsake: wall / CPU)",
                            keepsake: ms(keepsake.p50) + " / " + ms(keepsakeCPU.p50), peer: "sqlite3 shell, same SQL (CPU)", peerValue: ms(peer.p50),
                            ratio: keepsakeCPU.p50 / peer.p50, ratioMeaning: "CPU time, Keepsake / peer", target: "≤ 2x",
                            met: keepsakeCPU.p50 / peer.p50 <= 2))
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

    // MARK: - 3. Open and recover, fsck

    func openAndRecover() throws {
        guard let size = storeSizes.last else { return }
        let root = storePath(size)
        note("3. open: \(size) records, nothing in flight")
        var opens: [Double] = []
        for _ in 0..<30 {
            let (store, seconds) = try timed { try openStore(root) }
            opens.append(seconds * 1000)
            _ = store
        }
        let idle = Summary(opens)
        rows.append(Row(scenario: "3", measure: "open a \(size / 1000)k-record store, nothing in flight (30 opens), p50 / max",
                        keepsake: ms(idle.p50) + " / " + ms(idle.max), target: "< 50 ms", met: idle.max < 50))

        note("3. recover: \(interruptRounds) rounds of 100 operations killed mid-flight")
        var recoveries: [Double] = []
        var inFlightSeen: [Int] = []
        for _ in 0..<interruptRounds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: selfExecutable())
            process.arguments = ["child-interrupt", "--store", root, "--ops", "100", "--photo", photos("small")[0]]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.standardError
            try process.run()
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("READY") {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { throw BenchFailure("child-interrupt ended before READY") }
                seen += chunk
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let inFlight = Int(try run(["sqlite3", "-readonly", root + "/keepsake.sqlite", "SELECT count(*) FROM intent"]).text
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            inFlightSeen.append(inFlight)
            let (store, seconds) = try timed { try openStore(root) }
            recoveries.append(seconds * 1000)
            guard try store.intentsInFlight() == 0 else { throw BenchFailure("recovery left intents behind") }
            guard try store.count(benchCollection) == size else { throw BenchFailure("recovery changed the record count") }
        }
        let staging = (try? FileManager.default.contentsOfDirectory(atPath: root + "/staging")) ?? []
        let recovered = Summary(recoveries)
        rows.append(Row(scenario: "3", measure: "open after a SIGKILL with 100 operations in flight (recovers them all), \(interruptRounds) rounds, p50 / max",
                        keepsake: ms(recovered.p50) + " / " + ms(recovered.max)))

        note("3. fsck: \(size) records")
        let store = try openStore(root)
        let (quick, quickSeconds) = try timed { try store.fsck(repair: false, verifyHashes: false) }
        let (full, fullSeconds) = try timed { try store.fsck(repair: false, verifyHashes: true) }
        let data = store.location.dataDirectory.path, cache = store.location.cacheDirectory.path
        let find = try run(["find", data + "/attachments", cache + "/thumbnails", "-type", "f", "-printf", "%s\\n"], discardStdout: true)
        // The hashing peer: sha256sum over every original (what fsck hashes), found by find.
        let sha256sum = try run(["bash", "-c", "find \"$1\" -type f -print0 | xargs -0 sha256sum", "sha256sum", data + "/attachments"],
                                discardStdout: true)
        rows.append(Row(scenario: "3", measure: "fsck --no-hashes, \(size / 1000)k records, \(quick.filesScanned / 1000)k originals + thumbnails",
                        keepsake: format(quickSeconds) + " s" + (quick.isClean ? ", clean" : ", NOT clean"),
                        peer: "find -type f -printf (same trees, stats every file)", peerValue: format(find.seconds) + " s",
                        ratio: quickSeconds / find.seconds, ratioMeaning: "time, Keepsake / peer", target: "≤ 1.5x", met: quickSeconds / find.seconds <= 1.5))
        rows.append(Row(scenario: "3", measure: "fsck with SHA-256 of every original", keepsake: format(fullSeconds) + " s" + (full.isClean ? ", clean" : ", NOT clean"),
                        peer: "sha256sum of every original (find -print0, xargs -0)", peerValue: format(sha256sum.seconds) + " s",
                        ratio: fullSeconds / sha256sum.seconds, ratioMeaning: "time, Keepsake / peer", target: "≤ 1.5x", met: fullSeconds / sha256sum.seconds <= 1.5))
        rows.append(Row(scenario: "3", measure: "fsck with SHA-256, same", keepsake: format(fullSeconds) + " s",
                        peer: "find, same", peerValue: format(find.seconds) + " s", ratio: fullSeconds / find.seconds, ratioMeaning: "time, Keepsake / peer"))
        details["open_recover"] = ["idle_open": idle.json, "recovery_open": recovered.json, "intents_in_flight_before_open": inFlightSeen,
                                   "staging_entries_after": staging.count,
                                   "fsck_no_hashes_seconds": quickSeconds, "fsck_hashes_seconds": fullSeconds, "find_seconds": find.seconds,
                                   "sha256sum_seconds": sha256sum.seconds,
                                   "fsck_files_scanned": quick.filesScanned, "fsck_attachments_checked": quick.attachmentsChecked,
                                   "fsck_clean": quick.isClean && full.isClean]
    }

    // MARK: - 4. Memory

    func memory() throws {
        note("4. memory: peak RSS of listing and ingest in child processes")
        if let listing = details["listing"] as? [String: Any] {
            for size in storeSizes {
                guard let entry = listing["\(size)"] as? [String: Any], let rss = entry["rss"] as? [String: Any] else { continue }
                rows.append(Row(scenario: "4", measure: "peak RSS, open + list 100 newest x200, \(size / 1000)k records",
                                keepsake: mib(int(rss, "peak_rss_kib")) + " (\(mib(int(rss, "rss_after_open_kib"))) after open)"))
            }
        }
        var memoryDetails: [String: Any] = [:]
        let folder = work + "/memory"
        removeTree(folder)
        try makeFolder(folder)
        let hundred = try child("child-ingest", ["--store", folder + "/12mp-100", "--records", "34"] + photos("12mp").flatMap { ["--photo", $0] })
        memoryDetails["12mp_102"] = hundred
        rows.append(Row(scenario: "4", measure: "peak RSS, lossless ingest (the default) of 102 photos of 12 MP (34 records)",
                        keepsake: mib(int(hundred, "peak_rss_kib")), target: "≤ 100 MiB", met: int(hundred, "peak_rss_kib") <= 100 * 1024))
        for kind in ["3mp", "12mp", "24mp"] {
            let result = try child("child-ingest", ["--store", folder + "/" + kind, "--records", "10"] + photos(kind).flatMap { ["--photo", $0] })
            memoryDetails[kind] = result
            rows.append(Row(scenario: "4", measure: "peak RSS, lossless ingest of 30 photos of \(kind.dropLast(2)) MP", keepsake: mib(int(result, "peak_rss_kib"))))
        }
        let turned = inputs + "/12mp-rot6.jpg"
        if FileManager.default.fileExists(atPath: turned) {
            let result = try child("child-ingest", ["--store", folder + "/rot6", "--records", "10", "--photo", turned])
            memoryDetails["12mp_rot6"] = result
            rows.append(Row(scenario: "4", measure: "peak RSS, lossless ingest of 30 photos of 12 MP with orientation 6 (lossless transform: whole coefficient arrays)",
                            keepsake: mib(int(result, "peak_rss_kib"))))
        }
        for kind in ["12mp", "24mp"] {
            let result = try child("child-ingest", ["--store", folder + "/reencode-" + kind, "--records", kind == "12mp" ? "34" : "10",
                                                    "--policy", "reencode"] + photos(kind).flatMap { ["--photo", $0] })
            memoryDetails["reencode_" + kind] = result
            // The documented bound (BENCHMARKS.md): two photos in flight, each decoded once and read
            // by the encoder and the thumbnails at the same time.
            let bound = 150 + 13 * (kind == "12mp" ? 12 : 24)
            rows.append(Row(scenario: "4", measure: "peak RSS, re-encode ingest of \(int(result, "images")) photos of \(kind.dropLast(2)) MP",
                            keepsake: mib(int(result, "peak_rss_kib")), target: "≤ 150 MiB + 13 MiB/MP = \(bound) MiB",
                            met: int(result, "peak_rss_kib") <= bound * 1024))
        }
        if let size = storeSizes.last {
            let result = try child("child-ingest", ["--store", storePath(size), "--records", "10"] + photos("12mp").flatMap { ["--photo", $0] })
            memoryDetails["12mp_into_\(size)"] = result
            rows.append(Row(scenario: "4", measure: "peak RSS, ingest 30 photos of 12 MP into the \(size / 1000)k-record store",
                            keepsake: mib(int(result, "peak_rss_kib")) + " (\(format(double(result, "images") / double(result, "seconds"))) images/s)"))
        }
        details["memory"] = memoryDetails
    }

    // MARK: - 5. Web

    /// Requests/s and p99 from wrk's output (`--latency`); nil if some responses were not 2xx/3xx.
    func parseWrk(_ text: String) -> (rate: Double, p99: Double, requests: Int)? {
        func milliseconds(_ token: Substring) -> Double? {
            for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where token.hasSuffix(suffix) {
                return Double(token.dropLast(suffix.count)).map { $0 * scale }
            }
            return nil
        }
        var rate: Double?, p99: Double?, requests = 0
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "Requests/sec:", words.count == 2 { rate = Double(words[1]) }
            if words.first == "99%", words.count == 2 { p99 = milliseconds(words[1]) }
            if words.count > 2, words[1] == "requests", words[2] == "in" { requests = Int(words[0]) ?? 0 }
            if line.contains("Non-2xx") { return nil }
        }
        guard let rate, let p99 else { return nil }
        return (rate, p99, requests)
    }

    func wrk(_ url: String, paths: [String]? = nil, headers: [String] = [], scriptFolder: String) throws -> (rate: Double, p99: Double, requests: Int) {
        var arguments = ["wrk", "-t1", "-c8", "-d8s", "--latency"]
        for header in headers { arguments += ["-H", header] }
        if let paths {
            let script = scriptFolder + "/paths-\(UUID().uuidString).lua"
            let list = paths.map { "\"\($0)\"" }.joined(separator: ",\n")
            try Data("""
                local paths = {\(list)}
                local i = 0
                request = function()
                  i = i % #paths + 1
                  return wrk.format("GET", paths[i])
                end
                """.utf8).write(to: URL(fileURLWithPath: script))
            arguments += ["-s", script]
        }
        let ran = try run(arguments + [url])
        guard let result = parseWrk(ran.text) else { throw BenchFailure("wrk \(url): \(ran.text)") }
        return result
    }

    func waitForHTTP(_ url: String) throws {
        for _ in 0..<300 {
            if let ran = try? run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", url], check: false), ran.text == "200" { return }
            usleep(100_000)
        }
        throw BenchFailure("\(url) did not answer 200")
    }

    func web() throws {
        let keepsake = (selfExecutable() as NSString).deletingLastPathComponent + "/keepsake"
        guard FileManager.default.isExecutableFile(atPath: keepsake),
              (try? run([keepsake, "serve", "--help"]))?.status == 0 else {
            rows.append(Row(scenario: "5", measure: "web: timeline page and thumbnails (wrk, loopback)", keepsake: "pending",
                            peer: "nginx, same files", peerValue: "pending",
                            target: "build `keepsake` in release next to keepsake-bench (bench/run.sh does)"))
            return
        }
        let folder = work + "/web"
        removeTree(folder)
        try makeFolder(folder + "/nginx/logs")
        let entries = 300
        note("5. web: a diary of \(entries) entries; keepsake serve and nginx under wrk")
        let diary = try child("populate-diary", ["--store", folder + "/store", "--entries", "\(entries)"] + photos("small").flatMap { ["--photo", $0] })
        let urls = diary["urls"] as? [String] ?? [], files = diary["files"] as? [String] ?? []
        let cache = diary["cache"] as? String ?? ""

        // Port 0: the server picks a free port and prints "Open http://127.0.0.1:PORT/".
        let server = Process()
        server.executableURL = URL(fileURLWithPath: keepsake)
        server.arguments = ["--store", folder + "/store", "serve", "--port", "0", "--no-demo"]
        let serverOutput = Pipe()
        server.standardOutput = serverOutput
        server.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        var printed = ""
        while !printed.contains("Press") {
            let chunk = serverOutput.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchFailure("keepsake serve exited: \(printed)") }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        guard let address = printed.split(whereSeparator: { $0 == " " || $0 == "\n" }).first(where: { $0.hasPrefix("http://127.0.0.1:") }) else {
            throw BenchFailure("no address in: \(printed)")
        }
        let base = String(address.hasSuffix("/") ? address.dropLast() : address)
        try waitForHTTP(base + "/diary")
        // One session, as a browser keeps its cookie.
        let head = try run(["curl", "-s", "-D", "-", "-o", folder + "/nginx/diary.html", base + "/diary"]).text
        let cookie = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
            .map { String($0.dropFirst("set-cookie:".count).split(separator: ";")[0]).trimmingCharacters(in: .whitespaces) }
        let headers = cookie.map { ["Cookie: " + $0] } ?? []
        _ = try run(["curl", "-s", "-o", folder + "/nginx/diary.html"] + headers.flatMap { ["-H", $0] } + [base + "/diary"])

        // A port nothing answers on.
        var nginxPort = 18081
        while (try? run(["curl", "-s", "-o", "/dev/null", "http://127.0.0.1:\(nginxPort)/"], check: false))?.status == 0 { nginxPort += 1 }
        let nginxConf = folder + "/nginx/nginx.conf"
        try Data("""
            worker_processes auto;
            daemon off;
            pid \(folder)/nginx/nginx.pid;
            error_log \(folder)/nginx/logs/error.log;
            events { worker_connections 1024; }
            http {
                access_log off;
                sendfile on;
                types { text/html html; image/jpeg jpg; }
                server {
                    listen 127.0.0.1:\(nginxPort);
                    location /thumbnails/ { root \(cache); }
                    location = /diary.html { root \(folder)/nginx; }
                }
            }
            """.utf8).write(to: URL(fileURLWithPath: nginxConf))
        let nginx = Process()
        nginx.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        nginx.arguments = ["-c", nginxConf, "-p", folder + "/nginx"]
        nginx.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        nginx.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try nginx.run()
        defer { nginx.terminate(); nginx.waitUntilExit() }
        let peerBase = "http://127.0.0.1:\(nginxPort)"
        try waitForHTTP(peerBase + "/diary.html")
        guard server.isRunning, nginx.isRunning else { throw BenchFailure("a server stopped") }

        let timeline = try wrk(base + "/diary", headers: headers, scriptFolder: folder)
        let staticTimeline = try wrk(peerBase + "/diary.html", scriptFolder: folder)
        let thumbs = try wrk(base + "/", paths: urls, headers: headers, scriptFolder: folder)
        let nginxThumbs = try wrk(peerBase + "/", paths: files, scriptFolder: folder)
        details["web"] = ["entries": entries, "thumbnail_count": urls.count, "page_bytes": fileSize(folder + "/nginx/diary.html"),
                          "wrk": "wrk -t1 -c8 -d8s --latency",
                          "timeline": ["rate": timeline.rate, "p99_ms": timeline.p99, "requests": timeline.requests],
                          "timeline_static_nginx": ["rate": staticTimeline.rate, "p99_ms": staticTimeline.p99],
                          "thumbnails": ["rate": thumbs.rate, "p99_ms": thumbs.p99, "requests": thumbs.requests],
                          "thumbnails_nginx": ["rate": nginxThumbs.rate, "p99_ms": nginxThumbs.p99]]
        rows.append(Row(scenario: "5", measure: "timeline page /diary (20 newest of \(entries) entries, thumbnails linked), requests/s (p99)",
                        keepsake: "\(format(timeline.rate, 0)) (\(ms(timeline.p99)))", peer: "nginx, the same page saved as a static file",
                        peerValue: "\(format(staticTimeline.rate, 0)) (\(ms(staticTimeline.p99)))",
                        ratio: timeline.rate / staticTimeline.rate, ratioMeaning: "requests/s, Keepsake / peer",
                        target: "≥ 2,000 requests/s, p99 < 10 ms", met: timeline.rate >= 2000 && timeline.p99 < 10))
        rows.append(Row(scenario: "5", measure: "256-px thumbnails, \(urls.count) different ones in turn, requests/s (p99)",
                        keepsake: "\(format(thumbs.rate, 0)) (\(ms(thumbs.p99)))", peer: "nginx, the same files",
                        peerValue: "\(format(nginxThumbs.rate, 0)) (\(ms(nginxThumbs.p99)))",
                        ratio: thumbs.rate / nginxThumbs.rate, ratioMeaning: "requests/s, Keepsake / peer",
                        target: "≥ 0.7x", met: thumbs.rate / nginxThumbs.rate >= 0.7))
    }

    // MARK: - All

    func machine() -> [String: Any] {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "?"
        let memory = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? "?"
        return ["nproc": ProcessInfo.processInfo.activeProcessorCount, "cpu": cpu, "memory": memory,
                "imaging": VipsImageProcessor().identifier]
    }

    func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func runAll(only: Set<String>) throws {
        try makeFolder(work)
        let loadBefore = loadAverage()
        let started = Date()
        if only.isEmpty || only.contains("ingest") { try ingest() }
        if only.isEmpty || only.contains("listing") { try listing() }
        if only.isEmpty || only.contains("open") { try openAndRecover() }
        if only.isEmpty || only.contains("memory") { try memory() }
        if only.isEmpty || only.contains("web") { try web() }
        if only.isEmpty || only.contains("distributed") { try distributed() }
        let table = markdownTable(rows)
        let result: [String: Any] = [
            "machine": machine(), "load_before": loadBefore, "load_after": loadAverage(),
            "started": ISO8601DateFormatter().string(from: started), "seconds": Date().timeIntervalSince(started),
            "rows": rows.map(\.json), "details": details,
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
        try json.write(to: URL(fileURLWithPath: work + "/results.json"))
        try Data((table + "\n").utf8).write(to: URL(fileURLWithPath: work + "/table.md"))
        print(table)
        print("\nload average before: \(loadBefore); after: \(loadAverage())")
        print("results: \(work)/results.json, \(work)/table.md")
    }
}
