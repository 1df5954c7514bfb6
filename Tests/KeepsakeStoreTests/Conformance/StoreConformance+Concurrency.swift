import Foundation
import Synchronization
import Testing
import KeepsakeCrashLog
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// Instances in one process and in several sharing one store.
    @Suite(.serialized) struct Concurrency {
        static let images = StoreConformance.tiny

        @Test(arguments: StoreBackends.all)
        func tasksOnTwoInstancesAndASecondProcessKeepEveryPromise(_ backend: StoreBackend) async throws {
            let place = try backend.makePlace("concurrent")
            let first = try place.open()
            let second = try place.open()
            let log = place.directory.appending("worker.log")

            // A second process writes its own records meanwhile.
            let worker = try place.startCrashWorker(log: log, ["--worker", "9", "--ops", "40", "--records", "3"], images: Self.images, quiet: false)

            let created = try await withThrowingTaskGroup(of: [RecordID].self) { group in
                for task in 0..<4 {
                    let store = task % 2 == 0 ? first : second
                    group.addTask {
                        var ids: [RecordID] = []
                        for step in 0..<6 {
                            let record = try store.create(RecordDraft(collection: "diary", fields: ["task": .integer(Int64(task))],
                                                                      images: [.file(Self.images[(task + step) % 3])]))
                            try store.addImages([.file(Self.images[step % 3])], to: record.id)
                            try store.replaceImage(of: record.id, at: 0, with: .file(Self.images[(step + 1) % 3]))
                            try store.update(record.id, set: ["step": .integer(Int64(step))])
                            if step % 3 == 0 { try store.trash(record.id) }
                            ids.append(record.id)
                        }
                        return ids
                    }
                }
                var all: [RecordID] = []
                for try await ids in group { all += ids }
                return all
            }
            worker.waitUntilExit()
            #expect(worker.terminationStatus == 0, "the second process failed: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")

            #expect(created.count == 24)
            #expect(try first.count("diary", trash: .all) == 24)
            #expect(try second.count("diary", trash: .trashed) == 8)
            for id in created {
                #expect(try first.record(id).images.count == 2)
            }
            let workerLog = try String(contentsOf: log, encoding: .utf8)
            #expect(workerLog.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == 40)
            for (id, expected) in CrashLog.expectations(workerLog) {
                #expect(CrashLog.state(of: try second.recordIfPresent(try RecordID(parsing: id))) == expected.acknowledged)
            }
            #expect(try first.fsck().isClean)
            #expect(try first.intentsInFlight() == 0)
        }

        /// Promise 4: recovery never touches a live process's in-flight work. A real writer process
        /// is frozen with SIGSTOP at random moments (often in the middle of an operation); another
        /// instance opens the store, which runs recovery; then the writer continues and must finish
        /// every operation.
        @Test(arguments: StoreBackends.all)
        func aLiveProcesssInFlightOperationIsNeverTouchedByAnotherProcesssRecovery(_ backend: StoreBackend) throws {
            let place = try backend.makePlace("live")
            let log = place.directory.appending("worker.log")
            let worker = try place.startCrashWorker(log: log, ["--worker", "5", "--ops", "300", "--records", "3"], images: Self.images, quiet: false)
            var frozenMidOperation = 0
            var busyWhileFrozen = 0
            var random = SystemRandomNumberGenerator()
            // Freezes start once the writer is writing (a loaded machine may take seconds to start
            // it), and go on past 25 until it was caught mid-operation at least once, while it runs.
            let started = Date()
            while worker.isRunning, Date().timeIntervalSince(started) < 120,
                  !((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("OK ") {
                usleep(20_000)
            }
            var freezes = 0
            while worker.isRunning && (freezes < 25 || frozenMidOperation == 0) && freezes < 400 {
                freezes += 1
                usleep(UInt32.random(in: 2_000...30_000, using: &random))
                kill(worker.processIdentifier, SIGSTOP)
                defer { kill(worker.processIdentifier, SIGCONT) }
                // Recovery runs here, while the writer is alive. A writer frozen inside its database
                // may hold its locks; then this opener waits out its (short) busy timeout and gives
                // up with a typed `busy` error, having touched nothing: that is allowed, nothing else is.
                var options = StoreOptions()
                options.busyTimeoutMilliseconds = 300
                do {
                    let other = try place.open(options: options)
                    if try other.intentsInFlight() > 0 { frozenMidOperation += 1 }
                } catch let error as KeepsakeError where error.code == .busy {
                    busyWhileFrozen += 1
                }
            }
            worker.waitUntilExit()
            let text = try String(contentsOf: log, encoding: .utf8)
            #expect(worker.terminationStatus == 0, "the writer failed after another process opened the store:\n\(text.suffix(1500))")
            #expect(text.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == 300)
            #expect(frozenMidOperation > 0, "the writer was never caught mid-operation; the test proved nothing")
            let store = try place.open()
            for (id, expected) in CrashLog.expectations(text) {
                #expect(CrashLog.state(of: try store.recordIfPresent(try RecordID(parsing: id))) == expected.acknowledged)
            }
            #expect(try store.fsck().isClean)
            print("live-process recovery test on \(backend): writer frozen mid-operation \(frozenMidOperation) times (\(busyWhileFrozen) opens waited out its locks), all 300 operations completed")
        }

        /// A record read (or listed, or found by search) through one instance while another commits
        /// a change to it is never assembled from two states: fields of one commit, images of the next.
        @Test(arguments: StoreBackends.all)
        func aReaderNeverSeesARecordHalfChangedByAnotherInstance(_ backend: StoreBackend) throws {
            let place = try backend.makePlace("torn")
            let writer = try place.open(), reader = try place.open()
            let ids = try (0..<20).map { index in
                try writer.create(RecordDraft(collection: "diary", fields: ["n": .integer(1), "text": .string("torn \(index)")],
                                              images: [.file(Self.images[0])])).id
            }
            let deadline = Date().addingTimeInterval(2)
            let torn = Mutex<[String]>([])
            let failures = concurrently(2) { role in
                var step = 0
                while Date() < deadline {
                    step += 1
                    if role == 0 {
                        // The image set and `n` change together, in one edit.
                        let id = ids[step % ids.count]
                        let current = try writer.record(id)
                        let slots: [ImageSlot] = current.images.count == 1
                            ? [.existing(current.images[0].id), .new(.file(Self.images[step % 2 + 1]))] : [.existing(current.images[0].id)]
                        try writer.edit(id, set: ["n": .integer(Int64(slots.count))], images: slots)
                    } else {
                        var query = RecordQuery(collection: "diary")
                        query.limit = 100
                        let seen = try reader.list(query).records + reader.search("torn", in: "diary", limit: 100) + [reader.record(ids[step % ids.count])]
                        for record in seen where record.fields["n"]?.integerValue != Int64(record.images.count) {
                            torn.withLock { $0.append("\(record.id): n = \(record.fields["n"]!) with \(record.images.count) images") }
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures)")
            #expect(torn.withLock { $0 }.isEmpty, "\(torn.withLock { $0.prefix(5) })")
        }

        /// Four threads on one `Store`: each operation first finishes the instance's leftovers, and
        /// must never take another thread's just-journalled operation for one.
        @Test(arguments: StoreBackends.all)
        func threadsSharingOneStoreNeverFinishEachOthersOperations(_ backend: StoreBackend) throws {
            let store = try backend.makePlace("leftovers").open()
            let deadline = Date().addingTimeInterval(3)
            let failures = concurrently(4) { thread in
                var step = 0
                var mine: [RecordID] = []
                while Date() < deadline {
                    step += 1
                    if mine.count < 3 || step % 5 == 0 {
                        mine.append(try store.create(RecordDraft(collection: "diary", images: [.file(Self.images[(thread + step) % 3])])).id)
                    } else if step % 7 == 0 {
                        try store.purge(mine.removeFirst())
                    } else {
                        try store.addImages([.file(Self.images[step % 3])], to: mine[step % mine.count])
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.prefix(3))")
            let report = try store.fsck()
            #expect(report.isClean, "\(report)")
            #expect(try store.intentsInFlight() == 0)
        }

        /// fsck --repair on a live store: images being placed by a running operation are not orphans,
        /// their thumbnails not orphan thumbnails, rows a commit is removing not dangling.
        @Test(arguments: StoreBackends.all)
        func fsckRepairWhileOthersWriteReportsNothingAndMovesNothing(_ backend: StoreBackend) throws {
            let place = try backend.makePlace("live-fsck")
            let checker = try place.open(), writer = try place.open()
            let deadline = Date().addingTimeInterval(3)
            let findings = Mutex<[String]>([])
            let acknowledged = Mutex<[RecordID: [String]]>([:])
            let failures = concurrently(3) { role in
                var step = 0
                while Date() < deadline {
                    step += 1
                    if role == 0 {
                        let report = try checker.fsck(repair: true, verifyHashes: false)
                        if !report.isClean || !report.repairs.isEmpty { findings.withLock { $0.append("\(report.problemCount) problems, repairs \(report.repairs.prefix(2))") } }
                    } else {
                        let record = try writer.create(RecordDraft(collection: "diary", images: [.file(Self.images[step % 3]), .file(Self.images[(step + 1) % 3])]))
                        let replaced = try writer.replaceImage(of: record.id, at: 0, with: .file(Self.images[(step + 2) % 3]))
                        if step % 3 == 0 { try writer.purge(record.id) } else {
                            acknowledged.withLock { $0[record.id] = replaced.images.map(\.sha256) }
                        }
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.prefix(3))")
            #expect(findings.withLock { $0 }.isEmpty, "\(findings.withLock { $0.prefix(3) })")
            for (id, hashes) in acknowledged.withLock({ $0 }) {
                #expect(try writer.record(id).images.map(\.sha256) == hashes)
            }
            #expect(try writer.fsck().isClean)
        }
    }
}
