import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

@Suite struct StoreOperationTests {
    let images = Corpus.smallImages

    @Test func creatingARecordStoresItsImagesInOrderUnderTheRecordFolder() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "diary", fields: ["title": .string("Picnic")],
                                                  images: images.prefix(3).map(ImageSource.file)))
        #expect(record.images.count == 3)
        #expect(record.images.map(\.position) == [0, 1, 2])
        for (index, image) in record.images.enumerated() {
            #expect(image.path.string.hasPrefix("attachments/diary/\(record.id.string)/image_\(index)-"))
            #expect(image.path.string.hasSuffix(".jpg") || image.path.string.hasSuffix(".png"))
            let bytes = try Data(contentsOf: dir.url.appendingPathComponent(image.path.string))
            #expect(SHA256.hex(bytes) == image.sha256)
            #expect(Int64(bytes.count) == image.byteSize)
            #expect(image.sourceSHA256 == SHA256.hex(try Data(contentsOf: images[index])))
            #expect(image.width > 0 && image.height > 0)
            for size in ThumbnailSize.standard {
                #expect(FileManager.default.fileExists(atPath: store.location.cacheDirectory.appendingPathComponent(image.thumbnailPath(size).string).path))
            }
        }
        #expect(try store.record(record.id) == record)
        #expect(try store.fsck().isClean)
        #expect(try store.intentsInFlight() == 0)
    }

    @Test func databaseHoldsRelativePathsAsRowsInWALModeWithForeignKeys() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
        let (mode, foreignKeys, version, paths) = try store.database.read { db in
            (try db.scalarText("PRAGMA journal_mode"), try db.scalarInt("PRAGMA foreign_keys"), try db.scalarInt("PRAGMA user_version"),
             try db.query("SELECT path FROM attachment", []) { $0.requiredText(0) })
        }
        #expect(mode == "wal")
        #expect(foreignKeys == 1)
        #expect(version == Int64(Schema.currentVersion))
        #expect(paths.count == 2)
        #expect(paths.allSatisfy { !$0.hasPrefix("/") && !$0.contains(",") })
    }

    @Test func perIndexImageOperationsKeepOrderAndRemoveOldFilesOnlyAfterCommit() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        var record = try store.create(RecordDraft(collection: "diary", images: images.prefix(3).map(ImageSource.file)))
        let original = record.images

        record = try store.replaceImage(of: record.id, at: 1, with: .file(images[3]))
        #expect(record.images.count == 3)
        #expect(record.images[0].path == original[0].path)
        #expect(record.images[2].path == original[2].path)
        #expect(record.images[1].sourceSHA256 == SHA256.hex(try Data(contentsOf: images[3])))
        #expect(record.images[1].path.lastComponent.hasPrefix("image_3-"), "a replaced image gets a new name, never the old one")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(original[1].path.string).path))

        record = try store.addImages([.file(images[4])], to: record.id, at: 0)
        #expect(record.images.count == 4)
        #expect(record.images[0].sourceSHA256 == SHA256.hex(try Data(contentsOf: images[4])))

        let beforeMove = record.images.map(\.id)
        record = try store.moveImage(of: record.id, from: 0, to: 3)
        #expect(record.images.map(\.id) == [beforeMove[1], beforeMove[2], beforeMove[3], beforeMove[0]])

        record = try store.reorderImages(of: record.id, order: [3, 2, 1, 0])
        #expect(record.images.map(\.id) == [beforeMove[0], beforeMove[3], beforeMove[2], beforeMove[1]])
        #expect(record.images.map(\.position) == [0, 1, 2, 3])

        let removed = record.images[2]
        record = try store.removeImage(of: record.id, at: 2)
        #expect(record.images.count == 3)
        #expect(!record.images.contains { $0.id == removed.id })
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(removed.path.string).path))

        #expect { try store.removeImage(of: record.id, at: 7) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
        #expect { try store.reorderImages(of: record.id, order: [0, 0, 1]) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
        #expect(try store.fsck().isClean)
    }

    @Test func replacingTheWholeSetDoesNotRewriteUnchangedImages() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "feed", images: images.prefix(3).map(ImageSource.file)))
        let keptPath = dir.url.appendingPathComponent(record.images[0].path.string).path
        let inodeBefore = try FileManager.default.attributesOfItem(atPath: keptPath)[.systemFileNumber] as? Int

        // The feed sends all images again as uploads: image 0 unchanged, image 1 dropped, two new ones.
        let updated = try store.setImages(of: record.id, to: [.new(.file(images[2])), .new(.file(images[0])), .new(.file(images[5]))])
        #expect(updated.images.count == 3)
        #expect(updated.images[0].id == record.images[2].id, "identical bytes reuse the stored attachment")
        #expect(updated.images[1].id == record.images[0].id)
        #expect(updated.images[1].path == record.images[0].path)
        let inodeAfter = try FileManager.default.attributesOfItem(atPath: keptPath)[.systemFileNumber] as? Int
        #expect(inodeBefore == inodeAfter, "the unchanged file was not rewritten")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(record.images[1].path.string).path))

        let byID = try store.setImages(of: record.id, to: [.existing(updated.images[2].id), .existing(updated.images[0].id)])
        #expect(byID.images.map(\.id) == [updated.images[2].id, updated.images[0].id])
        #expect { try store.setImages(of: record.id, to: [.existing(999_999)]) } throws: { ($0 as? KeepsakeError)?.code == .conflict }
        #expect(try store.fsck().isClean)
    }

    @Test func anEditChangesFieldsAndImagesTogetherOrNotAtAll() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "feed", fields: ["title": .string("old")], images: images.prefix(2).map(ImageSource.file)))
        let before = try StoreSnapshot(store)
        #expect {
            try store.edit(record.id, set: ["title": .string("new")], images: [.existing(record.images[1].id), .new(.file(Corpus.corruptImage))])
        } throws: { ($0 as? KeepsakeError)?.code == .corruptImage }
        #expect(try StoreSnapshot(store) == before, "a bad image leaves the title unchanged too")
        let edited = try store.edit(record.id, set: ["title": .string("new")], images: [.existing(record.images[1].id), .new(.file(images[2]))])
        #expect(edited.fields["title"] == .string("new"))
        #expect(edited.images.count == 2 && edited.images[0].id == record.images[1].id)
        #expect(edited.version == record.version + 1, "one operation, one version step")
    }

    @Test func fieldsAndDatesUpdateWithoutTouchingImages() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 1_000), fields: ["title": .string("a"), "mood": .integer(3)],
                                                  images: [.file(images[0])]))
        let updated = try store.update(record.id, date: Date(timeIntervalSince1970: 2_000), set: ["title": .string("b"), "tags": .strings(["x", "y"])], remove: ["mood"])
        #expect(updated.fields == ["title": .string("b"), "tags": .strings(["x", "y"])])
        #expect(updated.date == Date(timeIntervalSince1970: 2_000))
        #expect(updated.images == record.images)
        #expect(updated.version == record.version + 1)
        #expect { try store.update(record.id, set: ["title": .string("c")], expectedVersion: record.version) } throws: {
            ($0 as? KeepsakeError)?.code == .conflict
        }
        #expect(try store.update(record.id, set: ["title": .string("c")], expectedVersion: updated.version).fields["title"] == .string("c"))
        #expect { try store.update(record.id, set: ["bad key": .bool(true)]) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
        #expect { try store.update(RecordID(), set: ["a": .bool(true)]) } throws: { ($0 as? KeepsakeError)?.code == .notFound }
    }

    @Test func listingSortsPagesAndFilters() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        var ids: [RecordID] = []
        for day in 0..<25 {
            let record = try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: Double(day) * 86_400),
                                                      fields: ["mood": .string(day % 2 == 0 ? "happy" : "sad"), "tags": .strings(day % 5 == 0 ? ["five"] : [])]))
            ids.append(record.id)
        }
        try store.create(RecordDraft(collection: "feed", date: Date(timeIntervalSince1970: 99 * 86_400)))

        var query = RecordQuery(collection: "diary")
        query.limit = 10
        let first = try store.list(query)
        #expect(first.records.map(\.id) == Array(ids.reversed().prefix(10)))
        query.after = first.nextCursor
        let second = try store.list(query)
        #expect(second.records.map(\.id) == Array(ids.reversed().dropFirst(10).prefix(10)))
        query.after = second.nextCursor
        let third = try store.list(query)
        #expect(third.records.count == 5)
        #expect(third.nextCursor == nil)

        var offset = RecordQuery(collection: "diary")
        offset.limit = 10
        offset.offset = 10
        #expect(try store.list(offset).records.map(\.id) == second.records.map(\.id))

        var ascending = RecordQuery(collection: "diary")
        ascending.descending = false
        ascending.limit = 3
        #expect(try store.list(ascending).records.map(\.id) == Array(ids.prefix(3)))

        var range = RecordQuery(collection: "diary")
        range.dateFrom = Date(timeIntervalSince1970: 5 * 86_400)
        range.dateUntil = Date(timeIntervalSince1970: 8 * 86_400)
        #expect(try store.list(range).records.map(\.id) == [ids[7], ids[6], ids[5]])

        var mood = RecordQuery(collection: "diary")
        mood.fieldEquals = ["mood": .string("sad")]
        #expect(try store.list(mood).records.count == 12)
        var tag = RecordQuery(collection: "diary")
        tag.fieldEquals = ["tags": .string("five")]
        #expect(Set(try store.list(tag).records.map(\.id)) == Set([ids[0], ids[5], ids[10], ids[15], ids[20]]))

        var bad = RecordQuery(collection: "diary")
        bad.limit = 0
        #expect(throws: KeepsakeError.self) { try store.list(bad) }
        #expect(try store.count("diary") == 25)
        #expect(try store.count("feed") == 1)
    }

    @Test func trashRestoreAndPurgeByAge() throws {
        let dir = TemporaryDirectory()
        let clock = TestClock()
        let store = try TestStores.open(dir, clock: clock.closure)
        let old = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        let recent = try store.create(RecordDraft(collection: "diary", images: [.file(images[1])]))
        try store.trash(old.id)
        clock.advance(by: 10 * 86_400)
        try store.trash(recent.id)
        #expect(try store.count("diary") == 0)
        #expect(try store.count("diary", trash: .trashed) == 2)
        #expect { try store.addImages([.file(images[2])], to: old.id) } throws: { ($0 as? KeepsakeError)?.code == .conflict }

        #expect(try store.purgeTrash(olderThan: 7 * 86_400) == [old.id])
        #expect(try store.recordIfPresent(old.id) == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("attachments/diary/\(old.id.string)").path))
        #expect(!FileManager.default.fileExists(atPath: store.location.thumbnailsDirectory.appendingPathComponent("diary/\(old.id.string)").path))

        let restored = try store.restore(recent.id)
        #expect(!restored.isTrashed)
        #expect(restored.images == recent.images)
        #expect { try store.restore(recent.id) } throws: { ($0 as? KeepsakeError)?.code == .conflict }
        try store.trash(recent.id)
        #expect(try store.purgeTrash() == [recent.id])
        #expect(try store.fsck().isClean)
    }

    @Test func aCorruptImageFailsTheWholeCreateAndLeavesTheStoreAsItWas() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        let before = try StoreSnapshot(store)
        #expect {
            try store.create(RecordDraft(collection: "diary", images: [.file(images[1]), .file(Corpus.corruptImage)]))
        } throws: { error in
            guard let error = error as? KeepsakeError else { return false }
            return error.code == .corruptImage && error.message.contains("truncated_jpeg.jpg")
        }
        #expect { try store.create(RecordDraft(collection: "diary", images: [.file(dir.appending("missing.jpg"))])) } throws: {
            ($0 as? KeepsakeError)?.code == .notFound
        }
        #expect(try StoreSnapshot(store) == before)
        #expect(try store.fsck().isClean)
    }

    @Test func imageLimitsAreEnforcedBeforeAnythingIsWritten() throws {
        let dir = TemporaryDirectory()
        var options = StoreOptions()
        options.maxImagesPerRecord = 2
        let store = try TestStores.open(dir, options: options)
        #expect { try store.create(RecordDraft(collection: "diary", images: images.prefix(3).map(ImageSource.file))) } throws: {
            ($0 as? KeepsakeError)?.code == .limitExceeded
        }
        let record = try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
        #expect { try store.addImages([.file(images[2])], to: record.id) } throws: { ($0 as? KeepsakeError)?.code == .limitExceeded }
        #expect(try store.record(record.id).images.count == 2)
        #expect(try store.fsck().isClean)
    }

    @Test func symlinksPlantedInsideTheStoreAreRefusedAndNothingOutsideIsTouched() throws {
        let dir = TemporaryDirectory()
        let outside = TemporaryDirectory("outside")
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        // Replace the record folder with a link to a folder outside the store.
        let folder = dir.url.appendingPathComponent("attachments/diary/\(record.id.string)")
        try FileManager.default.moveItem(at: folder, to: outside.appending("moved"))
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: outside.url)
        #expect { try store.addImages([.file(images[1])], to: record.id) } throws: { ($0 as? KeepsakeError)?.code == .symlinkRefused }
        #expect { try store.originalData(of: record.images[0]) } throws: { ($0 as? KeepsakeError)?.code == .symlinkRefused }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["moved"])

        let report = try store.fsck()
        #expect(report.unexpectedEntries == ["attachments/diary/\(record.id.string)"])
        #expect(report.danglingReferences.count == 1)
        let repaired = try store.fsck(repair: true)
        #expect(!repaired.repairs.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["moved"], "the link's target is untouched")
        let after = try store.fsck()
        #expect(after.isClean, "\(after)")
    }

    @Test func aStoreFolderThatIsASymlinkIsRefused() throws {
        let dir = TemporaryDirectory()
        let real = dir.appending("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: real.appendingPathComponent("attachments-target"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: real.appendingPathComponent("attachments"), withDestinationURL: real.appendingPathComponent("attachments-target"))
        #expect {
            try Store(location: StoreLocation(root: real), imageProcessor: TestStores.processor)
        } throws: { ($0 as? KeepsakeError)?.code == .symlinkRefused }
    }

    @Test func thumbnailsAreMadeAgainWhenTheCacheWasCleared() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
        try FileManager.default.removeItem(at: store.location.thumbnailsDirectory)
        let report = try store.fsck()
        #expect(report.missingThumbnails.count == 2)
        let url = try store.thumbnailURL(of: record.images[0], size: .small)
        #expect(FileManager.default.fileExists(atPath: url.path))
        let repaired = try store.fsck(repair: true)
        #expect(repaired.missingThumbnails.isEmpty)
        #expect(try store.fsck().isClean)
    }

    @Test func dataAndCacheMayLiveOnDifferentFileSystems() throws {
        // XDG_DATA_HOME and XDG_CACHE_HOME can be different disks: thumbnails must never be renamed
        // across them. /dev/shm is a tmpfs on Linux, the temporary folder usually is not.
        let cacheRoot = URL(fileURLWithPath: "/dev/shm")
        guard FileManager.default.isWritableFile(atPath: cacheRoot.path) else { return }
        let data = TemporaryDirectory("xdev-data")
        let cache = cacheRoot.appendingPathComponent("keepsake-test-cache-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: cache) }
        let store = try Store(location: StoreLocation(dataDirectory: data.url, cacheDirectory: cache), imageProcessor: TestStores.processor)
        let record = try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
        try store.replaceImage(of: record.id, at: 0, with: .file(images[2]))
        try FileManager.default.removeItem(at: store.location.thumbnailsDirectory)
        #expect(FileManager.default.fileExists(atPath: try store.thumbnailURL(of: record.images[1], size: .small).path))
        #expect(try store.fsck(repair: true).missingThumbnails.isEmpty)
        #expect(try store.fsck().isClean)
    }

    @Test func aStoreFromANewerProgramIsRefused() throws {
        let dir = TemporaryDirectory()
        do { _ = try TestStores.open(dir) }
        try Database(path: dir.appending("keepsake.sqlite").path).execute("PRAGMA user_version = 99")
        #expect { try TestStores.open(dir) } throws: { ($0 as? KeepsakeError)?.code == .incompatibleStore }
    }

    @Test func statusCountsRecordsImagesAndBytes() throws {
        let dir = TemporaryDirectory()
        let store = try TestStores.open(dir)
        let a = try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
        try store.create(RecordDraft(collection: "ledger", images: [.file(images[2])]))
        try store.trash(a.id)
        let status = try store.status()
        #expect(status.collections.map(\.name) == ["diary", "ledger"])
        #expect(status.collections[0].trashed == 1 && status.collections[0].live == 0 && status.collections[0].images == 2)
        #expect(status.totalImages == 3)
        #expect(status.totalBytes == a.images.reduce(0) { $0 + $1.byteSize } + status.collections[1].bytes)
        #expect(status.intentsInFlight == 0)
    }
}
