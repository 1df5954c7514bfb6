import Foundation
import KeepsakeStoreConfiguration
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization

extension DistributedTorture {
    /// What the lane needs across rounds: the servers, the proxy, the writers' settings and what
    /// was seen.
    final class Lane: @unchecked Sendable {
        // @unchecked Sendable: the counters below are touched by the round's thread only, except
        // `protected`, which is a Mutex; the rest is immutable.
        let figures: Figures
        let servers: TestServerSet
        let proxy: FaultProxyProcess
        let killer: PostgresSessionKiller
        let worker: URL
        let schema: String
        let metadataURL: String
        let logs: URL
        let verifierBlobs: String
        let verifierFolder: URL
        let imageArguments: [String]
        /// What each SIGKILL interrupted.
        var killedDuring: [String: Int] = [:]
        /// The codes of the typed errors writers ended with, and the first message of each.
        var errorCodes: [String: Int] = [:]
        var errorSamples: [String: String] = [:]
        /// Writers the fault thread is freezing: not to be killed by the round until it lets go.
        let protected = Mutex<Set<pid_t>>([])
        /// The writers running now and their logs (for the zombie fault).
        let running = Mutex<[pid_t: URL]>([:])

        init(figures: Figures, servers: TestServerSet, proxy: FaultProxyProcess, killer: PostgresSessionKiller, worker: URL, schema: String,
             metadataURL: String, logs: URL, verifierBlobs: String, verifierFolder: URL, imageArguments: [String]) {
            self.figures = figures
            self.servers = servers
            self.proxy = proxy
            self.killer = killer
            self.worker = worker
            self.schema = schema
            self.metadataURL = metadataURL
            self.logs = logs
            self.verifierBlobs = verifierBlobs
            self.verifierFolder = verifierFolder
            self.imageArguments = imageArguments
        }

        // MARK: - A round

        func start(_ slot: inout Slot, now: Double, random: inout SplitMix) {
            slot.logOffset = (try? FileManager.default.attributesOfItem(atPath: slot.log.path)[.size] as? Int) ?? 0
            do {
                slot.child = try Child(worker, ["--store", slot.folder.path, "--metadata", metadataURL, "--blobs", slot.blobs, "--log", slot.log.path,
                                                "--worker", String(slot.number), "--seed", String(random.next()), "--records", "4"] + imageArguments,
                                       stderrPath: logs.appendingPathComponent("worker-\(slot.number).stderr").path)
                figures.add("writer processes started")
            } catch {
                figures.fail("could not start keepsake-crash-worker: \(describe(error))")
                slot.child = nil
            }
            // Opening an instance on the pair takes a few hundred milliseconds here: kills land
            // during start-up, recovery and operations alike.
            // On a loaded machine opening takes longer: the window reaches well past it.
            slot.nextKill = now + Double.random(in: 0.5...6.0, using: &random)
        }

        /// Runs writers for one round with `fault` injected once, killing each at random moments
        /// and starting it again, until the round's time is up and the fault has healed.
        func runRound(_ round: Int, fault: Fault, slots: inout [Slot], random: inout SplitMix) {
            let t0 = monotonicSeconds()
            let length = fault == .killOSD ? Double.random(in: 16...22, using: &random) : Double.random(in: 6...12, using: &random)
            for index in slots.indices { start(&slots[index], now: t0, random: &random) }
            let faultAt = t0 + Double.random(in: 0.5...2.0, using: &random)
            let faultSeed = random.next()
            let faultDone = Atomic<Bool>(false)
            let thread = Thread {
                self.inject(fault, at: faultAt, until: t0 + length - 0.5, seed: faultSeed, round: round)
                faultDone.store(true, ordering: .releasing)
            }
            thread.start()
            while true {
                let now = monotonicSeconds()
                let ending = now >= t0 + length
                for index in slots.indices {
                    if let child = slots[index].child {
                        if let ended = child.poll() {
                            endedByItself(slots[index], ended, round: round)
                            slots[index].child = nil
                            slots[index].restartAt = now + 0.3
                        } else if (ending || now >= slots[index].nextKill) && !protected.withLock({ $0.contains(child.pid) }) {
                            child.signal(SIGKILL)
                            let ended = child.wait()
                            if ended == .signaled(SIGKILL) {
                                figures.add("kills")
                                killedDuring[CrashTorture.interruptedOperation(log: slots[index].log, from: slots[index].logOffset), default: 0] += 1
                            } else {
                                endedByItself(slots[index], ended, round: round)
                            }
                            slots[index].child = nil
                            // At once: the new instance recovers the dead one's work while the others write.
                            slots[index].restartAt = now
                        }
                    } else if !ending && now >= slots[index].restartAt {
                        start(&slots[index], now: now, random: &random)
                    }
                }
                running.withLock { running in
                    running = [:]
                    for slot in slots { if let pid = slot.child?.pid { running[pid] = slot.log } }
                }
                if ending && slots.allSatisfy({ $0.child == nil }) && faultDone.load(ordering: .acquiring) { break }
                usleep(10_000)
            }
            figures.add(fault.counter)
        }

