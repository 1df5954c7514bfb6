import Foundation
import KeepsakeStoreConfiguration
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization

/// `distributed`: the PostgreSQL + S3 pair under real failures, round after round.
///
/// The lane starts servers of its own (`scripts/servers/start` under its scratch folder; stopped and
/// removed at the end), a store in a fresh schema and bucket prefix, and the S3 fault proxy. Each
/// round runs K `keepsake-crash-worker` processes on that one store (like K servers: the first
/// K-1 reach the radosgw through the fault proxy, the last directly), each SIGKILLed at random
/// moments and started again at once, so a fresh instance recovers the dead one's work while the
/// others write; and one fault of the cycle below at a random moment:
///
/// - none beyond the writers' kills;
/// - `pg_terminate_backend` of every work session, several times (mid-query, mid-COMMIT, idle);
/// - `pg_terminate_backend` of one instance's liveness session (it must stop writing);
/// - `pg_ctl restart -m immediate` of the PostgreSQL server;
/// - the fault proxy answering 500, 503 `SlowDown`, 503 after the gateway did the work, resetting
///   before and after the answer's headers, stalling past the client's stall timeout;
/// - kill -9 of radosgw, then starting it again;
/// - kill -9 of the OSD (radosgw then hangs: only the client's timeouts end the requests), then
///   starting it again;
/// - a zombie: one writer frozen with SIGSTOP, its sessions ended (so others may recover its work),
///   then SIGCONT: it must write nothing more.
///
/// A writer that ends by itself must end with a typed error (`ERROR <code>: …` in its log) and is
/// started again. After each round, every server back, a fresh instance opens the store (recovering
/// the dead) and runs fsck, which must be clean with no intent left, and every record each writer
/// logged must be in its last acknowledged state or in a state begun since: nothing acknowledged lost.
enum DistributedTorture {
    enum Fault: String, CaseIterable {
        case writersOnly = "writer kills only"
        case terminateWork = "pg_terminate_backend of work sessions"
        case terminateLiveness = "pg_terminate_backend of a liveness session"
        case restartPostgres = "pg_ctl restart -m immediate"
        case proxyFaults = "S3 fault proxy: 500/503/SlowDown/resets/stalls"
        case killGateway = "kill -9 of radosgw"
        case killOSD = "kill -9 of the OSD"
        case zombie = "a zombie: SIGSTOP, its sessions ended, SIGCONT"

        /// The counter of the rounds with this fault (short enough for the figures' column).
        var counter: String {
            switch self {
            case .writersOnly: "rounds: writer kills only"
            case .terminateWork: "rounds: work sessions ended"
            case .terminateLiveness: "rounds: a liveness session ended"
            case .restartPostgres: "rounds: PostgreSQL restart -m immediate"
            case .proxyFaults: "rounds: S3 fault proxy"
            case .killGateway: "rounds: radosgw kill -9"
            case .killOSD: "rounds: OSD kill -9"
            case .zombie: "rounds: zombie"
            }
        }
    }

    /// One writer's place: its log, its local folder and how it reaches the object store.
    struct Slot {
        let number: Int
        let log: URL
        let folder: URL
        let blobs: String
        var child: Child?
        var logOffset = 0
        var nextKill = 0.0
        var restartAt = 0.0
    }

    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        let figures = Figures("distributed")
        figures.extraFigures = ["acknowledged worker operations", "record states checked", "fsck runs", "fsck clean"]
        let seconds = Double(arguments.int("--seconds", 600))
        let maxRounds = arguments.int("--rounds", Int.max)
        let writers = max(2, arguments.int("--writers", 3))
        let seed = arguments.uint64("--seed", UInt64(Date().timeIntervalSince1970))
        var random = SplitMix(seed: seed)
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let images = CrashTorture.imagePaths.map { corpus.appendingPathComponent($0) }
        let worker = Paths.binary("keepsake-crash-worker")
        guard FileManager.default.isExecutableFile(atPath: worker.path) else { usage("\(worker.path) is not built") }
        guard let scripts = TestServerSet.scriptsFolder(arguments.string("--repo")) else {
            usage("cannot find scripts/servers (pass --repo DIR, the repository's root)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/psql") else { usage("/usr/bin/psql is missing (run scripts/bootstrap)") }
        let scratch = Paths.scratch("distributed", under: arguments.string("--tmp"))
        defer { if figures.failures.isEmpty { try? FileManager.default.removeItem(at: scratch) } }
        let logs = scratch.appendingPathComponent("logs")
        try! FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)

