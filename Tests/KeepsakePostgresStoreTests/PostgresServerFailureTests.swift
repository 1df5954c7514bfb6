import Foundation
import Synchronization
import Testing
import KeepsakePostgres
import KeepsakeStore
import KeepsakeTestSupport

/// The server itself failing under a running store, on private servers: a crash-like restart, and
/// a full disk.
@Suite("PostgreSQL server failures under a store (private servers)", .serialized)
struct PostgresServerFailureTests {
    static let images = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg")]

    @Test("pg_ctl restart -m immediate mid-run: operations in flight fail with typed errors, the instance stops writing (its liveness went with the server's sessions), another instance recovers it, and every acknowledged change is there")
    func immediateRestartMidRun() throws {
        let name = "store-restart-" + UUID().uuidString.prefix(8).lowercased()
        let url = try TestServers.startPrivatePostgres(name)
        defer { try? TestServers.stopPrivatePostgres(name) }
        let place = try PostgresFolderStorePlace(label: "restart", serverURL: url)
        var options = StoreOptions()
        options.busyTimeoutMilliseconds = 2_000
        let store = try place.open(options: options)

        struct Progress: Sendable { var acknowledged: [RecordID: Int] = [:]; var failures: [String] = []; var foreign: [String] = [] }
        let progress = Mutex(Progress())
        let stop = Atomic<Bool>(false)
        let writer = Thread {
            var step = 0
            while !stop.load(ordering: .relaxed) {
                step += 1
                do {
                    let record = try store.create(RecordDraft(collection: "diary", fields: ["step": .integer(Int64(step))], images: [.file(Self.images[step % 2])]))
                    progress.withLock { $0.acknowledged[record.id] = 1 }
                    _ = try store.addImages([.file(Self.images[(step + 1) % 2])], to: record.id)
                    progress.withLock { $0.acknowledged[record.id] = 2 }
                } catch let error as KeepsakeError {
                    progress.withLock { $0.failures.append("\(error.code): \(error.message)") }
                    Thread.sleep(forTimeInterval: 0.05)
                } catch {
                    progress.withLock { $0.foreign.append("\(error)") }
                }
            }
        }
        writer.start()
        #expect(eventually(timeout: .seconds(60)) { progress.withLock { $0.acknowledged.count } >= 3 }, "the writer did not get going")
        try TestServers.runScript("postgres", ["restart-immediate", name])
        #expect(eventually(timeout: .seconds(60)) { progress.withLock { $0.failures.contains { $0.contains("liveness") } } },
                "after the restart the instance must refuse to write, its liveness being gone")
        stop.store(true, ordering: .relaxed)
        while writer.isExecuting || !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }

        let seen = progress.withLock { $0 }
        #expect(seen.foreign.isEmpty, "every failure is a KeepsakeError: \(seen.foreign.prefix(3))")
        let late = try #require(throws: KeepsakeError.self) { try store.create(RecordDraft(collection: "diary")) }
        #expect(late.code == .busy && late.message.contains("liveness"), "\(late)")

        // A new instance recovers the old one's unfinished operations; every acknowledged change survived the crash.
        let other = try place.open()
        for (id, images) in seen.acknowledged {
            let record = try other.recordIfPresent(id)
            #expect(record != nil, "acknowledged record \(id) was lost")
            #expect((record?.images.count ?? 0) >= images, "record \(id) lost an acknowledged image")
        }
        let report = try other.fsck()
        #expect(report.isClean, "\(report)")
        #expect(try other.intentsInFlight() == 0)
        print("restart test: \(seen.acknowledged.count) records acknowledged, \(seen.failures.count) operations refused around the restart, all typed")
    }

    @Test("A full disk on the server is diskFull: the change that did not fit leaves nothing behind, fsck is clean, and once space is freed the store writes again")
    func aFullServerDiskIsDiskFull() throws {
        let name = "store-diskfull-" + UUID().uuidString.prefix(8).lowercased()
        let url = try TestServers.startPrivatePostgres(name)
        defer {
            _ = try? TestServers.runScript("postgres", ["drop-tablespace", name, "small"])
            try? TestServers.stopPrivatePostgres(name)
        }
        try TestServers.runScript("postgres", ["tablespace", name, "small", "3072"])
        let admin = try PostgresConnection(url: url)
        defer { admin.close() }
        // The store's tables go to the small tablespace (sessions made from now on).
        try admin.executeScript("ALTER DATABASE keepsake SET default_tablespace = small")
        let place = try PostgresFolderStorePlace(label: "diskfull", serverURL: url)
        let store = try place.open()
        let kept = try store.create(RecordDraft(collection: "diary", fields: ["title": .string("kept")], images: [.file(Self.images[0])]))

        // Fill the tablespace to the last block with a table of its own.
        try admin.executeScript("CREATE TABLE filler (t text) TABLESPACE small; ALTER TABLE filler ALTER COLUMN t SET STORAGE EXTERNAL")
        var filled = false
        for _ in 0..<200 {
            do {
                try admin.execute("INSERT INTO filler SELECT string_agg(md5(random()::text), '') FROM generate_series(1, 1000)")
            } catch let error as PostgresError where error.kind == .diskFull {
                filled = true
                break
            }
        }
        #expect(filled, "the tablespace never filled up")

        let before = try StoreSnapshot(store)
        let big = String((0..<3000).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
        let error = try #require(throws: KeepsakeError.self) {
            for n in 0..<50 {
                try store.create(RecordDraft(collection: "diary", fields: ["text": .string(big + String(n)), "tags": .strings([big])], images: [.file(Self.images[1])]))
            }
        }
        #expect(error.code == .diskFull, "\(error)")
        #expect(error.remedy == .freeSpace)
        let after = try StoreSnapshot(store)
        #expect(after.records.count >= before.records.count)
        let report = try store.fsck()
        #expect(report.isClean, "\(report)")
        #expect(try store.intentsInFlight() == 0)
        #expect(try store.record(kept.id).images.count == 1)

        try admin.executeScript("DROP TABLE filler")
        let afterFreeing = try store.create(RecordDraft(collection: "diary", fields: ["text": .string(big)], images: [.file(Self.images[1])]))
        #expect(try store.record(afterFreeing.id).images.count == 1)
        #expect(try store.fsck().isClean)
    }
}
