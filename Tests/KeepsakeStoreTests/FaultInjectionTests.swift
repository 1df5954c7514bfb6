import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// A failure injected at every file-system call of each operation, in turn: the call fails, the
/// store is reopened, and it must be exactly the before-state (operation reported an error) or the
/// after-state (operation reported success), with `fsck` clean.
@Suite struct FaultInjectionTests {
    static let scenarios = StoreScenario.recordOperations

    /// Runs `scenario` with no fault to learn the after-state and how many calls it makes.
    static func reference(_ scenario: StoreScenario) throws -> (after: StoreSnapshot, calls: Int) {
        let dir = TemporaryDirectory("reference")
        let fs = FaultInjectingFileSystem()
        let store = try TestStores.open(dir, fileSystem: fs)
        try scenario.setUp(store)
        fs.disarm()
        try scenario.operation(store)
        return (try StoreSnapshot(store), fs.callCount)
    }

    @Test(arguments: scenarios)
    func everyFileSystemCallCanFailWithoutLosingOrHalfDoingAnything(_ scenario: StoreScenario) throws {
        let (after, calls) = try Self.reference(scenario)
        #expect(calls > 0 || scenario.name == "reorder" || scenario.name == "trash")
        for persistent in [false, true] {
            for k in 1...(calls + 1) {
                for errnoValue in (k == 1 ? [ENOSPC, EIO] : [persistent ? EIO : ENOSPC]) {
                    let dir = TemporaryDirectory("fault")
                    let fs = FaultInjectingFileSystem()
                    var before: StoreSnapshot
                    var outcome: Result<Void, any Error>
                    do {
                        let store = try TestStores.open(dir, fileSystem: fs)
                        try scenario.setUp(store)
                        before = try StoreSnapshot(store)
                        fs.arm(failAt: k, errno: errnoValue, persistent: persistent)
                        outcome = Result { try scenario.operation(store) }
                        fs.disarm()
                    }  // the store is released here, as if the process had exited
                    let reopened = try TestStores.open(dir)
                    let state = try StoreSnapshot(reopened)
                    let context = "\(scenario.name), failing call \(k) of \(calls) (errno \(errnoValue), persistent \(persistent))"
                    switch outcome {
                    case .success:
                        #expect(state == after, "\(context): reported success, so the after-state must be there")
                    case .failure(let error):
                        #expect(error is KeepsakeError, "\(context): \(error)")
                        #expect(state == before, "\(context): reported \(error), so the before-state must be there\n\(state)")
                    }
                    let report = try reopened.fsck()
                    #expect(report.isClean, "\(context): \(report)")
                    #expect(try reopened.intentsInFlight() == 0, "\(context)")
                }
            }
        }
    }

    @Test func aReadOnlyStoreGivesATypedErrorAndStaysConsistent() throws {
        guard getuid() != 0 else {
            // root ignores permission bits; the injected EROFS below covers the same path then.
            let dir = TemporaryDirectory()
            let fs = FaultInjectingFileSystem()
            let store = try TestStores.open(dir, fileSystem: fs)
            try StoreScenario.withRecord(store)
            let before = try StoreSnapshot(store)
            fs.arm(failAt: 1, errno: EROFS, persistent: true)
            #expect { try store.addImages([.file(StoreScenario.images[2])], to: StoreScenario.recordID) } throws: { ($0 as? KeepsakeError)?.code == .readOnly }
            fs.disarm()
            #expect(try StoreSnapshot(store) == before)
            return
        }
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        try StoreScenario.withRecord(store)
        let before = try StoreSnapshot(store)
        let folder = dir.url.appendingPathComponent(try #require(try store.record(StoreScenario.recordID).images.first).path.parentComponents.joined(separator: "/")).path
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
        #expect { try store.addImages([.file(StoreScenario.images[2])], to: StoreScenario.recordID) } throws: { ($0 as? KeepsakeError)?.code == .readOnly }
        #expect(try StoreSnapshot(store) == before)
    }
}
