import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization
import KeepsakeSupport

/// `crash`: SIGKILLs of real writer processes at random moments, several writing at once.
///
/// Each round starts K writers on one store: one lane of the real `keepsake` CLI (diary add, edit,
/// images add/replace/remove/move/reorder, delete, restore; each command's exit status logged by
/// this process before and after) when the CLI has those commands, and `keepsake-crash-worker`
/// processes for the rest (they log BEGIN/OK themselves; they also purge). Each writer is killed at
/// its own random moment. Then the store is opened (recovering the dead), fsck must be clean with
/// no intent left, and every record must be in its last acknowledged state or in a state begun
/// since, never anything else; a record acknowledged and then missing counts as lost.
enum CrashTorture {
    static let imagePaths = ["png/basn2c08.png", "jpeg/testorig.jpg", "webp/test.webp", "png/toucan.png", "jpeg/progressive3.jpg"]

    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        let figures = Figures("crash")
        let kills = arguments.int("--kills", 60)
        let writers = max(1, arguments.int("--writers", 3))
        var random = SplitMix(seed: arguments.uint64("--seed", UInt64(Date().timeIntervalSince1970)))
        let minDelay = Double(arguments.int("--min-ms", 100)) / 1000
        let maxDelay = Double(arguments.int("--max-ms", 600)) / 1000
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let images = imagePaths.map { corpus.appendingPathComponent($0) }
        let scratch = Paths.scratch("crash", under: arguments.string("--tmp"))
        defer { if figures.failures.isEmpty { try? FileManager.default.removeItem(at: scratch) } }
        let storeURL = scratch.appendingPathComponent("store")
        let logs = scratch.appendingPathComponent("logs")
        try! FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        say("crash: store \(storeURL.path), \(kills) kills, \(writers) writers at once")

        let worker = Paths.binary("keepsake-crash-worker")
        guard FileManager.default.isExecutableFile(atPath: worker.path) else { usage("\(worker.path) is not built") }
        var lane: CLILane?
        if arguments.string("--cli") != "off" {
            switch CLILane.probe() {
            case .success:
                lane = CLILane(store: storeURL.path, logs: logs, images: images, seed: random.next(), figures: figures)
            case .failure(let reason):
                figures.skip("the keepsake CLI lane: \(reason); every kill hits keepsake-crash-worker")
            }
        }
        let workerCount = lane == nil ? writers : max(writers - 1, 1)
        let imageArguments = images.flatMap { ["--image", $0.path] }
        var killedDuring: [String: Int] = [:]

