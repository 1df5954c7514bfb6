import Foundation
import Testing
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
@testable import KeepsakeStoreTransfer

/// A move killed with SIGKILL midway (the crash worker's move mode, a child process) and run again.
@Suite struct StoreMoverResumeTests {
    /// The directions: embedded → PostgreSQL + S3, and back.
    static let directions: [(StoreBackend, StoreBackend)] = [(.embedded, .distributed), (.distributed, .embedded)]

    /// The crash worker's flags naming `place` as the move's target.
    func targetArguments(_ place: any StorePlace) -> [String] {
        place.storeArguments.map { $0.hasPrefix("--") ? "--move-to-" + $0.dropFirst(2) : $0 }
    }

    /// The highest `copied=` a move log shows so far.
    func copied(in log: URL) -> Int {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("MOVE copying ") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("copied=") }.flatMap { Int($0.dropFirst(7)) }
        }.max() ?? 0
    }

    /// Starts a move from `source` to `target` in a child process, waits until it has copied
    /// `records` records in this run, lets it go on for a random moment shorter than one record takes
    /// (measured on the records it copied, so the kill lands inside the next record — mid-upload,
    /// around the commit — however fast the machine is), and kills it with SIGKILL.
    func startAndKill(from source: any StorePlace, to target: any StorePlace, after records: Int, logs: TemporaryDirectory, round: Int) throws {
        let log = logs.appending("move-\(round).log")
        let child = Process()
        child.executableURL = Binaries.url("keepsake-crash-worker")
        child.arguments = source.storeArguments + ["--log", log.path] + targetArguments(target)
        child.environment = source.processEnvironment.merging(target.storeEnvironment) { $1 }
        child.standardError = FileHandle.nullDevice
        try child.run()
        let deadline = Date().addingTimeInterval(120)
        var firstCopied: Date?
        while child.isRunning, Date() < deadline {
            let count = copied(in: log)
            if count >= 1, firstCopied == nil { firstCopied = Date() }
            if count >= records { break }
            usleep(2_000)
        }
        // The records after the first took this long each, on average.
        let pace = firstCopied.map { Date().timeIntervalSince($0) / Double(max(records - 1, 1)) } ?? 0.1
        usleep(UInt32.random(in: 0...UInt32(pace * 1_000_000)))
        let wasRunning = child.isRunning
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(wasRunning && child.terminationReason == .uncaughtSignal, "the move must still be running when killed; its log:\n\(text.suffix(2000))")
        #expect(!text.contains("MOVED"), "killed before it finished")
    }

    @Test(arguments: directions)
    func aMoveKilledMidwayTwiceResumesToACompleteTargetWithNoDuplicateAndACleanCheck(from sourceBackend: StoreBackend, to targetBackend: StoreBackend) throws {
        let logs = TemporaryDirectory("move-kill-logs")
        let sourcePlace = try sourceBackend.makePlace("move-kill-source")
        let source = try sourcePlace.open()
        try StoreMoverFixture.fillWithMany(source, count: 24)
        _ = try APITokens(store: source).create(name: "phone", readOnly: false)
        let records = try StoreMoverFixture.allRecords(source)
        let settings = try StoreMoverFixture.settings(source)
        let before = try StoreSnapshot(source)
        let targetPlace = try targetBackend.makePlace("move-kill-target")

        try startAndKill(from: sourcePlace, to: targetPlace, after: 3, logs: logs, round: 1)
        try startAndKill(from: sourcePlace, to: targetPlace, after: 3, logs: logs, round: 2)

        // What the killed runs left: whole records only, each identical to its source.
        let target = try targetPlace.open()
        let partial = try StoreMoverFixture.allRecords(target)
        #expect((6..<records.count).contains(partial.count), "both runs copied records before they were killed: \(partial.count)")
        let byID = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
        for record in partial {
            #expect(byID[record.id].map { RecordContent($0) } == RecordContent(record))
        }

        // Run again, without being told the target may be non-empty: it resumes the unfinished move.
        let report = try StoreMover(from: source, to: target).move()
        #expect(report.resumed)
        #expect(report.skipped == partial.count && report.records == records.count - partial.count)
        #expect(report.verifiedRecords == records.count && report.otherTargetRecords == 0 && report.targetCheck.isClean)
        try StoreMoverFixture.expectSameRecords(target, as: records)
        let ids = try StoreMoverFixture.allRecords(target).map(\.id)
        #expect(Set(ids).count == ids.count && ids.count == records.count, "no record twice")
        #expect(try StoreMoverFixture.settings(target) == settings)
        #expect(try target.intentsInFlight() == 0)
        let check = try target.fsck()
        #expect(check.isClean && check.orphanFiles.isEmpty && check.orphanThumbnails.isEmpty, "\(check)")
        #expect(try target.metadata.read { try $0.setting(StoreMover.markKey, in: StoreMover.markNamespace) } == nil)
        #expect(try StoreSnapshot(source) == before, "the source is never changed")

        // Once finished, the target is an ordinary non-empty store: a new move into it is refused.
        let again = Result { try StoreMover(from: source, to: target).move() }
        #expect((try? again.get()) == nil)
        if case .failure(let error) = again { #expect((error as? StoreMoveError)?.kind == .targetNotEmpty) }
    }
}
