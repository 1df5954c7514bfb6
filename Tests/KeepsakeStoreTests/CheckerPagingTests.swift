import Foundation
import Testing
import KeepsakeCrashLog
import KeepsakeStore
import KeepsakeTestSupport

/// The torture checkers read every page of a collection: on a fast machine the writers make more
/// records than one page holds, and a check that read one page reported the rest lost (issue 17:
/// `make torture` failed on a quiet machine with `lost=6` while nothing was lost).
@Suite struct CheckerPagingTests {
    /// A store with `count` diary entries titled E1…En (the oldest first), each acknowledged.
    static func acknowledgedStore(_ count: Int, pageSize: Int) throws -> (TemporaryDirectory, Store, AcknowledgedEntries, [RecordID]) {
        let directory = TemporaryDirectory("checker-paging")
        let store = try TestStores.open(directory)
        var acknowledged = AcknowledgedEntries(pageSize: pageSize)
        var ids: [RecordID] = []
        for index in 1...count {
            let record = try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: Double(1_700_000_000 + index)),
                                                      fields: ["title": .string("E\(index)")]))
            acknowledged.acknowledge(record.id.string, DiaryEntryState(record))
            ids.append(record.id)
        }
        return (directory, store, acknowledged, ids)
    }

    @Test func theCLICheckerSeesAnAcknowledgedEntryOnItsSecondPage() throws {
        // Five entries, pages of two: the oldest entry is alone on the third page.
        let (_, store, acknowledged, _) = try Self.acknowledgedStore(5, pageSize: 2)
        var checker = acknowledged
        let check = try checker.check(store)
        #expect(check.failures.isEmpty, "\(check.failures)")
        #expect(check.lost == 0)
        #expect(check.checked == 5)
        // The records past the first page really were there to be missed.
        var firstPage = RecordQuery(collection: "diary")
        firstPage.trash = .all
        firstPage.limit = 2
        #expect(try store.list(firstPage).records.count == 2)
    }

    @Test func theCLICheckerReportsAnEntryMissingFromALaterPage() throws {
        // The check can fail: an acknowledged entry on the last page, purged behind the writer's back.
        let (_, store, acknowledged, ids) = try Self.acknowledgedStore(5, pageSize: 2)
        try store.purge(ids[0])
        var checker = acknowledged
        let check = try checker.check(store)
        #expect(check.lost == 1)
        #expect(check.failures.count == 1 && check.failures[0].contains("\(ids[0].string)") && check.failures[0].contains("missing"))
    }

    @Test func theCLICheckerReportsAChangedEntryOnALaterPage() throws {
        let (_, store, acknowledged, ids) = try Self.acknowledgedStore(5, pageSize: 2)
        try store.update(ids[0], set: ["title": .string("changed")])
        var checker = acknowledged
        let check = try checker.check(store)
        #expect(check.checked == 5)
        #expect(check.failures.count == 1 && check.failures[0].contains("title=changed"))
    }

    @Test func allRecordsReadsEveryPageLiveAndTrashed() throws {
        let (_, store, _, ids) = try Self.acknowledgedStore(7, pageSize: 3)
        try store.trash(ids[1])
        let all = try StorePages.allRecords(store, collection: "diary", pageSize: 3)
        #expect(Set(all.map(\.id)) == Set(ids))
        #expect(all.count == 7)
        let live = try StorePages.allRecords(store, collection: "diary", trash: .live, pageSize: 2)
        #expect(live.count == 6 && !live.contains { $0.id == ids[1] })
    }
}