        while figures.value("kills") < kills {
            figures.add("runs")
            let round = figures.value("runs")
            // Offsets of each worker's log, to tell what this round's kill interrupted.
            var starts: [Int: Int] = [:]
            var children: [(number: Int, child: Child, killAt: Double)] = []
            let t0 = monotonicSeconds()
            for number in 1...workerCount {
                let log = logs.appendingPathComponent("worker-\(number).log")
                starts[number] = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
                do {
                    let child = try Child(worker, ["--store", storeURL.path, "--log", log.path, "--worker", String(number),
                                                   "--seed", String(random.next()), "--records", "4"] + imageArguments,
                                          stderrPath: logs.appendingPathComponent("worker-\(number).stderr").path)
                    children.append((number, child, t0 + Double.random(in: minDelay...maxDelay, using: &random)))
                } catch {
                    figures.fail("could not start keepsake-crash-worker: \(describe(error))")
                    return figures.finish()
                }
            }
            // The CLI lane runs its commands on its own thread until its own kill moment.
            let laneDone = Mutex<CLILane.RoundResult?>(nil)
            let laneThread: Thread? = lane.map { lane in
                let deadline = t0 + Double.random(in: minDelay...maxDelay, using: &random)
                let thread = Thread { let result = lane.runRound(until: deadline); laneDone.withLock { $0 = result } }
                thread.start()
                return thread
            }
            for entry in children.sorted(by: { $0.killAt < $1.killAt }) {
                let wait = entry.killAt - monotonicSeconds()
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                entry.child.signal(SIGKILL)
            }
            for entry in children {
                switch entry.child.wait() {
                case .signaled(SIGKILL):
                    figures.add("kills")
                    figures.add("kills of keepsake-crash-worker")
                    let log = logs.appendingPathComponent("worker-\(entry.number).log")
                    let during = interruptedOperation(log: log, from: starts[entry.number] ?? 0)
                    killedDuring[during, default: 0] += 1
                case let other:
                    let stderr = (try? String(contentsOf: logs.appendingPathComponent("worker-\(entry.number).stderr"), encoding: .utf8)) ?? ""
                    figures.fail("round \(round): keepsake-crash-worker \(entry.number) ended by itself (\(other)): \(stderr.suffix(500))")
                }
            }
            if let laneThread {
                while !laneThread.isFinished { usleep(1000) }
                if let result = laneDone.withLock({ $0 }) {
                    if let killed = result.killedOperation {
                        figures.add("kills")
                        figures.add("kills of keepsake CLI")
                        killedDuring["cli " + killed, default: 0] += 1
                    }
                    figures.add("acknowledged CLI commands", result.acknowledged)
                }
            }

            // Reopen: recovery runs for the dead; then check every promise.
            do {
                let store = try Store(location: StoreLocation(root: storeURL), imageProcessor: VipsImageProcessor())
                if try store.intentsInFlight() != 0 { figures.fail("round \(round): recovery left \(try store.intentsInFlight()) intents behind") }
                let report = try store.fsck()
                figures.add("fsck runs")
                if !report.isClean { figures.fail("round \(round): fsck after recovery: \(report.summaryLine)") }
                if try store.intentsInFlight() != 0 { figures.fail("round \(round): intents left after fsck") }
                checkWorkerLogs(store, logs: logs, workers: workerCount, starts: starts, round: round, figures: figures)
                lane?.verify(store, round: round)
                let staging = walkFiles(storeURL.appendingPathComponent("staging").path, hashing: false)
                if !staging.isEmpty { figures.fail("round \(round): staging not empty after recovery: \(staging.keys.sorted().prefix(5))") }
            } catch {
                figures.fail("round \(round): reopening or checking the store failed: \(describe(error))")
            }
            if !figures.failures.isEmpty && figures.failures.count > 20 { break }
            if round % 25 == 0 { say("crash: round \(round), \(figures.value("kills")) kills so far") }
        }
        // Every acknowledged crash-worker operation, counted once at the end.
        for number in 1...workerCount {
            let text = (try? String(contentsOf: logs.appendingPathComponent("worker-\(number).log"), encoding: .utf8)) ?? ""
            figures.add("acknowledged worker operations", text.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count)
        }
        figures.note("killed during", killedDuring.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        if !figures.failures.isEmpty { print("crash: the store and logs are kept in \(scratch.path)") }
        return figures.finish()
    }

    static func checkWorkerLogs(_ store: Store, logs: URL, workers: Int, starts: [Int: Int], round: Int, figures: Figures) {
        for number in 1...workers {
            guard let data = FileManager.default.contents(atPath: logs.appendingPathComponent("worker-\(number).log").path) else { continue }
            let log = String(decoding: data, as: UTF8.self)
            let thisRound = String(decoding: data.suffix(from: min(starts[number] ?? 0, data.count)), as: UTF8.self)
            if thisRound.contains("MISMATCH") || thisRound.contains("ERROR") {
                figures.fail("round \(round): worker \(number) reported: \(thisRound.split(separator: "\n").filter { $0.hasPrefix("MISMATCH") || $0.hasPrefix("ERROR") }.prefix(3))")
            }
            let verification = CrashLog.verify(log) { id in CrashLog.state(of: try store.recordIfPresent(try RecordID(parsing: id))) }
            figures.add("record states checked", verification.checked)
            figures.add("lost", verification.lost)
            for failure in verification.failures { figures.fail("round \(round), \(failure)") }
        }
    }

