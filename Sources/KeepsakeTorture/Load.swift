import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization
import KeepsakeSupport

/// `load`: W writer threads and R readers in each of two processes on one store (one `Store` per
/// process, shared by its threads, as a server would), plus a third process running
/// `fsck --repair` in a loop, for S seconds.
///
/// No error may reach a caller (a busy database is waited for by the engine), readers must never
/// see a record half-changed (each record carries a field `n` written in the same operation as its
/// image set, so `n` must equal the number of images read with it), fsck on the live store must
/// report nothing and move nothing, and at the end every record must be exactly as its writer
/// last acknowledged, the counts must match, and fsck must be clean.
enum LoadTorture {
    static let imagePaths = ["png/basn2c08.png", "jpeg/testorig.jpg", "webp/test.webp", "png/toucan.png"]

    struct Report: Codable {
        var process = 0
        var operations = 0
        var reads = 0
        var tornReads: [String] = []
        var errors: [String: Int] = [:]
        var errorSamples: [String] = []
        var records: [String: String] = [:]
        var fsckRuns = 0
        var fsckFindings: [String] = []
    }

    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments, switches: ["--no-fsck"])
        let figures = Figures("load")
        let seconds = arguments.int("--seconds", 3)
        let writers = arguments.int("--writers", 4), readers = arguments.int("--readers", 2)
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let scratch = Paths.scratch("load", under: arguments.string("--tmp"))
        defer { if figures.failures.isEmpty { try? FileManager.default.removeItem(at: scratch) } }
        let store = scratch.appendingPathComponent("store")
        // Create the store first, so the processes do not race to make its schema.
        do { _ = try Store(location: StoreLocation(root: store), imageProcessor: VipsImageProcessor()) } catch {
            figures.fail("cannot create the store: \(describe(error))")
            return figures.finish()
        }
        say("load: 2 processes x (\(writers) writers + \(readers) readers)\(arguments.has("--no-fsck") ? "" : " + fsck --repair in a loop") for \(seconds) s on \(store.path)")
        var children: [(Child, URL)] = []
        let roles = ["1", "2"] + (arguments.has("--no-fsck") ? [] : ["fsck"])
        for role in roles {
            let report = scratch.appendingPathComponent("report-\(role).json")
            do {
                let child = try Child(Paths.binary("keepsake-torture"),
                                      ["load-child", "--store", store.path, "--corpus", corpus.path, "--seconds", String(seconds), "--role", role,
                                       "--writers", String(writers), "--readers", String(readers), "--report", report.path],
                                      stderrPath: scratch.appendingPathComponent("child-\(role).stderr").path)
                children.append((child, report))
            } catch {
                figures.fail("cannot start a load process: \(describe(error))")
            }
        }
        var reports: [Report] = []
        for (child, reportURL) in children {
            let (status, timedOut) = child.wait(timeout: Double(seconds) + 120)
            if timedOut || status != .exited(0) { figures.fail("a load process ended with \(status)\(timedOut ? " after hanging" : "")") }
            guard let data = try? Data(contentsOf: reportURL), let report = try? JSONDecoder().decode(Report.self, from: data) else {
                figures.fail("a load process wrote no report")
                continue
            }
            reports.append(report)
        }
        figures.add("runs", reports.count)
        var expected: [String: String] = [:]
        for report in reports {
            figures.add("writer operations", report.operations)
            figures.add("reads", report.reads)
            figures.add("fsck runs on the live store", report.fsckRuns)
            for (code, count) in report.errors { figures.add("errors reaching the caller: \(code)", count) }
            for sample in report.errorSamples.prefix(5) { figures.fail("process \(report.process): an error reached the caller: \(sample)") }
            for torn in report.tornReads.prefix(5) { figures.fail("process \(report.process): a reader saw a half-changed record: \(torn)") }
            figures.add("torn reads", report.tornReads.count)
            for finding in report.fsckFindings.prefix(5) { figures.fail("fsck on the live store reported: \(finding)") }
            figures.add("fsck findings on the live store", report.fsckFindings.count)
            expected.merge(report.records) { first, _ in first }
        }
        // The end: every record as acknowledged, nothing else, fsck clean.
        do {
            let opened = try Store(location: StoreLocation(root: store), imageProcessor: VipsImageProcessor())
            var found: [String: String] = [:]
            for collection in ["load", "loadfree"] {
                var query = RecordQuery(collection: try CollectionName(collection))
                query.trash = .all
                query.limit = 1000
                for record in try opened.allRecords(matching: query) { found[record.id.string] = state(record) }
            }
            figures.add("records at the end", found.count)
            if found.count != expected.count { figures.fail("\(found.count) records in the store, the writers acknowledged \(expected.count)") }
            for (id, state) in expected where found[id] != state {
                figures.fail("record \(id): \(found[id] ?? "absent"), acknowledged \(state)")
                if found[id] == nil { figures.add("lost") }
            }
            for id in found.keys where expected[id] == nil { figures.fail("record \(id) exists but no writer acknowledged it") }
            let report = try opened.fsck()
            if !report.isClean { figures.fail("fsck at the end: \(report.summaryLine)") }
            if try opened.intentsInFlight() != 0 { figures.fail("intents left at the end") }
            let lost = walkFiles(store.appendingPathComponent("lost+found").path, hashing: false)
            if !lost.isEmpty {
                figures.fail("fsck --repair on the live store moved \(lost.count) files to lost+found: \(lost.keys.sorted().prefix(3))")
                figures.add("lost", lost.count)
            }
        } catch {
            figures.fail("checking the store at the end: \(describe(error))")
        }
        let operations = figures.value("writer operations")
        figures.note("throughput", "\(operations / max(seconds, 1)) writes/s, \(figures.value("reads") / max(seconds, 1)) reads/s")
        return figures.finish()
    }

    static func state(_ record: Record) -> String {
        let n = record.fields["n"]?.integerValue.map(String.init) ?? "-"
        return "\(record.collection) \(record.isTrashed ? "trashed" : "live") n=\(n) " + record.images.map(\.sourceSHA256).joined(separator: " ")
    }

    // MARK: - A load process

    static func child(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        guard let storePath = arguments.string("--store"), let reportPath = arguments.string("--report") else { usage("load-child needs --store and --report") }
        let role = arguments.string("--role") ?? "1"
        let deadline = monotonicSeconds() + Double(arguments.int("--seconds", 3))
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let images = imagePaths.map { corpus.appendingPathComponent($0) }
        let hashes = images.map { SHA256.hex((try? Data(contentsOf: $0)) ?? Data()) }
        let report = Mutex(Report())
        let store: Store
        do {
            store = try Store(location: StoreLocation(root: URL(fileURLWithPath: storePath)), imageProcessor: VipsImageProcessor())
        } catch {
            FileHandle.standardError.write(Data("cannot open: \(describe(error))\n".utf8))
            return 1
        }
        @Sendable func recordError(_ what: String, _ error: any Error) {
            let code = (error as? KeepsakeError)?.code.rawValue ?? "untyped"
            report.withLock {
                $0.errors[code, default: 0] += 1
                if $0.errorSamples.count < 20 { $0.errorSamples.append("\(what): \(describe(error))") }
            }
        }

        var threads: [Thread] = []
        if role == "fsck" {
            threads.append(Thread {
                while monotonicSeconds() < deadline {
                    do {
                        let result = try store.fsck(repair: true)
                        report.withLock {
                            $0.fsckRuns += 1
                            if !result.isClean || !result.repairs.isEmpty {
                                $0.fsckFindings.append("\(result.summaryLine); repairs: \(result.repairs.prefix(3))")
                            }
                        }
                    } catch {
                        recordError("fsck", error)
                    }
                    usleep(50_000)
                }
            })
        } else {
            let process = Int(role) ?? 1
            report.withLock { $0.process = process }
            for writer in 0..<arguments.int("--writers", 4) {
                threads.append(Thread {
                    var random = SplitMix(seed: UInt64(process * 1000 + writer))
                    var model: [RecordID: String] = [:]
                    var serial = 0
                    var operations = 0
                    func note(_ record: Record) { model[record.id] = state(record) }
                    while monotonicSeconds() < deadline {
                        let ids = model.keys.sorted()
                        do {
                            if ids.count < 4 || Int.random(in: 0..<6, using: &random) == 0 {
                                serial += 1
                                let id = try RecordID(parsing: String(format: "%08x-%04x-4000-8000-%012x", process, writer, serial))
                                let chosen = (0..<Int.random(in: 0...2, using: &random)).map { _ in Int.random(in: 0..<images.count, using: &random) }
                                let free = Bool.random(using: &random)
                                note(try store.create(RecordDraft(collection: free ? "loadfree" : "load", fields: ["n": .integer(Int64(chosen.count)), "text": .string("torture load \(serial)")],
                                                                  images: chosen.map { .file(images[$0]) }, id: id)))
                            } else {
                                let id = ids[Int.random(in: 0..<ids.count, using: &random)]
                                let current = try store.record(id)
                                let free = current.collection.name == "loadfree"
                                if current.isTrashed {
                                    if Bool.random(using: &random) { note(try store.restore(id)) } else { try store.purge(id); model[id] = nil }
                                } else {
                                    switch Int.random(in: 0..<8, using: &random) {
                                    case 0: note(try store.trash(id))
                                    case 1 where ids.count > 6: try store.purge(id); model[id] = nil
                                    case 2: note(try store.update(id, set: ["text": .string("update \(operations)")]))
                                    case 3 where free && current.images.count < 5:
                                        note(try store.addImages([.file(images[Int.random(in: 0..<images.count, using: &random)])], to: id))
                                    case 4 where free && !current.images.isEmpty:
                                        note(try store.replaceImage(of: id, at: Int.random(in: 0..<current.images.count, using: &random),
                                                                    with: .file(images[Int.random(in: 0..<images.count, using: &random)])))
                                    case 5 where free && !current.images.isEmpty:
                                        note(try store.removeImage(of: id, at: Int.random(in: 0..<current.images.count, using: &random)))
                                    case 6 where free && current.images.count > 1:
                                        note(try store.reorderImages(of: id, order: Array(current.images.indices).shuffled(using: &random)))
                                    default:
                                        // Words and the whole image set in one operation, `n` with them.
                                        var slots: [ImageSlot] = current.images.filter { _ in Bool.random(using: &random) }.map { .existing($0.id) }
                                        if slots.count < 4 { slots.append(.new(.file(images[Int.random(in: 0..<images.count, using: &random)]))) }
                                        note(try store.edit(id, set: ["n": .integer(Int64(slots.count))], images: slots))
                                    }
                                }
                            }
                            operations += 1
                        } catch {
                            recordError("writer \(writer)", error)
                            // Resynchronise the model with what the store says (the error claims nothing changed).
                            for id in ids { model[id] = (try? store.recordIfPresent(id)).flatMap { $0.map(state) } }
                        }
                    }
                    report.withLock {
                        $0.operations += operations
                        for (id, text) in model { $0.records[id.string] = text }
                    }
                    _ = hashes
                })
            }
            for reader in 0..<arguments.int("--readers", 2) {
                threads.append(Thread {
                    var random = SplitMix(seed: UInt64(process * 1000 + 500 + reader))
                    var reads = 0
                    var seen: [RecordID] = []
                    func check(_ record: Record, _ how: String) {
                        let positions = record.images.map(\.position)
                        var problem: String?
                        if positions != Array(0..<record.images.count) { problem = "image positions \(positions)" }
                        if record.collection.name == "load", let n = record.fields["n"]?.integerValue, n != record.images.count {
                            problem = "field n = \(n) but \(record.images.count) images"
                        }
                        if let problem {
                            report.withLock { if $0.tornReads.count < 50 { $0.tornReads.append("\(how) \(record.id): \(problem)") } }
                        }
                    }
                    while monotonicSeconds() < deadline {
                        do {
                            switch Int.random(in: 0..<4, using: &random) {
                            case 0:
                                var query = RecordQuery(collection: Bool.random(using: &random) ? "load" : "loadfree")
                                query.trash = .all
                                query.limit = 50
                                let page = try store.list(query)
                                for record in page.records { check(record, "list") }
                                seen = page.records.map(\.id)
                            case 1:
                                for record in try store.search("torture", in: "load", trash: .all) { check(record, "search") }
                            case 2:
                                _ = try store.status()
                            default:
                                if let id = seen.randomElement(using: &random), let record = try store.recordIfPresent(id) { check(record, "record") }
                            }
                            reads += 1
                        } catch {
                            recordError("reader \(reader)", error)
                        }
                    }
                    report.withLock { $0.reads += reads }
                })
            }
        }
        threads.forEach { $0.start() }
        while threads.contains(where: { !$0.isFinished }) { usleep(20_000) }
        do {
            let data = try JSONEncoder().encode(report.withLock { $0 })
            try data.write(to: URL(fileURLWithPath: reportPath))
        } catch {
            return 1
        }
        return 0
    }
}
