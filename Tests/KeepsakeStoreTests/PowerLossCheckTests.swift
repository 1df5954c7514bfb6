import Foundation
import Testing
import KeepsakeCrashLog
import KeepsakeTestSupport
@testable import KeepsakeStore

/// The parts of the power-loss lane (scripts/powerloss, `keepsake-torture powerloss`) that run
/// without a virtual machine: the crash log check the host applies to what the guest reports, and
/// the crash worker's `--check` mode, which reports it.
@Suite struct PowerLossCheckTests {
    static let log = """
        BEGIN 00000001-0000-4000-8000-000000000000 live
        OK 00000001-0000-4000-8000-000000000000 live
        BEGIN 00000001-0000-4000-8000-000000000000 live aaa
        OK 00000001-0000-4000-8000-000000000000 live aaa
        BEGIN 00000001-0000-4000-8000-000000000000 live aaa bbb
        BEGIN 00000001-0000-4000-8000-000000000001 live ccc

        """

    @Test func theAcknowledgedOrAnInFlightStatePasses() {
        for states in [["live aaa", "absent"], ["live aaa bbb", "live ccc"]] {
            let result = CrashLog.verify(Self.log) { id in id.hasSuffix("0") ? states[0] : states[1] }
            #expect(result.failures.isEmpty, "\(result.failures)")
            #expect(result.checked == 2 && result.lost == 0)
        }
    }

    @Test func aMissingAcknowledgedRecordIsLost() {
        let result = CrashLog.verify(Self.log) { _ in "absent" }
        #expect(result.lost == 1)
        #expect(result.failures.count == 1 && result.failures[0].contains("00000001-0000-4000-8000-000000000000"))
    }

    @Test func aStateNeitherAcknowledgedNorBegunFails() {
        // An older state (the last operation's image gone) is a loss; a state nobody began, a failure.
        let older = CrashLog.verify(Self.log) { id in id.hasSuffix("0") ? "live" : "absent" }
        #expect(older.lost == 1 && older.failures.count == 1)
        let strange = CrashLog.verify(Self.log) { id in id.hasSuffix("0") ? "live bbb aaa" : "absent" }
        #expect(strange.lost == 0 && strange.failures.count == 1)
    }

    @Test func theWorkersCheckModeReportsEveryRecordAndAnOpenedStoresHealth() throws {
        let directory = TemporaryDirectory("powerloss-check")
        let store = try TestStores.open(directory)
        var created: [RecordID] = []
        for index in 0..<3 {
            let id = try RecordID(parsing: String(format: "00000001-0000-4000-8000-%012x", index))
            created.append(try store.create(RecordDraft(collection: "test", images: index == 0 ? [.file(Corpus.url("png/basn2c08.png"))] : [], id: id)).id)
        }
        try store.trash(created[2])
        let logs = TemporaryDirectory("powerloss-check-log")
        let log = logs.appending("check.log")
        let result = try runProcess(Binaries.url("keepsake-crash-worker"), ["--check", "--store", directory.path, "--log", log.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.contains("INTENTS 0") && lines.contains("FSCK clean") && lines.contains("STAGING 0") && lines.contains("OTHER 0"), "\(lines)")
        #expect(lines.last == "CHECK-DONE 3")
        for id in created {
            let expected = CrashLog.state(of: try store.record(id))
            #expect(lines.contains("STATE \(id.string) \(expected)"), "\(id): \(lines)")
        }
        // A damaged original is reported by path, so the host counts it as lost.
        let original = store.location.dataDirectory.appendingPathComponent(try store.record(created[0]).images[0].path.string)
        try Data("not the photo".utf8).write(to: original)
        try? FileManager.default.removeItem(at: log)
        _ = try runProcess(Binaries.url("keepsake-crash-worker"), ["--check", "--store", directory.path, "--log", log.path])
        let damaged = try String(contentsOf: log, encoding: .utf8)
        #expect(damaged.contains("FSCK 1 problems") && damaged.contains("DAMAGED \(created[0].string) "), "\(damaged)")
    }
}
