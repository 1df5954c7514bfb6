import Foundation
import Synchronization
import Testing
import KeepsakeCrashLog
import KeepsakeS3
import KeepsakeS3Store
import KeepsakeStore
import KeepsakeTestSupport

/// Processes killed with SIGKILL on the S3 pair: the gateway under a writer, and a writer in the
/// middle of a PUT.
@Suite("S3 store under kill -9")
struct S3StoreKillTests {
    static let images = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg"), Corpus.url("webp/test.webp")]

    @Test("kill -9 of the radosgw under a writer: operations fail with typed errors while it is gone, succeed once it is back, and recovery leaves every acknowledged record and nothing else")
    func gatewayKilledUnderAWriter() throws {
        let name = "k" + UUID().uuidString.prefix(8).lowercased()
        let endpoint = try TestServers.startPrivateGateway(name)
        defer { try? TestServers.killPrivateGateway(name) }
        let place = try S3StoreTest.place("rgw-kill")
        let acknowledged = Mutex<[RecordID: [String]]>([:])
        let failures = Mutex<[KeepsakeError.Code: Int]>([:])
        let untyped = Mutex<[String]>([])
        let phase = Atomic<Int>(0)  // 0: before the kill, 1: gateway gone, 2: back, 3: stop
        let succeededAfterRestart = Atomic<Int>(0)
        do {
            let store = try place.open(blobs: try place.blobStore(endpoint: endpoint,
                                                                  timeouts: S3Timeouts(connect: .seconds(1), stall: .seconds(2), total: .seconds(5)),
                                                                  retry: S3RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10), maxDelay: .milliseconds(50))))
            let writer = Thread {
                var step = 0
                while phase.load(ordering: .acquiring) < 3 {
                    step += 1
                    do {
                        let record = try store.create(RecordDraft(collection: "diary", fields: ["step": .integer(Int64(step))],
                                                                  images: [.file(Self.images[step % 3]), .file(Self.images[(step + 1) % 3])]))
                        let changed = try store.replaceImage(of: record.id, at: 0, with: .file(Self.images[(step + 2) % 3]))
                        acknowledged.withLock { $0[record.id] = changed.images.map(\.sha256) }
                        if phase.load(ordering: .acquiring) == 2 { succeededAfterRestart.add(1, ordering: .relaxed) }
                    } catch let error as KeepsakeError {
                        failures.withLock { $0[error.code, default: 0] += 1 }
                    } catch {
                        untyped.withLock { $0.append("\(error)") }
                    }
                    usleep(20_000)
                }
                phase.store(4, ordering: .releasing)
            }
            writer.start()
            usleep(1_000_000)
            try TestServers.killPrivateGateway(name)
            phase.store(1, ordering: .releasing)
            usleep(1_500_000)
            _ = try TestServers.startPrivateGateway(name)
            phase.store(2, ordering: .releasing)
            let deadline = Date().addingTimeInterval(30)
            while succeededAfterRestart.load(ordering: .relaxed) < 3, Date() < deadline { usleep(50_000) }
            phase.store(3, ordering: .releasing)
            while phase.load(ordering: .acquiring) != 4 { usleep(10_000) }
        }  // the writer's instance goes away; another recovers what it left
        #expect(untyped.withLock { $0 }.isEmpty, "\(untyped.withLock { $0.prefix(3) })")
        let failed = failures.withLock { $0 }
        #expect(failed.values.reduce(0, +) > 0, "no operation failed while the gateway was gone: the test proved nothing")
        #expect(Set(failed.keys).isSubset(of: [.io, .busy]), "\(failed)")
        #expect(succeededAfterRestart.load(ordering: .relaxed) >= 3, "the writer did not get going again once the gateway was back")

        let reopened = try place.open()
        let records = acknowledged.withLock { $0 }
        for (id, hashes) in records {
            #expect(try reopened.record(id).images.map(\.sha256) == hashes)
        }
        // A create that failed left nothing; one acknowledged may have had its replace fail (then its
        // first images are there, whole).
        #expect(try reopened.count("diary", trash: .all) >= records.count)
        let report = try reopened.fsck()
        #expect(report.isClean, "\(report)")
        #expect(try reopened.intentsInFlight() == 0)
        print("radosgw kill -9 under a writer: \(records.count) operations acknowledged, failures while it was gone: \(failed)")
    }

    @Test("a writer process SIGKILLed while its PUT of an original hangs, after the gateway stored it: recovery deletes the object and the record is as acknowledged")
    func writerKilledMidPut() throws {
        let place = try S3StoreTest.place("mid-put")
        let proxy = try FaultProxy()
        let log = place.directory.appending("worker.log")
        let worker = Process()
        worker.executableURL = Binaries.url("keepsake-crash-worker")
        worker.arguments = ["--store", place.directory.path, "--blobs", place.blobsURL(endpoint: proxy.url), "--log", log.path,
                            "--worker", "3", "--records", "2", "--ops", "200"] + Self.images.flatMap { ["--image", $0.path] }
        worker.environment = place.processEnvironment
        worker.standardError = FileHandle.nullDevice
        try proxy.add(["method": "PUT", "path": "attachments/", "fault": "stall", "after_bytes": -1, "seconds": 60, "times": 1])
        try worker.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try !proxy.requests().contains(where: { $0.outcome.hasPrefix("stalled") }), worker.isRunning { usleep(20_000) }
        let stalled = try proxy.requests().first { $0.outcome.hasPrefix("stalled") }
        kill(worker.processIdentifier, SIGKILL)
        worker.waitUntilExit()
        let hung = try #require(stalled, "the worker never put an original")
        #expect(hung.outcome == "stalled after -1 bytes (upstream 200)", "the gateway stored the object before the answer hung")
        let storedKey = String(hung.path.split(separator: "?")[0].dropFirst("/\(place.server.bucket)/".count).dropFirst(place.prefix.count))
        #expect(try place.client().headObject(key: place.prefix + storedKey) != nil, "the object is in the bucket, journalled and unreferenced")

        let reopened = try place.open()
        #expect(try place.client().headObject(key: place.prefix + storedKey) == nil, "recovery deleted it")
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.hasSuffix("\n") && text.split(separator: "\n").last?.hasPrefix("BEGIN ") == true, "killed in the middle of an operation")
        for (id, expected) in CrashLog.expectations(text) {
            #expect(CrashLog.state(of: try reopened.recordIfPresent(try RecordID(parsing: id))) == expected.acknowledged,
                    "a PUT that never answered cannot have been committed")
        }
        let report = try reopened.fsck()
        #expect(report.isClean, "\(report)")
        #expect(try reopened.intentsInFlight() == 0)
    }
}
