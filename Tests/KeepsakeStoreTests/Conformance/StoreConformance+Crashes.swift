import Foundation
import Testing
import KeepsakeCrashLog
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// Real child processes doing store operations, SIGKILLed at random moments; after each kill the
    /// store is reopened (recovering the dead process's intents) and every promise is checked.
    @Suite(.serialized) struct Crashes {
        static let images = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg"), Corpus.url("webp/test.webp"),
                             Corpus.url("png/toucan.png"), Corpus.url("jpeg/progressive3.jpg")]

        func startWorker(place: any StorePlace, log: URL, worker: Int, seed: UInt64) throws -> Process {
            try place.startCrashWorker(log: log, ["--worker", String(worker), "--seed", String(seed), "--records", "4"], images: Self.images)
        }

        @Test(arguments: StoreBackends.all)
        func sigkilledWritersNeverLeaveAHalfDoneOperation(_ backend: StoreBackend) throws {
            let kills = Int(ProcessInfo.processInfo.environment["KEEPSAKE_CRASH_KILLS"] ?? "") ?? 60
            let place = try backend.makePlace("crash")
            let logs = TemporaryDirectory("crash-logs")
            var random = SystemRandomNumberGenerator()
            var killed = 0
            var round = 0
            var acknowledged = 0
            while killed < kills {
                round += 1
                // Every third round two processes write at once (disjoint records, one store).
                let workerCount = round % 3 == 0 ? 2 : 1
                var processes: [Process] = []
                for worker in 1...workerCount {
                    processes.append(try startWorker(place: place, log: logs.appending("worker-\(worker).log"), worker: worker, seed: random.next()))
                }
                usleep(UInt32.random(in: 80_000...500_000, using: &random))
                for process in processes {
                    if process.isRunning {
                        kill(process.processIdentifier, SIGKILL)
                        killed += 1
                    }
                    process.waitUntilExit()
                    #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 0,
                            "a worker failed by itself (status \(process.terminationStatus)); see its log")
                }

                // Reopen: recovery runs for the dead processes; then check every promise.
                let reopened = try place.open()
                #expect(try reopened.intentsInFlight() == 0, "round \(round): recovery left intents behind")
                let report = try reopened.fsck()
                #expect(report.isClean, "round \(round): \(report)")
                for worker in 1...2 {
                    guard let log = try? String(contentsOf: logs.appending("worker-\(worker).log"), encoding: .utf8) else { continue }
                    #expect(!log.contains("MISMATCH") && !log.contains("ERROR"), "worker \(worker) reported a problem:\n\(log.suffix(2000))")
                    for (id, expected) in CrashLog.expectations(log) {
                        let actual = CrashLog.state(of: try reopened.recordIfPresent(try RecordID(parsing: id)))
                        let allowed = [expected.acknowledged] + expected.inFlight
                        #expect(allowed.contains(actual), "round \(round), record \(id): state \(actual), allowed \(allowed)")
                    }
                    acknowledged += log.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count
                }
            }
            #expect(killed >= kills)
            #expect(acknowledged > 0, "the workers acknowledged no operation at all")
            print("crash test on \(backend): \(killed) SIGKILLs over \(round) rounds; every record matched its acknowledged or in-flight state")
        }
    }
}