    /// What the worker was doing when killed: the operation of its last BEGIN without OK (compared
    /// with the record's acknowledged state), or "between operations".
    static func interruptedOperation(log: URL, from offset: Int) -> String {
        guard let data = FileManager.default.contents(atPath: log.path) else { return "start-up" }
        let all = String(decoding: data, as: UTF8.self)
        let lines = all.split(separator: "\n").map(String.init)
        let roundLines = String(decoding: data.suffix(from: min(offset, data.count)), as: UTF8.self).split(separator: "\n")
        guard let last = roundLines.last else { return "start-up" }
        guard last.hasPrefix("BEGIN ") else { return "between operations" }
        let parts = last.split(separator: " ", maxSplits: 2).map(String.init)
        let id = parts[1], prediction = parts.count == 3 ? parts[2] : ""
        // The state before: the last OK for this record before that BEGIN.
        var before = "absent"
        for line in lines.dropLast() where line.hasPrefix("OK \(id)") {
            before = String(line.dropFirst(3 + id.count + 1))
        }
        return classify(before: before, after: prediction)
    }

    static func classify(before: String, after: String) -> String {
        if after == "absent" { return "purge" }
        if before == "absent" { return "create" }
        let old = before.split(separator: " ").map(String.init), new = after.split(separator: " ").map(String.init)
        if old[0] != new[0] { return new[0] == "trashed" ? "trash" : "restore" }
        let p = Array(old.dropFirst()), q = Array(new.dropFirst())
        if p == q { return "update fields" }
        if q.count == p.count + 1 && Array(q.prefix(p.count)) == p { return "add image" }
        if q.count == p.count - 1 && zip(p.indices, p).filter({ !q.contains($0.1) }).count <= 1 { return "remove image" }
        if q.count == p.count && q.sorted() == p.sorted() { return "reorder images" }
        if q.count == p.count && zip(p, q).filter({ $0 != $1 }).count == 1 { return "replace image" }
        return "set images"
    }
}

extension FsckReport {
    /// One line saying what is wrong.
    var summaryLine: String {
        var parts: [String] = []
        if !danglingReferences.isEmpty { parts.append("\(danglingReferences.count) dangling (\(danglingReferences.prefix(3).map(\.path)))") }
        if !orphanFiles.isEmpty { parts.append("\(orphanFiles.count) orphan files (\(orphanFiles.prefix(3)))") }
        if !hashMismatches.isEmpty { parts.append("\(hashMismatches.count) hash mismatches") }
        if !missingThumbnails.isEmpty { parts.append("\(missingThumbnails.count) missing thumbnails (\(missingThumbnails.prefix(3)))") }
        if !orphanThumbnails.isEmpty { parts.append("\(orphanThumbnails.count) orphan thumbnails (\(orphanThumbnails.prefix(3)))") }
        if !unexpectedEntries.isEmpty { parts.append("\(unexpectedEntries.count) unexpected (\(unexpectedEntries.prefix(3)))") }
        return parts.isEmpty ? "clean" : parts.joined(separator: "; ")
    }
}

/// The real `keepsake` CLI as one writer: diary commands, each logged (command, then exit status)
/// by this process, since the CLI logs nothing. A command that exited 0 is acknowledged.
final class CLILane: @unchecked Sendable {
    typealias Entry = DiaryEntryState

    struct RoundResult {
        var killedOperation: String?
        var acknowledged: Int
    }

    enum Probe { case success, failure(String) }

    let keepsake = Paths.binary("keepsake")
    let store: String
    let logs: URL
    let images: [(path: String, hash: String)]
    let figures: Figures
    var random: SplitMix
    /// What the CLI acknowledged, and the command in flight when it was killed; checked page by page.
    var acknowledged: AcknowledgedEntries
    var entries: [String: Entry] { acknowledged.entries }
    var counter = 0
    let log: FileHandle