        say("distributed: seed \(seed); starting PostgreSQL and Ceph under \(scratch.path)/servers")
        let serversStarted = monotonicSeconds()
        let servers: TestServerSet
        do {
            servers = try TestServerSet(scripts: scripts, folder: scratch.appendingPathComponent("servers"))
        } catch {
            figures.fail("the servers did not start: \(describe(error))")
            return figures.finish()
        }
        defer { servers.stop() }
        // Stopped from outside (Ctrl-C, `timeout`): the servers go too.
        let stopping = DispatchQueue(label: "distributed.signals")
        let handlers = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: stopping)
            source.setEventHandler {
                say("distributed: signal \(number): stopping the servers")
                servers.stop()
                exit(128 + number)
            }
            source.resume()
            return source
        }
        defer { handlers.forEach { $0.cancel() } }
        figures.note("servers up after", String(format: "%.1f s", monotonicSeconds() - serversStarted))
        // The writers and this process's own instances read the credentials the AWS way.
        setenv("AWS_ACCESS_KEY_ID", servers.accessKeyID, 1)
        setenv("AWS_SECRET_ACCESS_KEY", servers.secretAccessKey, 1)
        let proxy: FaultProxyProcess
        do {
            proxy = try FaultProxyProcess(scripts: scripts, upstream: servers.s3Endpoint, errors: logs.appendingPathComponent("proxy.err"))
        } catch {
            figures.fail("\(describe(error))")
            return figures.finish()
        }
        let tag = UUID().uuidString.lowercased().prefix(8)
        let metadataURL = servers.postgresURL + "?schema=torture_\(tag)"
        let prefix = "torture-\(tag)/"
        func blobsURL(_ endpoint: String) -> String {
            "s3://\(servers.bucket)/\(prefix)?endpoint=\(endpoint)&region=\(servers.region)&addressing=path"
        }
        let lane = Lane(figures: figures, servers: servers, proxy: proxy, killer: PostgresSessionKiller(url: servers.postgresURL),
                        worker: worker, schema: "torture_\(tag)", metadataURL: metadataURL, logs: logs, verifierBlobs: blobsURL(servers.s3Endpoint),
                        verifierFolder: scratch.appendingPathComponent("verifier"), imageArguments: images.flatMap { ["--image", $0.path] })
        var slots = (1...writers).map { number in
            Slot(number: number, log: logs.appendingPathComponent("worker-\(number).log"),
                 folder: scratch.appendingPathComponent("writer-\(number)"),
                 blobs: blobsURL(number < writers ? proxy.url : servers.s3Endpoint))
        }
        say("distributed: store postgresql …?schema=torture_\(tag) + s3://\(servers.bucket)/\(prefix); \(writers) writers (\(writers - 1) through the fault proxy); \(Int(seconds)) s")

        // --fault NAME (repeatable) runs only those faults of the cycle (the case names above).
        let chosen = arguments.all("--fault")
        let cycle = chosen.isEmpty ? Fault.allCases : Fault.allCases.filter { chosen.contains("\($0)") }
        guard !cycle.isEmpty else { usage("--fault takes one of \(Fault.allCases.map { "\($0)" }.joined(separator: ", "))") }
        let deadline = monotonicSeconds() + seconds
        var round = 0
        while round < maxRounds && monotonicSeconds() < deadline {
            round += 1
            figures.add("runs")
            let fault = cycle[(round - 1) % cycle.count]
            lane.runRound(round, fault: fault, slots: &slots, random: &random)
            lane.verify(round, slots: slots)
            if figures.failures.count > 20 { break }
            if round % 7 == 0 {
                say("distributed: round \(round), \(figures.value("kills")) kills, \(figures.value("faults injected")) faults, \(Int(monotonicSeconds() - (deadline - seconds))) s")
            }
        }
        for slot in slots {
            let text = (try? String(contentsOf: slot.log, encoding: .utf8)) ?? ""
            figures.add("acknowledged worker operations", text.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count)
        }
        lane.finishNotes()
        if !figures.failures.isEmpty { say("distributed: the logs are kept in \(scratch.path)") }
        return figures.finish()
    }
}