        /// A writer that ended without being killed must have ended with a typed error.
        func endedByItself(_ slot: Slot, _ ended: Termination, round: Int) {
            let data = FileManager.default.contents(atPath: slot.log.path) ?? Data()
            let lines = String(decoding: data.suffix(from: min(slot.logOffset, data.count)), as: UTF8.self).split(separator: "\n")
            if let mismatch = lines.first(where: { $0.hasPrefix("MISMATCH") }) {
                figures.fail("round \(round): writer \(slot.number) saw a state it did not predict: \(mismatch)")
                return
            }
            guard ended == .exited(1), let error = lines.last(where: { $0.hasPrefix("ERROR ") }) else {
                let stderr = (try? String(contentsOf: logs.appendingPathComponent("worker-\(slot.number).stderr"), encoding: .utf8)) ?? ""
                figures.fail("round \(round): writer \(slot.number) ended by itself (\(ended)) without a typed error: \(stderr.suffix(400))")
                return
            }
            let code = String(error.dropFirst("ERROR ".count).prefix { $0 != ":" })
            if code == "untyped" {
                figures.fail("round \(round): writer \(slot.number) failed with an untyped error: \(error.prefix(400))")
                return
            }
            figures.add("writers ended by a typed error")
            errorCodes[code, default: 0] += 1
            if errorSamples[code] == nil { errorSamples[code] = String(error.prefix(300)) }
        }

        // MARK: - Faults

        func inject(_ fault: Fault, at moment: Double, until end: Double, seed: UInt64, round: Int) {
            var random = SplitMix(seed: seed)
            func pause(_ seconds: Double) { if seconds > 0 { usleep(UInt32(seconds * 1_000_000)) } }
            pause(moment - monotonicSeconds())
            do {
                switch fault {
                case .writersOnly:
                    return
                case .terminateWork:
                    // Several times, so some land mid-query or mid-COMMIT and some on idle sessions.
                    for _ in 0..<5 {
                        figures.add("work sessions ended", try killer.terminate(.work))
                        figures.add("faults injected")
                        pause(Double.random(in: 0.15...0.6, using: &random))
                    }
                case .terminateLiveness:
                    for _ in 0..<2 {
                        figures.add("liveness sessions ended", try killer.terminate(.liveness))
                        figures.add("faults injected")
                        pause(Double.random(in: 0.5...1.5, using: &random))
                    }
                case .restartPostgres:
                    try servers.postgres("restart-immediate", "main")
                    figures.add("PostgreSQL restarts (-m immediate)")
                    figures.add("faults injected")
                case .proxyFaults:
                    try injectProxyFaults(until: end, random: &random)
                case .killGateway:
                    try killAndRestart("rgw", counted: "radosgw kill -9", downFor: Double.random(in: 0.5...2.5, using: &random))
                case .killOSD:
                    try killAndRestart("osd", counted: "OSD kill -9", downFor: Double.random(in: 4...8, using: &random))
                case .zombie:
                    try freezeOne(random: &random)
                }
            } catch {
                figures.fail("round \(round): injecting '\(fault.rawValue)' failed: \(describe(error))")
            }
        }