    /// Whether the CLI exists and has the diary commands this lane uses.
    static func probe() -> Probe {
        let keepsake = Paths.binary("keepsake")
        guard FileManager.default.isExecutableFile(atPath: keepsake.path) else { return .failure("\(keepsake.path) is not built") }
        for arguments in [["diary", "add", "--help"], ["diary", "images", "--help"], ["diary", "edit", "--help"], ["diary", "delete", "--help"]] {
            guard let (status, output) = try? run(keepsake, arguments, timeout: 30) else { return .failure("keepsake could not be started") }
            guard status == .exited(0), output.contains("Usage") else {
                return .failure("`keepsake \(arguments.joined(separator: " "))` is not available yet (\(status))")
            }
        }
        return .success
    }

    init(store: String, logs: URL, images: [URL], seed: UInt64, figures: Figures, pageSize: Int = 1000) {
        acknowledged = AcknowledgedEntries(pageSize: pageSize)
        self.store = store
        self.logs = logs
        self.images = images.map { ($0.path, SHA256.hex(try! Data(contentsOf: $0))) }
        self.figures = figures
        random = SplitMix(seed: seed)
        let path = logs.appendingPathComponent("cli-lane.log").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        log = FileHandle(forWritingAtPath: path)!
    }

    private func write(_ line: String) {
        log.write(Data((line + "\n").utf8))
    }

    /// Picks the next command and its predicted outcome.
    private func nextCommand() -> (name: String, arguments: [String], id: String?, prediction: Entry) {
        counter += 1
        let title = "T\(counter)"
        let live = entries.filter { !$0.value.trashed }.sorted { $0.key < $1.key }
        let trashed = entries.filter { $0.value.trashed }.sorted { $0.key < $1.key }
        let pick = { () -> Int in Int.random(in: 0..<self.images.count, using: &self.random) }
        if entries.count < 3 || (entries.count < 6 && Int.random(in: 0..<5, using: &random) == 0) {
            let chosen = (0..<Int.random(in: 0...3, using: &random)).map { _ in pick() }
            return ("add", ["diary", "add", "--emotion", "joy", "--title", title, "--text", "torture"] + chosen.flatMap { ["--image", images[$0].path] },
                    nil, Entry(title: title, trashed: false, hashes: chosen.map { images[$0].hash }))
        }
        if let (id, entry) = trashed.first, live.isEmpty || Int.random(in: 0..<3, using: &random) == 0 {
            var next = entry
            next.trashed = false
            return ("restore", ["diary", "restore", id], id, next)
        }
        let (id, entry) = live[Int.random(in: 0..<live.count, using: &random)]
        var next = entry
        let count = entry.hashes.count
        switch Int.random(in: 0..<8, using: &random) {
        case 0 where count < 6:
            let chosen = (0..<Int.random(in: 1...2, using: &random)).map { _ in pick() }
            next.hashes += chosen.map { images[$0].hash }
            return ("images add", ["diary", "images", id, "add"] + chosen.map { images[$0].path }, id, next)
        case 1 where count > 0:
            let at = Int.random(in: 0..<count, using: &random), k = pick()
            next.hashes[at] = images[k].hash
            return ("images replace", ["diary", "images", id, "replace", String(at), images[k].path], id, next)
        case 2 where count > 0:
            let at = Int.random(in: 0..<count, using: &random)
            next.hashes.remove(at: at)
            return ("images remove", ["diary", "images", id, "remove", String(at)], id, next)
        case 3 where count > 1:
            let order = Array(0..<count).shuffled(using: &random)
            next.hashes = order.map { entry.hashes[$0] }
            return ("images reorder", ["diary", "images", id, "reorder"] + order.map(String.init), id, next)
        case 4 where count > 1:
            let from = Int.random(in: 0..<count, using: &random), to = Int.random(in: 0..<count, using: &random)
            next.hashes.insert(next.hashes.remove(at: from), at: to)
            return ("images move", ["diary", "images", id, "move", String(from), String(to)], id, next)
        case 5:
            // Words and the whole photo set in one edit: keep some stored photos (@N), add one new.
            let keep = (0..<count).filter { _ in Bool.random(using: &random) }.shuffled(using: &random)
            let k = pick()
            next.title = title
            next.hashes = keep.map { entry.hashes[$0] } + [images[k].hash]
            return ("edit", ["diary", "edit", id, "--title", title] + keep.flatMap { ["--image", "@\($0)"] } + ["--image", images[k].path], id, next)
        case 6:
            next.trashed = true
            return ("delete", ["diary", "delete", id], id, next)
        default:
            next.title = title
            return ("edit words", ["diary", "edit", id, "--title", title], id, next)
        }
    }

