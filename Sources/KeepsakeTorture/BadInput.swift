import Foundation
import KeepsakeImaging
import KeepsakeStore
import Synchronization

/// `bad-input`: every corrupt corpus file, crafted decompression bombs and N mutated images through
/// ingest (`Store.create`), in child processes watched by this one.
///
/// Each child works on its own store and reports "S i" before and "D i outcome ms" after each input;
/// it checks itself that a refusal is a `KeepsakeError` of an image code and left the store
/// exactly as it was (no record, no file in attachments, thumbnails or staging, no intent), and that
/// an accepted image can be purged back to that state. The parent kills a child that spends more
/// than the time limit on one input (a hang) and notices one that dies (a crash in a decoder): both
/// are findings, saved with the input's bytes, and the child is restarted after that input.
enum BadInputTorture {
    struct Input {
        let name: String
        let bytes: Data
        let how: String
        let kind: Kind
    }

    enum Kind: String { case corrupt = "corrupt corpus file", bomb = "decompression bomb", mutant = "mutated image" }

    static let refusalCodes: Set<KeepsakeError.Code> = [.corruptImage, .unsupportedImage, .imageTooLarge]

    /// The fixed inputs (corrupt corpus files, then bombs) and the sources of the mutations.
    struct Plan {
        let fixed: [Input]
        let sources: [(name: String, bytes: Data)]
        let seed: UInt64
        let count: Int

        init(corpus: URL, seed: UInt64, count: Int) {
            let entries = loadCorpus(corpus)
            var fixed = entries.filter { $0.verdict == "corrupt" }.map { entry in
                Input(name: entry.path, bytes: (try? Data(contentsOf: entry.url)) ?? Data(), how: "as found", kind: .corrupt)
            }
            let bombFile = corpus.appendingPathComponent("png/65536-uint32-limit.png")
            fixed.append(Input(name: "png/65536-uint32-limit.png", bytes: (try? Data(contentsOf: bombFile)) ?? Data(), how: "corpus 65536x65536 PNG", kind: .bomb))
            let png = (try? Data(contentsOf: corpus.appendingPathComponent("png/basn2c08.png"))) ?? Data()
            let jpeg = (try? Data(contentsOf: corpus.appendingPathComponent("jpeg/testorig.jpg"))) ?? Data()
            fixed += Mutations.bombs(png: png, jpeg: jpeg, gif: nil).map { Input(name: $0.name, bytes: $0.bytes, how: $0.how, kind: .bomb) }
            self.fixed = fixed
            // Valid files of every format up to 200 KB: quick to decode, so 10,000 fit in minutes.
            sources = entries.filter { $0.verdict == "ok" && $0.bytes <= 200_000 && $0.bytes > 0 && $0.header != "65536x65536" }
                .compactMap { entry in (try? Data(contentsOf: entry.url)).map { (entry.path, $0) } }
            self.seed = seed
            self.count = count
        }

        var total: Int { fixed.count + count }

        func input(_ index: Int) -> Input {
            if index < fixed.count { return fixed[index] }
            let mutated = Mutations.make(index: index - fixed.count, seed: seed, sources: sources)
            return Input(name: mutated.name, bytes: mutated.bytes, how: mutated.how, kind: .mutant)
        }
    }

    // MARK: - Parent

    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        let figures = Figures("bad-input")
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let seed = arguments.uint64("--seed", 20_251_130)
        let count = arguments.int("--count", 200)
        let jobs = max(1, arguments.int("--jobs", 2))
        let timeout = Double(arguments.int("--timeout", 10))
        let bombLimit = Double(arguments.int("--bomb-ms", 1000)) / 1000
        let plan = Plan(corpus: corpus, seed: seed, count: count)
        if let only = arguments.string("--only") {
            // Replays one input in this process (a crash shows its stack here).
            let input = plan.input(Int(only) ?? 0)
            say("input \(only): \(input.name) (\(input.how)), \(input.bytes.count) bytes")
            let store = Paths.scratch("bad-input-replay", under: arguments.string("--tmp"))
            defer { try? FileManager.default.removeItem(at: store) }
            return child(["--corpus", corpus.path, "--seed", String(seed), "--count", String(count), "--store", store.path,
                          "--from", only, "--stride", String(Int.max / 2)])
        }
        let scratch = Paths.scratch("bad-input", under: arguments.string("--tmp"))
        let findings = scratch.appendingPathComponent("findings")
        say("bad-input: \(plan.fixed.filter { $0.kind == .corrupt }.count) corrupt corpus files, \(plan.fixed.filter { $0.kind == .bomb }.count) bombs, \(count) mutations of \(plan.sources.count) valid files (seed \(seed)), \(jobs) child processes, \(Int(timeout)) s limit per input")

