import Foundation
import KeepsakeImaging
import KeepsakeStore

extension Runner {
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
}