    /// Runs commands until `deadline` (monotonic seconds), then SIGKILLs the one running (or, with
    /// `kill` false, lets it finish and stops).
    func runRound(until deadline: Double, kill: Bool = true) -> RoundResult {
        var result = RoundResult(killedOperation: nil, acknowledged: 0)
        var killAt = deadline
        while true {
            if !kill && monotonicSeconds() >= deadline { return result }
            let command = nextCommand()
            let out = logs.appendingPathComponent("cli-out.txt").path, err = logs.appendingPathComponent("cli-err.txt").path
            try? FileManager.default.removeItem(atPath: err)
            write("BEGIN \(command.id ?? "new") \(command.prediction.text) :: keepsake \(command.arguments.joined(separator: " "))")
            let child: Child
            do {
                child = try Child(keepsake, ["--store", store] + command.arguments, stdoutPath: out, stderrPath: err)
            } catch {
                figures.fail("could not start keepsake: \(describe(error))")
                return result
            }
            let started = monotonicSeconds()
            if !kill { killAt = .infinity }
            if kill && started >= killAt {
                // The moment fell between two commands: kill this one at a random point instead.
                killAt = started + Double.random(in: 0...0.25, using: &random)
            }
            var termination: Termination?
            while termination == nil {
                termination = child.poll()
                if termination == nil {
                    if monotonicSeconds() >= killAt { child.signal(SIGKILL); termination = child.wait() } else { usleep(1000) }
                }
            }
            switch termination! {
            case .signaled(SIGKILL):
                write("KILLED")
                acknowledged.pending = (command.id, command.prediction)
                result.killedOperation = command.name
                return result
            case .exited(0):
                let output = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
                var id = command.id
                if id == nil {
                    id = output.firstMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/).map { String($0.output) }
                    if id == nil { figures.fail("keepsake diary add printed no id: \(output.prefix(300))") }
                }
                if let id { acknowledged.acknowledge(id, command.prediction) }
                write("OK \(id ?? "?") exit 0")
                result.acknowledged += 1
            case let other:
                let message = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
                write("FAILED \(other) \(message)")
                figures.fail("keepsake \(command.arguments.joined(separator: " ")) failed by itself (\(other)): \(message.prefix(400))")
            }
        }
    }

    /// After a round: every diary record is an acknowledged entry in its acknowledged state, or the
    /// killed command's record in its predicted state; no acknowledged entry is missing. Every page
    /// of the diary is read.
    func verify(_ store: Store, round: Int, only include: (Record) -> Bool = { _ in true }) {
        do {
            let check = try acknowledged.check(store, include: include)
            figures.add("record states checked", check.checked)
            if check.committedAdds > 0 { figures.add("killed CLI adds that committed", check.committedAdds) }
            figures.add("lost", check.lost)
            for failure in check.failures { figures.fail("round \(round): \(failure)") }
        } catch {
            figures.fail("round \(round): cannot list the diary: \(describe(error))")
        }
    }
}
