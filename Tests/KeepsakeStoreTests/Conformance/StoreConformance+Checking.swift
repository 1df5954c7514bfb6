import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// fsck's findings and repairs (promise 8), on damage made behind the store's back.
    @Suite struct Checking {
        let images = StoreConformance.images

        /// Promise 7: listing reads only the metadata; it works even when every image is gone.
        @Test(arguments: StoreBackends.all)
        func listingNeverReadsImages(_ backend: StoreBackend) throws {
            let place = try backend.makePlace()
            let store = try place.open()
            let record = try store.create(RecordDraft(collection: "diary", images: images.prefix(3).map(ImageSource.file)))
            try place.removeBehindTheStoresBack(prefix: "attachments/")
            try place.removeBehindTheStoresBack(prefix: "thumbnails/")
            let page = try store.list(RecordQuery(collection: "diary"))
            #expect(page.records.map(\.id) == [record.id])
            #expect(page.records[0].images.map { $0.thumbnailPath(.small) } == record.images.map { $0.thumbnailPath(.small) })
        }

        /// An object changed behind the store's back is found by its hash and reported as
        /// unrepairable, never "fixed" by deleting it.
        @Test(arguments: StoreBackends.all)
        func fsckFindsAChangedImageByItsHashAndKeepsIt(_ backend: StoreBackend) throws {
            let place = try backend.makePlace()
            let store = try place.open()
            let record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
            try place.damage(record.images[0].path)
            let damaged = try store.originalData(of: record.images[0])
            let report = try store.fsck()
            #expect(report.hashMismatches.map(\.path) == [record.images[0].path.string])
            #expect(!report.isClean)
            let repaired = try store.fsck(repair: true)
            #expect(repaired.unrepairable.count == 1)
            #expect(repaired.unrepairable[0].contains("restore it from a backup"))
            #expect(try store.originalData(of: record.images[0]) == damaged, "the damaged image is kept for the user to inspect")
            #expect(try store.fsck(verifyHashes: false).isClean)
        }

        /// A reference to an image whose bytes are gone is reported, and repair removes the row,
        /// closes the gap in the order and records the change.
        @Test(arguments: StoreBackends.all)
        func aDanglingReferenceIsFoundAndRepairedAsAChangeOfItsRecord(_ backend: StoreBackend) throws {
            let place = try backend.makePlace()
            let store = try place.open()
            let record = try store.create(RecordDraft(collection: "diary", images: images.prefix(3).map(ImageSource.file)))
            try place.removeBehindTheStoresBack(prefix: record.images[1].path.string)
            let report = try store.fsck()
            #expect(report.danglingReferences.map(\.attachmentID) == [record.images[1].id])
            let before = try store.lastChangeSequence()
            let repaired = try store.fsck(repair: true)
            #expect(repaired.repairs.contains { $0.contains(record.images[1].path.string) })
            let after = try store.record(record.id)
            #expect(after.images.map(\.id) == [record.images[0].id, record.images[2].id])
            #expect(after.images.map(\.position) == [0, 1])
            #expect(after.version == record.version + 1)
            #expect(try store.changes(after: before).map(\.kind) == [.updated])
            #expect(try store.fsck().isClean)
        }

        /// An object nobody refers to is an orphan; repair moves it to lost+found, never deletes it.
        @Test(arguments: StoreBackends.all)
        func anOrphanIsMovedAsideNotDeleted(_ backend: StoreBackend) throws {
            let place = try backend.makePlace()
            let store = try place.open()
            let record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
            let orphan = try RelativePath("attachments/diary/\(record.id.string)/image_9-000000000000.jpg")
            try place.plant(orphan, bytes: try Data(contentsOf: images[0]))
            let report = try store.fsck()
            #expect(report.orphanFiles == [orphan.string])
            let repaired = try store.fsck(repair: true)
            #expect(repaired.repairs.contains { $0.hasPrefix("moved orphan file \(orphan)") && $0.contains("lost+found/") })
            #expect(try !StoreConformance.isStored(store, orphan))
            #expect(try store.fsck().isClean)
            #expect(try store.record(record.id).images.count == 1)
        }

        /// Thumbnails the cache lost are reported and made again; ones that belong to nothing go.
        @Test(arguments: StoreBackends.all)
        func missingThumbnailsAreMadeAgainAndOrphanThumbnailsRemoved(_ backend: StoreBackend) throws {
            let place = try backend.makePlace()
            let store = try place.open()
            let record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
            try place.removeBehindTheStoresBack(prefix: "thumbnails/")
            let stray = try RelativePath("thumbnails/diary/\(record.id.string)/image_7-000000000000-256.jpg")
            try place.plant(stray, bytes: Data("not a thumbnail".utf8))
            let report = try store.fsck()
            #expect(report.missingThumbnails.count == 2)
            #expect(report.orphanThumbnails == [stray.string])
            let repaired = try store.fsck(repair: true)
            #expect(repaired.missingThumbnails.isEmpty)
            #expect(try store.fsck().isClean)
            #expect(try StoreConformance.isStored(store, record.images[0].thumbnailPath(.large)))
        }
    }
}
