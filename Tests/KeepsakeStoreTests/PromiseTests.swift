import Foundation
import Testing
import KeepsakeCrashLog
import KeepsakeTestSupport
@testable import KeepsakeStore

/// Tests aimed at single promises of the engine (README "What the store promises").
@Suite(.serialized) struct PromiseTests {
    /// Promise 4: recovery never touches a live process's in-flight files. A real writer process is
    /// frozen with SIGSTOP at random moments (often in the middle of an operation); another instance
    /// opens the store, which runs recovery; then the writer continues and must finish every operation.
    @Test func aLiveProcesssInFlightOperationIsNeverTouchedByAnotherProcesssRecovery() throws {
        let dir = TemporaryDirectory("live")
        let log = dir.appending("worker.log")
        let images = [Corpus.url("png/basn2c08.png"), Corpus.url("jpeg/testorig.jpg"), Corpus.url("webp/test.webp")]
        let worker = Process()
        worker.executableURL = Binaries.url("keepsake-crash-worker")
        worker.arguments = ["--store", dir.path, "--log", log.path, "--worker", "5", "--ops", "300", "--records", "3"]
            + images.flatMap { ["--image", $0.path] }
        try worker.run()
        var frozenMidOperation = 0
        var busyWhileFrozen = 0
        var random = SystemRandomNumberGenerator()
        for _ in 0..<25 where worker.isRunning {
            usleep(UInt32.random(in: 2_000...30_000, using: &random))
            kill(worker.processIdentifier, SIGSTOP)
            defer { kill(worker.processIdentifier, SIGCONT) }
            // Recovery runs here, while the writer is alive. A writer frozen inside SQLite may hold
            // the database's locks; then this opener waits out its (short) busy timeout and gives up
            // with a typed `busy` error, having touched nothing: that is allowed, anything else is not.
            var options = StoreOptions()
            options.busyTimeoutMilliseconds = 300
            do {
                let other = try TestStores.open(dir, options: options)
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
        let store = try TestStores.open(dir)
        for (id, expected) in CrashLog.expectations(text) {
            #expect(CrashLog.state(of: try store.recordIfPresent(try RecordID(parsing: id))) == expected.acknowledged)
        }
        #expect(try store.fsck().isClean)
        print("live-process recovery test: writer frozen mid-operation \(frozenMidOperation) times (\(busyWhileFrozen) opens waited out its locks), all 300 operations completed")
    }

    /// Promise 7: listing reads only the database; it works even when every original is gone.
    @Test func listingNeverReadsImageFiles() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "diary", images: Corpus.smallImages.prefix(3).map(ImageSource.file)))
        try FileManager.default.removeItem(at: dir.appending("attachments"))
        try FileManager.default.removeItem(at: store.location.thumbnailsDirectory)
        let page = try store.list(RecordQuery(collection: "diary"))
        #expect(page.records.map(\.id) == [record.id])
        #expect(page.records[0].images.map { $0.thumbnailPath(.small) } == record.images.map { $0.thumbnailPath(.small) })
    }

    /// Promise 8: a file changed behind the store's back is found by its hash and reported as
    /// unrepairable, never "fixed" by deleting it.
    @Test func fsckFindsAChangedFileByItsHashAndKeepsIt() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "diary", images: [.file(Corpus.smallImages[0])]))
        let file = dir.appending(record.images[0].path.string)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)
        let report = try store.fsck()
        #expect(report.hashMismatches.map(\.path) == [record.images[0].path.string])
        #expect(!report.isClean)
        let repaired = try store.fsck(repair: true)
        #expect(repaired.unrepairable.count == 1)
        #expect(repaired.unrepairable[0].contains("restore it from a backup"))
        #expect(try Data(contentsOf: file) == bytes, "the damaged file is kept for the user to inspect")
        #expect(try store.fsck(verifyHashes: false).isClean)
    }
}