        /// A few of the proxy's faults at once, for the rest of the round; counts the responses it
        /// spoiled.
        func injectProxyFaults(until end: Double, random: inout SplitMix) throws {
            let rules: [[String: Any]] = [
                ["fault": "status", "status": 500, "code": "InternalError", "times": 3],
                ["fault": "status", "status": 503, "code": "SlowDown", "times": 4],
                // The gateway did the work; the answer is lost.
                ["method": "PUT", "fault": "status", "status": 503, "forward": true, "times": 2],
                ["method": "DELETE", "fault": "status", "status": 503, "forward": true, "times": 2],
                ["fault": "reset", "after_bytes": -1, "times": 2],
                ["fault": "reset", "after_bytes": 0, "times": 2],
                // Past the client's stall limit (15 s by default).
                ["method": "PUT", "fault": "stall", "after_bytes": -1, "seconds": 20, "times": 1],
                ["method": "HEAD", "fault": "stall", "after_bytes": -1, "seconds": 20, "times": 1],
            ]
            for rule in rules.shuffled(using: &random).prefix(Int.random(in: 3...5, using: &random)) { try proxy.add(rule) }
            let wait = end - monotonicSeconds()
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            try proxy.clear()
            let hits = try proxy.hits()
            figures.add("S3 responses spoiled by the fault proxy", hits)
            figures.add("faults injected", hits)
        }

        /// Kills the Ceph daemon `daemon` with SIGKILL, counts it under `counted`, leaves it down for
        /// `seconds`, and starts it again.
        func killAndRestart(_ daemon: String, counted: String, downFor seconds: Double) throws {
            try servers.ceph("kill", daemon)
            figures.add(counted)
            figures.add("faults injected")
            usleep(UInt32(seconds * 1_000_000))
            try servers.ceph("restart", daemon)
        }

        /// SIGSTOP one writer, end its sessions, give the others time to recover its work, SIGCONT:
        /// it must notice it lost its liveness and write nothing more.
        func freezeOne(random: inout SplitMix) throws {
            // A writer still opening the store has no session to end: the one chosen is spared the
            // round's kills until it has opened (a loaded machine takes seconds), then frozen.
            var chosen: (pid: pid_t, log: URL, ended: Int)?
            let choosing = monotonicSeconds() + 30
            while chosen == nil && monotonicSeconds() < choosing {
                guard let (pid, log) = running.withLock({ $0.sorted { $0.key < $1.key }.randomElement(using: &random) }) else {
                    usleep(100_000)
                    continue
                }
                protected.withLock { _ = $0.insert(pid) }
                let opened = monotonicSeconds() + 10
                // Before the first writer has made the schema the query fails: no sessions yet.
                while ((try? killer.sessions(ofProcess: pid, schema: schema)) ?? 0) == 0 && running.withLock({ $0[pid] != nil })
                        && monotonicSeconds() < opened {
                    usleep(100_000)
                }
                guard running.withLock({ $0[pid] != nil }), kill(pid, SIGSTOP) == 0 else {
                    protected.withLock { _ = $0.remove(pid) }
                    continue
                }
                let ended: Int
                do {
                    ended = try killer.terminateInstances(ofProcess: pid, schema: schema)
                } catch {
                    kill(pid, SIGCONT)
                    protected.withLock { _ = $0.remove(pid) }
                    throw error
                }
                if ended > 0 {
                    chosen = (pid, log, ended)
                } else {
                    kill(pid, SIGCONT)
                    protected.withLock { _ = $0.remove(pid) }
                }
            }
            guard let (pid, log, ended) = chosen else {
                figures.fail("no writer had opened the store (sessions to end) for the zombie fault within 30 s")
                return
            }
            defer { protected.withLock { _ = $0.remove(pid) } }
            figures.add("zombies (SIGSTOP, end sessions, SIGCONT)")
            figures.add("zombie sessions ended", ended)
            figures.add("faults injected")
            // The other writers' instances recover its work meanwhile (they open again and again).
            usleep(UInt32(Double.random(in: 1.0...2.0, using: &random) * 1_000_000))
            let offset = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
            kill(pid, SIGCONT)
            // It must end by itself with a typed error (the round checks that) and acknowledge nothing
            // begun after it lost its sessions: at most the one operation whose COMMIT the server had
            // before the sessions ended.
            let deadline = monotonicSeconds() + 40
            while running.withLock({ $0[pid] != nil }) && monotonicSeconds() < deadline { usleep(20_000) }
            if running.withLock({ $0[pid] != nil }) {
                figures.fail("a zombie writer (pid \(pid)) was still writing 40 s after SIGCONT, with its sessions ended")
                return
            }
            let data = FileManager.default.contents(atPath: log.path) ?? Data()
            let after = String(decoding: data.suffix(from: min(offset, data.count)), as: UTF8.self).split(separator: "\n")
            let acknowledged = after.filter { $0.hasPrefix("OK ") }.count
            if acknowledged > 1 {
                figures.fail("a zombie writer acknowledged \(acknowledged) operations after its sessions were ended: \(after.prefix(6))")
            } else {
                figures.add("zombies that stopped writing")
            }
        }

