import Foundation
import Testing
import KeepsakeCrashLog
import KeepsakeTestSupport
@testable import KeepsakeStore

@Suite struct ConcurrencyTests {
    static let images = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg"), Corpus.url("webp/test.webp")]

    @Test func tasksOnTwoInstancesAndASecondProcessKeepEveryPromise() async throws {
        let dir = TemporaryDirectory("concurrent")
        let first = try TestStores.open(dir)
        let second = try TestStores.open(dir)
        let log = dir.appending("worker.log")

        // A second process writes its own records meanwhile.
        let worker = Process()
        worker.executableURL = Binaries.url("keepsake-crash-worker")
        worker.arguments = ["--store", dir.path, "--log", log.path, "--worker", "9", "--ops", "40", "--records", "3"]
            + Self.images.flatMap { ["--image", $0.path] }
        try worker.run()

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
            let record = try first.record(id)
            #expect(record.images.count == 2)
        }
        let workerLog = try String(contentsOf: log, encoding: .utf8)
        #expect(workerLog.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == 40)
        for (id, expected) in CrashLog.expectations(workerLog) {
            #expect(CrashLog.state(of: try second.recordIfPresent(try RecordID(parsing: id))) == expected.acknowledged)
        }
        #expect(try first.fsck().isClean)
        #expect(try first.intentsInFlight() == 0)
    }
}
