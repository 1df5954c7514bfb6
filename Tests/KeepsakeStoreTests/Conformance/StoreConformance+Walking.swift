import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// The operations over the whole store: every record of every collection, the trash, and
    /// rebuilding thumbnails; on every pair of backends.
    @Suite struct Walking {
        let images = StoreConformance.images

        @Test(arguments: StoreBackends.all)
        func everyRecordOfEveryCollectionIsSeenOncePageByPage(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            var made: [CollectionName: [RecordID]] = [:]
            for (collection, count) in [("diary", 7), ("ledger", 3), ("feed", 1)] {
                let name = try CollectionName(collection)
                made[name] = try (0..<count).map { index in
                    try store.create(RecordDraft(collection: name, date: Date(timeIntervalSince1970: Double(index) * 60))).id
                }
            }
            let trashed = try store.trash(made["diary"]![2])
            #expect(try store.collections() == ["diary", "feed", "ledger"])

            var live: [RecordID] = []
            try store.forEachRecord(pageSize: 2) { live.append($0.id) }
            #expect(live.count == 10 && Set(live).count == 10, "every live record once, across page boundaries")
            #expect(Array(live.prefix(6)) == made["diary"]!.reversed().filter { $0 != trashed.id }, "collections in name order, each newest first")
            var all: [RecordID] = []
            try store.forEachRecord(trash: .all, pageSize: 1000) { all.append($0.id) }
            #expect(Set(all) == Set(made.values.flatMap { $0 }))
            var inTrash: [RecordID] = []
            try store.forEachRecord(trash: .trashed) { inTrash.append($0.id) }
            #expect(inTrash == [trashed.id])
            #expect(throws: KeepsakeError.self) { try store.forEachRecord(pageSize: 0) { _ in } }
        }

        @Test(arguments: StoreBackends.all)
        func theTrashListsEveryCollectionsDeletedRecordsNewestDeletionFirst(_ backend: StoreBackend) throws {
            let clock = TestClock()
            let store = try backend.makePlace().open(options: StoreOptions(), clock: clock.closure, faults: nil)
            let first = try store.create(RecordDraft(collection: "feed"))
            let second = try store.create(RecordDraft(collection: "diary"))
            let kept = try store.create(RecordDraft(collection: "ledger"))
            #expect(try store.trashedRecords().isEmpty)
            try store.trash(first.id)
            clock.advance(by: 60)
            try store.trash(second.id)
            #expect(try store.trashedRecords().map(\.id) == [second.id, first.id])
            #expect(try store.trashedRecords().allSatisfy { $0.id != kept.id && $0.trashedAt != nil })
        }

        @Test(arguments: StoreBackends.all)
        func rebuildingThumbnailsMakesEveryLostOneAgainWithProgressAndReportsTheImagesItCannot(_ backend: StoreBackend) throws {
            let place = try backend.makePlace()
            let store = try place.open()
            let diary = try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
            let feed = try store.create(RecordDraft(collection: "feed", images: [.file(images[2])]))
            try store.trash(feed.id)
            try place.removeBehindTheStoresBack(prefix: "thumbnails/")
            #expect(!(try store.fsck().isClean))

            var calls: [[Int]] = []
            let report = try store.rebuildThumbnails { calls.append([$0, $1]) }
            #expect(report.images == 3 && report.rebuilt == 3 && report.failures.isEmpty, "images in the trash too")
            #expect(calls == [[1, 3], [2, 3], [3, 3]])
            #expect(try store.fsck().isClean)

            try place.removeBehindTheStoresBack(prefix: diary.images[1].path.string)
            let damaged = try store.rebuildThumbnails()
            #expect(damaged.rebuilt == 2)
            #expect(damaged.failures.map(\.path) == [diary.images[1].path])
            #expect(damaged.failures.first?.error.code == .notFound)
            #expect(try store.record(diary.id) == diary, "the record is left as it was")
        }
    }
}