        // MARK: - After a round

        /// Every server back; then a fresh instance opens the store (recovering the dead), fsck is
        /// clean with no intent left, and every logged record is as acknowledged or in flight.
        func verify(_ round: Int, slots: [Slot]) {
            let healDeadline = monotonicSeconds() + 180
            while !servers.bothAnswer() {
                guard monotonicSeconds() < healDeadline else {
                    figures.fail("round \(round): the servers did not come back within 180 s")
                    return
                }
                // A fault whose healing failed half-way: start whatever is not running.
                _ = try? servers.postgres("start", "main")
                _ = try? servers.ceph("start")
                usleep(500_000)
            }
            let configuration = StoreConfiguration(location: StoreLocation(root: verifierFolder), metadataURL: URL(string: metadataURL),
                                                   blobsURL: URL(string: verifierBlobs))
            let started = monotonicSeconds()
            var last = ""
            while true {
                do {
                    let store = try configuration.open(imageProcessor: VipsImageProcessor())
                    let report = try store.fsck()
                    let intents = try store.intentsInFlight()
                    if intents > 0 {
                        // An instance killed mid-statement keeps its lock until the server notices (about a second).
                        throw KeepsakeError(.busy, "\(intents) intents of an instance whose session has not ended yet")
                    }
                    figures.add("fsck runs")
                    figures.add("intents recovered by the checker", report.intentsRecovered)
                    if report.isClean { figures.add("fsck clean") } else { figures.fail("round \(round): fsck after recovery: \(report.summaryLine)") }
                    checkLogs(store, slots: slots, round: round)
                    figures.max("longest wait for a round's check (s)", Int((monotonicSeconds() - started).rounded(.up)))
                    return
                } catch {
                    last = describe(error)
                    if monotonicSeconds() - started > 120 {
                        figures.fail("round \(round): the store could not be checked within 120 s: \(last)")
                        return
                    }
                    usleep(500_000)
                }
            }
        }

        func checkLogs(_ store: Store, slots: [Slot], round: Int) {
            for slot in slots {
                guard let data = FileManager.default.contents(atPath: slot.log.path) else { continue }
                let log = String(decoding: data, as: UTF8.self)
                let verification = CrashLog.verify(log) { id in CrashLog.state(of: try store.recordIfPresent(try RecordID(parsing: id))) }
                figures.add("record states checked", verification.checked)
                figures.add("lost", verification.lost)
                for failure in verification.failures { figures.fail("round \(round), writer \(slot.number): \(failure)") }
            }
        }

        func finishNotes() {
            figures.note("killed during", killedDuring.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            figures.note("writers' typed errors", errorCodes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            for (code, sample) in errorSamples.sorted(by: { $0.key < $1.key }) { figures.note("first \(code) error", sample) }
        }
    }
}
