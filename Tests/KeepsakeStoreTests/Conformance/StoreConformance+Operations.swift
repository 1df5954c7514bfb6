import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore
import KeepsakeSupport

extension StoreConformance {
    /// Every operation of the engine, on every pair of backends.
    @Suite struct Operations {
        let images = StoreConformance.images

        @Test(arguments: StoreBackends.all)
        func creatingARecordStoresItsImagesInOrderUnderTheRecordsKeys(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            let record = try store.create(RecordDraft(collection: "diary", fields: ["title": .string("Picnic")],
                                                      images: images.prefix(3).map(ImageSource.file)))
            #expect(record.images.count == 3)
            #expect(record.images.map(\.position) == [0, 1, 2])
            for (index, image) in record.images.enumerated() {
                #expect(image.path.string.hasPrefix("attachments/\(try #require(record.book).string)/\(record.id.string)/image_\(index)-"))
                #expect(image.path.string.hasSuffix(".jpg") || image.path.string.hasSuffix(".png"))
                let bytes = try store.originalData(of: image)
                #expect(SHA256.hex(bytes) == image.sha256)
                #expect(Int64(bytes.count) == image.byteSize)
                #expect(image.sourceSHA256 == SHA256.hex(try Data(contentsOf: images[index])))
                #expect(image.width > 0 && image.height > 0)
                for size in ThumbnailSize.standard { #expect(try StoreConformance.isStored(store, image.thumbnailPath(size))) }
            }
            #expect(try store.record(record.id) == record)
            #expect(try store.fsck().isClean)
            #expect(try store.intentsInFlight() == 0)
        }

        @Test(arguments: StoreBackends.all)
        func aBatchOfDraftsIsCreatedInOrderEachRecordWhole(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            let drafts = (0..<4).map { n in
                RecordDraft(collection: "diary", fields: ["title": .string("Day \(n)")], images: images.prefix(n).map(ImageSource.file))
            }
            let records = try store.create(drafts)
            #expect(records.map { $0.fields["title"] } == (0..<4).map { .string("Day \($0)") })
            #expect(records.map(\.images.count) == [0, 1, 2, 3])
            for record in records {
                #expect(try store.record(record.id) == record)
                for (index, image) in record.images.enumerated() {
                    #expect(image.sourceSHA256 == SHA256.hex(try Data(contentsOf: images[index])))
                    #expect(SHA256.hex(try store.originalData(of: image)) == image.sha256)
                }
            }
            #expect(try store.fsck().isClean)
        }

        @Test(arguments: StoreBackends.all)
        func aBatchStopsAtItsFirstBadImageKeepingTheRecordsBeforeIt(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            let good = RecordDraft(collection: "diary", fields: ["title": .string("good")], images: [.file(images[0])])
            let bad = RecordDraft(collection: "diary", fields: ["title": .string("bad")], images: [.file(images[1]), .file(Corpus.corruptImage)])
            let after = RecordDraft(collection: "diary", fields: ["title": .string("after")], images: [.file(images[2])])
            #expect(throws: KeepsakeError.self) { try store.create([good, bad, after]) }
            let kept = try store.list(RecordQuery(collection: "diary")).records
            #expect(kept.map { $0.fields["title"] } == [.string("good")])
            #expect(try store.fsck().isClean)
            #expect(try store.intentsInFlight() == 0)
        }

        @Test(arguments: StoreBackends.all)
        func aBatchWithAnInvalidDraftAnywhereWritesNothing(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            let good = RecordDraft(collection: "diary", fields: ["title": .string("good")], images: [.file(images[0])])
            let invalid = RecordDraft(collection: "diary", fields: ["": .string("no name")])
            #expect(throws: KeepsakeError.self) { try store.create([good, invalid]) }
            #expect(try store.list(RecordQuery(collection: "diary")).records.isEmpty)
            #expect(try store.fsck().isClean)
        }

        @Test(arguments: StoreBackends.all)
        func perIndexImageOperationsKeepOrderAndRemoveOldObjectsOnlyAfterCommit(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            var record = try store.create(RecordDraft(collection: "diary", images: images.prefix(3).map(ImageSource.file)))
            let original = record.images

            record = try store.replaceImage(of: record.id, at: 1, with: .file(images[3]))
            #expect(record.images.count == 3)
            #expect(record.images[0].path == original[0].path)
            #expect(record.images[2].path == original[2].path)
            #expect(record.images[1].sourceSHA256 == SHA256.hex(try Data(contentsOf: images[3])))
            #expect(record.images[1].path.lastComponent.hasPrefix("image_3-"), "a replaced image gets a new key, never the old one")
            #expect(try !StoreConformance.isStored(store, original[1].path))

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
            #expect(try !StoreConformance.isStored(store, removed.path))

            #expect { try store.removeImage(of: record.id, at: 7) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
            #expect { try store.reorderImages(of: record.id, order: [0, 0, 1]) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
            #expect(try store.fsck().isClean)
        }

        @Test(arguments: StoreBackends.all)
        func replacingTheWholeSetKeepsUnchangedImagesUnderTheirKeys(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            let record = try store.create(RecordDraft(collection: "feed", images: images.prefix(3).map(ImageSource.file)))

            // The feed sends all images again as uploads: image 0 unchanged, image 1 dropped, two new ones.
            let updated = try store.setImages(of: record.id, to: [.new(.file(images[2])), .new(.file(images[0])), .new(.file(images[5]))])
            #expect(updated.images.count == 3)
            #expect(updated.images[0].id == record.images[2].id, "identical bytes reuse the stored attachment")
            #expect(updated.images[1].id == record.images[0].id)
            #expect(updated.images[1].path == record.images[0].path, "the unchanged image was not stored again")
            #expect(try !StoreConformance.isStored(store, record.images[1].path))

            let byID = try store.setImages(of: record.id, to: [.existing(updated.images[2].id), .existing(updated.images[0].id)])
            #expect(byID.images.map(\.id) == [updated.images[2].id, updated.images[0].id])
            #expect { try store.setImages(of: record.id, to: [.existing(999_999)]) } throws: { ($0 as? KeepsakeError)?.code == .conflict }
            #expect(try store.fsck().isClean)
        }

        @Test(arguments: StoreBackends.all)
        func anEditChangesFieldsAndImagesTogetherOrNotAtAll(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
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

        @Test(arguments: StoreBackends.all)
        func fieldsAndDatesUpdateWithoutTouchingImages(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            let record = try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 1_000), fields: ["title": .string("a"), "mood": .integer(3)],
                                                      images: [.file(images[0])]))
            let updated = try store.update(record.id, date: Date(timeIntervalSince1970: 2_000), set: ["title": .string("b"), "tags": .strings(["x", "y"])], remove: ["mood"])
            #expect(updated.fields == ["title": .string("b"), "tags": .strings(["x", "y"])])
            #expect(updated.date == Date(timeIntervalSince1970: 2_000))
            #expect(updated.images == record.images)
            #expect(updated.version == record.version + 1)
            #expect { try store.update(record.id, set: ["title": .string("c")], expectedVersion: record.version) } throws: {
                ($0 as? KeepsakeError)?.code == .conflict && ($0 as? KeepsakeError)?.remedy == .reloadAndRetry
            }
            #expect(try store.update(record.id, set: ["title": .string("c")], expectedVersion: updated.version).fields["title"] == .string("c"))
            #expect { try store.update(record.id, set: ["bad key": .bool(true)]) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
            #expect { try store.update(RecordID(), set: ["a": .bool(true)]) } throws: { ($0 as? KeepsakeError)?.code == .notFound }
        }

        @Test(arguments: StoreBackends.all)
        func trashRestoreAndPurgeByAge(_ backend: StoreBackend) throws {
            let clock = TestClock()
            let store = try backend.makePlace().open(options: StoreOptions(), clock: clock.closure, faults: nil)
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
            for image in old.images {
                #expect(try !StoreConformance.isStored(store, image.path))
                for size in ThumbnailSize.standard { #expect(try !StoreConformance.isStored(store, image.thumbnailPath(size))) }
            }

            let restored = try store.restore(recent.id)
            #expect(!restored.isTrashed)
            #expect(restored.images == recent.images)
            #expect { try store.restore(recent.id) } throws: { ($0 as? KeepsakeError)?.code == .conflict }
            try store.trash(recent.id)
            #expect(try store.purgeTrash() == [recent.id])
            #expect(try store.fsck().isClean)
        }

        @Test(arguments: StoreBackends.all)
        func aCorruptImageFailsTheWholeCreateAndLeavesTheStoreAsItWas(_ backend: StoreBackend) throws {
            let place = try backend.makePlace()
            let store = try place.open()
            try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
            let before = try StoreSnapshot(store)
            #expect {
                try store.create(RecordDraft(collection: "diary", images: [.file(images[1]), .file(Corpus.corruptImage)]))
            } throws: { error in
                guard let error = error as? KeepsakeError else { return false }
                return error.code == .corruptImage && error.message.contains("truncated_jpeg.jpg")
            }
            #expect { try store.create(RecordDraft(collection: "diary", images: [.file(place.directory.appending("missing.jpg"))])) } throws: {
                ($0 as? KeepsakeError)?.code == .notFound
            }
            #expect(try StoreSnapshot(store) == before)
            #expect(try store.fsck().isClean)
        }

        @Test(arguments: StoreBackends.all)
        func imageLimitsAreEnforcedBeforeAnythingIsWritten(_ backend: StoreBackend) throws {
            var options = StoreOptions()
            options.maxImagesPerRecord = 2
            let store = try backend.makePlace().open(options: options)
            #expect { try store.create(RecordDraft(collection: "diary", images: images.prefix(3).map(ImageSource.file))) } throws: {
                ($0 as? KeepsakeError)?.code == .limitExceeded
            }
            let record = try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
            #expect { try store.addImages([.file(images[2])], to: record.id) } throws: { ($0 as? KeepsakeError)?.code == .limitExceeded }
            #expect(try store.record(record.id).images.count == 2)
            #expect(try store.fsck().isClean)
        }

        @Test(arguments: StoreBackends.all)
        func statusCountsRecordsImagesAndBytesAndNamesTheBackends(_ backend: StoreBackend) throws {
            let store = try backend.makePlace().open()
            let a = try store.create(RecordDraft(collection: "diary", images: images.prefix(2).map(ImageSource.file)))
            try store.create(RecordDraft(collection: "ledger", images: [.file(images[2])]))
            try store.trash(a.id)
            let status = try store.status()
            #expect(status.collections.map(\.name) == ["diary", "ledger"])
            #expect(status.collections[0].trashed == 1 && status.collections[0].live == 0 && status.collections[0].images == 2)
            #expect(status.totalImages == 3)
            #expect(status.totalBytes == a.images.reduce(0) { $0 + $1.byteSize } + status.collections[1].bytes)
            #expect(status.intentsInFlight == 0)
            #expect(!status.metadata.kind.isEmpty && !status.blobs.kind.isEmpty)
        }

        @Test(arguments: StoreBackends.all)
        func imagesAreServedAsTheBlobStoreAnswersAndLostThumbnailsAreMadeAgain(_ backend: StoreBackend) throws {
            let place = try backend.makePlace()
            let store = try place.open()
            let record = try store.create(RecordDraft(collection: "diary", images: [.file(images[0])]))
            let image = record.images[0]
            #expect(try Self.bytes(store.imageBody(of: image, variant: .original)) == store.originalData(of: image))
            try place.removeBehindTheStoresBack(prefix: "thumbnails/")
            let thumbnail = try Self.bytes(store.imageBody(of: image, variant: .thumbnail(.small)))
            #expect(!thumbnail.isEmpty)
            #expect(try StoreConformance.isStored(store, image.thumbnailPath(.small)))
            #expect(try store.fsck(repair: true).missingThumbnails.isEmpty)
            #expect(try store.fsck().isClean)
        }

        /// The bytes of a body, whatever form the blob store chose.
        static func bytes(_ body: BlobBody) throws -> Data {
            switch body {
            case .file(let file): return try file.readAll()
            case .bytes(let data): return data
            case .stream(let stream):
                var data = Data()
                try stream.read { data.append(contentsOf: $0) }
                #expect(Int64(data.count) == stream.size)
                return data
            case .redirect(let url, _): return try Data(contentsOf: url)
            }
        }
    }
}
