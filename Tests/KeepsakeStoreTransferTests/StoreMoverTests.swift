import Foundation
import Synchronization
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
@testable import KeepsakeStoreTransfer

@Suite struct StoreMoverTests {
    /// Runs `body` expecting a ``StoreMoveError`` of `kind`, and returns it.
    func expectMoveError(_ kind: StoreMoveError.Kind, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> StoreMoveError? {
        do {
            try body()
            Issue.record("expected a \(kind) error", sourceLocation: sourceLocation)
        } catch let error as StoreMoveError {
            #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
            return error
        } catch {
            Issue.record("expected a StoreMoveError, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// The mark of an unfinished move, if the store has one.
    func mark(_ store: Store) throws -> String? {
        try store.metadata.read { try $0.setting(StoreMover.markKey, in: StoreMover.markNamespace) }
    }

    @Test func aStoreMovedFromEmbeddedToPostgresAndS3AndBackIsIdenticalInEveryRecordImageAndSetting() throws {
        let origin = try StoreBackend.embedded.makePlace("move-origin").open()
        let records = try StoreMoverFixture.fillWithEveryApp(origin)
        let settings = try StoreMoverFixture.settings(origin)
        #expect(records.count == 10 && records.contains { $0.isTrashed })
        #expect(settings["api.tokens"]?.count == 2 && settings["api"]?.count == 1 && settings["web.session"]?.count == 1)
        let before = try StoreSnapshot(origin)
        let images = records.reduce(0) { $0 + $1.images.count }
        let bytes = records.reduce(Int64(0)) { $0 + $1.images.reduce(0) { $0 + $1.byteSize } }

        let middle = try StoreBackend.distributed.makePlace("move-distributed").open()
        let phases = Mutex<[StoreMoveProgress.Phase]>([])
        let there = try StoreMover(from: origin, to: middle).move { progress in
            phases.withLock { if $0.last != progress.phase { $0.append(progress.phase) } }
        }
        #expect(phases.withLock { $0 } == [.checking, .copying, .verifying, .checkingTarget, .finished])
        #expect(there.records == records.count && there.images == images && there.bytes == bytes)
        #expect(there.skipped == 0 && !there.resumed && there.verifiedRecords == records.count && there.otherTargetRecords == 0)
        #expect(there.settings == settings.values.reduce(0) { $0 + $1.count })
        #expect(there.targetCheck.isClean && there.targetCheck.attachmentsChecked == images)
        #expect(try middle.status().blobs.kind == "s3" && middle.status().metadata.kind == "postgresql")
        try StoreMoverFixture.expectSameRecords(middle, as: records)
        #expect(try StoreMoverFixture.settings(middle) == settings)
        #expect(try mark(middle) == nil, "a finished move leaves no mark")
        #expect(try StoreSnapshot(origin) == before, "the source is never changed")

        let home = try StoreBackend.embedded.makePlace("move-home").open()
        let back = try StoreMover(from: middle, to: home).move()
        #expect(back.records == records.count && back.images == images && back.bytes == bytes && back.skipped == 0)
        try StoreMoverFixture.expectSameRecords(home, as: records)
        #expect(try StoreMoverFixture.settings(home) == settings)
        #expect(try home.fsck().isClean)
        #expect(try mark(home) == nil)

        // The apps and the API read the moved store as they read the original.
        #expect(try home.status().collections == origin.status().collections)
        #expect(try home.search("피크닉", in: "diary").map(\.id) == origin.search("피크닉", in: "diary").map(\.id))
        #expect(try Ledger(store: home).balance(year: 2025) == Ledger(store: origin).balance(year: 2025))
        #expect(try APITokens(store: home).list() == APITokens(store: origin).list())
        #expect(try StoreSnapshot(origin) == before)
    }

    @Test func aTargetThatHoldsRecordsOrSettingsIsRefusedAndLeftAsItWasUnlessTheMoveMayAddToIt() throws {
        let source = try StoreBackend.embedded.makePlace("move-refuse-source").open()
        try StoreMoverFixture.fillWithMany(source, count: 3)

        let target = try StoreBackend.distributed.makePlace("move-refuse-target").open()
        let own = try target.create(RecordDraft(collection: "diary", fields: ["title": .string("mine")], images: [.file(Corpus.smallImages[0])]))
        let before = try StoreSnapshot(target)
        let refusal = expectMoveError(.targetNotEmpty) { try StoreMover(from: source, to: target).move() }
        #expect(refusal?.message.contains("1 records") == true)
        #expect(refusal?.keepsakeError.code == .conflict)
        #expect(try StoreSnapshot(target) == before)
        #expect(try mark(target) == nil)

        // Settings alone make a store non-empty too (a token: its key and the token).
        let tokensOnly = try StoreBackend.embedded.makePlace("move-refuse-tokens").open()
        _ = try APITokens(store: tokensOnly).create(name: "phone", readOnly: false)
        _ = expectMoveError(.targetNotEmpty) { try StoreMover(from: source, to: tokensOnly).move() }
        #expect(try tokensOnly.status().totalRecords == 0)

        // Told it may, the move adds the source's records and keeps the target's own.
        let report = try StoreMover(from: source, to: target, allowNonEmptyTarget: true).move()
        #expect(report.records == 3 && report.otherTargetRecords == 1 && report.verifiedRecords == 3)
        #expect(try target.record(own.id).fields["title"] == .string("mine"))
        #expect(try target.status().totalRecords == 4)
        #expect(try target.fsck().isClean)
    }

    @Test func aRecordTheTargetHoldsWithOtherContentRefusesTheMoveBeforeAnythingIsWritten() throws {
        let source = try StoreBackend.distributed.makePlace("move-conflict-source").open()
        try StoreMoverFixture.fillWithMany(source, count: 4)
        let records = try StoreMoverFixture.allRecords(source)
        let target = try StoreBackend.embedded.makePlace("move-conflict-target").open()
        // The target holds the last record too, but changed since.
        let changed = records[records.count - 1]
        try target.importRecord(changed, imageBytes: try changed.images.map { try source.originalData(of: $0) })
        _ = try target.update(changed.id, set: ["n": .integer(99)])
        let before = try StoreSnapshot(target)

        let error = expectMoveError(.recordConflict) { try StoreMover(from: source, to: target, allowNonEmptyTarget: true).move() }
        #expect(error?.recordID == changed.id)
        #expect(error?.message.contains(changed.id.string) == true && error?.message.contains("fields") == true)
        #expect(try StoreSnapshot(target) == before, "no record was copied, not even those before the conflict")
        #expect(try mark(target) == nil)

        // The same record unchanged is no conflict: it is skipped.
        let other = try StoreBackend.embedded.makePlace("move-conflict-same").open()
        try other.importRecord(changed, imageBytes: try changed.images.map { try source.originalData(of: $0) })
        let report = try StoreMover(from: source, to: other, allowNonEmptyTarget: true).move()
        #expect(report.records == 3 && report.skipped == 1 && report.otherTargetRecords == 0)
        try StoreMoverFixture.expectSameRecords(other, as: records)
    }

    @Test func aSettingTheTargetHoldsWithAnotherValueRefusesTheMove() throws {
        let source = try StoreBackend.embedded.makePlace("move-setting-source").open()
        try StoreMoverFixture.fillWithMany(source, count: 2)
        _ = try APITokens(store: source).create(name: "phone", readOnly: false)
        let target = try StoreBackend.embedded.makePlace("move-setting-target").open()
        _ = try APITokens(store: target).create(name: "laptop", readOnly: false)  // its own token key
        let before = try StoreSnapshot(target)
        let settings = try StoreMoverFixture.settings(target)

        let error = expectMoveError(.settingConflict) { try StoreMover(from: source, to: target, allowNonEmptyTarget: true).move() }
        #expect(error?.key == "api/token-id-key")
        #expect(try StoreSnapshot(target) == before)
        #expect(try StoreMoverFixture.settings(target) == settings)
        #expect(try mark(target) == nil)
    }

    @Test func aDamagedSourceObjectStopsTheMoveWithATypedErrorNamingItsRecord() throws {
        let place = try StoreBackend.distributed.makePlace("move-damaged-source")
        let source = try place.open()
        try StoreMoverFixture.fillWithMany(source, count: 6)
        let records = try StoreMoverFixture.allRecords(source).sorted { $0.createdAt < $1.createdAt }
        let damaged = records[3]
        try place.damage(damaged.images[0].path)
        let targetPlace = try StoreBackend.embedded.makePlace("move-damaged-target")
        let target = try targetPlace.open()

        let error = expectMoveError(.damagedSource) { try StoreMover(from: source, to: target).move() }
        #expect(error?.recordID == damaged.id)
        #expect(error?.key == damaged.images[0].path.string)
        #expect(error?.message.contains(damaged.id.string) == true)
        #expect(error?.keepsakeError.code == .corruptImage)
        // The records before it are whole in the target; nothing of it is.
        #expect(try target.recordIfPresent(damaged.id) == nil)
        #expect(try Set(StoreMoverFixture.allRecords(target).map(\.id)) == Set(records.prefix(3).map(\.id)))
        #expect(try target.fsck().isClean)
        #expect(try mark(target) != nil, "the target is marked as an unfinished move")

        // Run again, the move stops at the same record (it never skips damage).
        let again = expectMoveError(.damagedSource) { try StoreMover(from: source, to: target).move() }
        #expect(again?.recordID == damaged.id)

        // An unfinished move's target is not a store to move from, and takes no other source.
        let elsewhere = try StoreBackend.embedded.makePlace("move-damaged-elsewhere").open()
        _ = expectMoveError(.sourceIncomplete) { try StoreMover(from: target, to: elsewhere).move() }
        let stranger = try StoreBackend.embedded.makePlace("move-damaged-stranger").open()
        try StoreMoverFixture.fillWithMany(stranger, count: 1)
        _ = expectMoveError(.unfinishedMoveFromAnotherSource) { try StoreMover(from: stranger, to: target).move() }
        #expect(try elsewhere.status().totalRecords == 0)
    }

    @Test func oneStoreNamedAsBothSourceAndTargetIsRefused() throws {
        let place = try StoreBackend.distributed.makePlace("move-same")
        let store = try place.open()
        try StoreMoverFixture.fillWithMany(store, count: 1)
        let again = try place.open()
        _ = expectMoveError(.sameStore) { try StoreMover(from: store, to: again, allowNonEmptyTarget: true).move() }
        #expect(try mark(store) == nil)
    }

    @Test func aTargetWithAnOperationInFlightOfALiveInstanceIsRefusedAsInUse() throws {
        let source = try StoreBackend.embedded.makePlace("move-in-use-source").open()
        try StoreMoverFixture.fillWithMany(source, count: 1)
        let targetPlace = try StoreBackend.embedded.makePlace("move-in-use-target")
        let faults = FaultPlan()
        let busy = try targetPlace.open(faults: faults)
        let record = try busy.create(RecordDraft(collection: "test", images: [.file(Corpus.smallImages[0])]))
        // The purge commits; its clean-up (deleting the objects) fails, so its intent stays in the
        // journal of an instance that is still running.
        faults.arm(failAt: 2, persistent: true)
        try busy.purge(record.id)
        let target = try targetPlace.open()
        #expect(try target.intentsInFlight() == 1, "\(faults.callLog)")

        var mover = StoreMover(from: source, to: target)
        mover.settleTimeout = .milliseconds(300)
        let error = expectMoveError(.targetInUse) { try mover.move() }
        #expect(error?.keepsakeError.code == .busy)
        #expect(try mark(target) == nil && target.status().totalRecords == 0)
        withExtendedLifetime(busy) {}
    }
}