        let outcomes = Mutex<[String: Int]>([:])
        let slowest = Mutex<[(ms: Double, name: String)]>([])
        let slowestBomb = Mutex<(ms: Double, name: String)>((0, ""))
        var threads: [Thread] = []
        for job in 0..<jobs {
            let thread = Thread {
                var next = job
                var restarts = 0
                while next < plan.total {
                    let store = scratch.appendingPathComponent("store-\(job)-\(restarts)")
                    let child: Child
                    figures.add("runs")
                    do {
                        child = try Child(Paths.binary("keepsake-torture"),
                                          ["bad-input-child", "--corpus", corpus.path, "--seed", String(seed), "--count", String(count),
                                           "--store", store.path, "--from", String(next), "--stride", String(jobs)],
                                          stderrPath: scratch.appendingPathComponent("child-\(job).stderr").path, captureOutput: true)
                    } catch {
                        figures.fail("could not start a child: \(describe(error))")
                        return
                    }
                    let lines = LineReader(fd: child.output!)
                    /// Counts input `index` as tried and under `counter`, saves it, and fails the run with
                    /// what it did and how to replay it.
                    func lost(_ index: Int, counter: String, _ what: String) {
                        let input = plan.input(index)
                        let saved = save(input, to: findings)
                        figures.add("inputs tried")
                        figures.add(counter)
                        figures.fail("input \(index) \(input.name) (\(input.how)) \(what); saved as \(saved); replay: keepsake-torture bad-input --only \(index) --seed \(seed) --count \(count)")
                    }
                    var current: Int?
                    var started = monotonicSeconds()
                    var finishedLane = false
                    var restartAsked = false
                    reading: while true {
                        let limit = current == nil ? 120 : timeout
                        switch lines.next(timeout: limit - (monotonicSeconds() - started)) {
                        case .line(let line):
                            let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
                            switch parts.first {
                            case "S":
                                current = Int(parts[1])
                                started = monotonicSeconds()
                            case "D":
                                guard parts.count >= 4, let index = Int(parts[1]), let ms = Double(parts[3]) else { continue }
                                let input = plan.input(index)
                                figures.add("inputs tried")
                                figures.add("inputs tried: \(input.kind.rawValue)")
                                outcomes.withLock { $0["\(input.kind == .mutant ? "mutants" : input.kind.rawValue): \(parts[2])", default: 0] += 1 }
                                slowest.withLock {
                                    $0.append((ms, "\(input.name) (\(input.how))"))
                                    if $0.count > 20 { $0 = Array($0.sorted { $0.ms > $1.ms }.prefix(5)) }
                                }
                                if input.kind == .bomb {
                                    slowestBomb.withLock { if ms > $0.ms { $0 = (ms, input.name) } }
                                    if parts[2] == "ok" { figures.fail("the bomb \(input.name) (\(input.how)) was accepted") }
                                    if ms > bombLimit * 1000 { figures.fail("the bomb \(input.name) took \(Int(ms)) ms to refuse (limit \(Int(bombLimit * 1000)) ms)") }
                                    figures.add("bombs refused", parts[2] == "ok" ? 0 : 1)
                                }
                                current = nil
                                next = index + jobs
                                started = monotonicSeconds()
                            case "V":
                                figures.fail(parts.dropFirst().joined(separator: " "))
                            case "END":
                                finishedLane = true
                            case "RESTART":
                                restartAsked = true
                            default:
                                continue
                            }
                        case .timeout:
                            child.signal(SIGKILL)
                            _ = child.wait()
                            if let index = current {
                                lost(index, counter: "hangs", "took more than \(Int(timeout)) s")
                                next = index + jobs
                            } else {
                                figures.fail("a child started no input for 120 s")
                                return
                            }
                            break reading
                        case .end:
                            let termination = child.wait()
                            if finishedLane && termination == .exited(0) { next = plan.total; break reading }
                            if restartAsked && current == nil { break reading }
                            if let index = current {
                                lost(index, counter: "crashes", "killed the ingesting process (\(termination))")
                                next = index + jobs
                            } else {
                                figures.fail("a child ended between inputs (\(termination)); see \(scratch.path)/child-\(job).stderr")
                                return
                            }
                            break reading
                        }
                    }
                    try? FileManager.default.removeItem(at: store)
                    restarts += 1
                }
            }
            thread.start()
            threads.append(thread)
        }
        var lastReport = monotonicSeconds()
        while threads.contains(where: { !$0.isFinished }) {
            usleep(100_000)
            if monotonicSeconds() - lastReport > 30 {
                lastReport = monotonicSeconds()
                say("bad-input: \(figures.value("inputs tried")) of \(plan.total) inputs")
            }
        }
        for (key, value) in outcomes.withLock({ $0 }).sorted(by: { $0.key < $1.key }) { figures.add("outcome \(key)", value) }
        for (rank, slow) in slowest.withLock({ $0.sorted { $0.ms > $1.ms }.prefix(3) }).enumerated() {
            figures.note("slowest input \(rank + 1)", "\(Int(slow.ms)) ms: \(slow.name)")
        }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        figures.note("peak memory of an ingest process", "\(usage.ru_maxrss / 1024) MB")
        let bomb = slowestBomb.withLock { $0 }
        figures.note("slowest bomb refusal", "\(String(format: "%.1f", bomb.ms)) ms: \(bomb.name)")
        if figures.failures.isEmpty { try? FileManager.default.removeItem(at: scratch) } else { print("bad-input: findings kept in \(scratch.path)") }
        return figures.finish()
    }

    static func save(_ input: Input, to folder: URL) -> String {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(input.name.replacingOccurrences(of: "/", with: "_"))
        try? input.bytes.write(to: url)
        return url.path
    }

    // MARK: - Child

    static func child(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let plan = Plan(corpus: corpus, seed: arguments.uint64("--seed", 1), count: arguments.int("--count", 0))
        let from = arguments.int("--from", 0), stride = max(1, arguments.int("--stride", 1))
        guard let storePath = arguments.string("--store") else { usage("bad-input-child needs --store") }
        let location = StoreLocation(root: URL(fileURLWithPath: storePath))
        let store: Store
        do {
            store = try Store(location: location, imageProcessor: VipsImageProcessor())
        } catch {
            print("V cannot open the child's store: \(describe(error))")
            return 1
        }
        func emit(_ line: String) {
            print(line)
            fflush(nil)
        }
        /// Nothing in the store: no record, no file (empty folders aside), no intent.
        func unchanged() -> String? {
            do {
                if try store.status().totalRecords != 0 { return "a record was stored" }
                if try store.intentsInFlight() != 0 { return "an intent was left" }
            } catch { return "the store cannot be read: \(describe(error))" }
            for folder in [location.attachmentsDirectory, location.thumbnailsDirectory, location.dataDirectory.appendingPathComponent("staging")] {
                let files = walkFiles(folder.path, hashing: false)
                if !files.isEmpty { return "files were left in \(folder.lastPathComponent): \(files.keys.sorted().prefix(3))" }
            }
            return nil
        }
        for index in Swift.stride(from: from, to: plan.total, by: stride) {
            let input = plan.input(index)
            emit("S \(index)")
            let started = monotonicSeconds()
            var outcome: String
            var created: Record?
            do {
                created = try store.create(RecordDraft(collection: "test", images: [.data(input.bytes, name: input.name)]))
                outcome = "ok"
            } catch let error as KeepsakeError {
                outcome = error.code.rawValue
                if !refusalCodes.contains(error.code) {
                    emit("V input \(index) \(input.name) (\(input.how)) was refused with \(error.code.rawValue), not an image error: \(error.message)")
                }
                if error.message.isEmpty { emit("V input \(index) \(input.name): an empty error message") }
            } catch {
                outcome = "untyped"
                emit("V input \(index) \(input.name) (\(input.how)) threw an untyped error: \(error)")
            }
            let ms = (monotonicSeconds() - started) * 1000
            if let created {
                do { try store.purge(created.id) } catch {
                    emit("V input \(index) \(input.name): purging the accepted image failed: \(describe(error))")
                }
            }
            if let problem = unchanged() {
                emit("V input \(index) \(input.name) (\(input.how)): after \(outcome == "ok" ? "accepting and purging it" : "refusing it"), \(problem)")
                emit("D \(index) \(outcome) \(String(format: "%.1f", ms))")
                emit("RESTART")  // the next inputs need a clean store
                return 3
            }
            emit("D \(index) \(outcome) \(String(format: "%.1f", ms))")
        }
        emit("END")
        return 0
    }
}

/// Reads lines from a descriptor with a time limit per line.
final class LineReader {
    enum Event { case line(String), timeout, end }
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    func next(timeout: Double) -> Event {
        let deadline = monotonicSeconds() + max(timeout, 0)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            let remaining = deadline - monotonicSeconds()
            if remaining <= 0 { return .timeout }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000)) + 1)
            if ready < 0 { if errno == EINTR { continue }; return .end }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &chunk, chunk.count)
            if count < 0 { if errno == EINTR { continue }; return .end }
            if count == 0 { return .end }
            buffer += chunk[0..<count]
        }
    }
}
