import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// Object keys carry the book (`attachments/<book>/<record>/…`, `thumbnails/<book>/<record>/…`),
    /// so a book can be listed, exported, moved or deleted whole on every pair of backends.
    @Suite struct BookFolders {
        static let images = StoreConformance.tiny

        /// A store with its first admin, a second account, and the admin's diary record with two images.
        struct World {
            let store: Store
            let admin: Store
            let other: Store
            let record: Record

            init(_ backend: StoreBackend, _ label: String) throws {
                store = try backend.makePlace(label).open()
                guard let first = try store.firstAdmin() else { throw KeepsakeError(.unexpected, "The store has no first admin.") }
                admin = store.acting(as: .account(first.id))
                other = store.acting(as: .account(try store.createAccount(AccountDraft(login: try LoginName("other"))).id))
                record = try admin.create(RecordDraft(collection: "diary", fields: ["title": .string("day")],
                                                      images: [.file(BookFolders.images[0]), .file(BookFolders.images[1])]))
            }

            /// Every key the blob store holds under `prefix` (empty folders included, in a store that has them).
            func keys(under prefix: String) throws -> [String] {
                var keys: [String] = [], after: String?
                repeat {
                    let page = try store.blobs.list(prefix: prefix, after: after, limit: 100)
                    keys += page.entries.map(\.key)
                    after = page.nextAfter
                } while after != nil
                return keys
            }

            /// Records an issue, naming what is there, unless nothing is stored under `prefix` (a
            /// folder: the empty folder itself, of a book that is still there, does not count).
            func expectNothing(under prefix: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
                let found = try keys(under: prefix).filter { $0 + "/" != prefix }
                #expect(found.isEmpty, "left under \(prefix): \(found)", sourceLocation: sourceLocation)
            }
        }

        @Test(arguments: StoreBackends.all)
        func imagesAreStoredUnderTheirBooksFolder(_ backend: StoreBackend) throws {
            let world = try World(backend, "book-folders-layout")
            let book = try #require(world.record.book)
            for image in world.record.images {
                #expect(image.path.parentComponents == ["attachments", book.string, world.record.id.string])
                #expect(try world.store.blobs.stat(image.thumbnailPath(.small)) != nil)
                #expect(image.thumbnailPath(.small).components.prefix(3) == ["thumbnails", book.string, world.record.id.string])
            }
            let stored = try world.keys(under: "attachments/\(book.string)/").filter { !$0.hasSuffix("/") }
            #expect(Set(stored) == Set(world.record.images.map(\.path.string)))
        }

        @Test(arguments: StoreBackends.all)
        func aMoveTakesTheImagesIntoTheNewBooksFolderAndLeavesNothingInTheOld(_ backend: StoreBackend) throws {
            let world = try World(backend, "book-folders-move")
            let source = try #require(world.record.book)
            let trip = try world.admin.createBook(collection: "diary", name: "Trip")
            let originals = try world.record.images.map { try world.admin.originalData(of: $0) }

            let moved = try world.admin.moveRecord(world.record.id, to: trip.id)
            #expect(moved.images.map(\.id) == world.record.images.map(\.id))
            for (image, bytes) in zip(moved.images, originals) {
                #expect(image.path.parentComponents == ["attachments", trip.id.string, world.record.id.string])
                #expect(try world.admin.originalData(of: image) == bytes)
                #expect(try world.store.blobs.stat(image.thumbnailPath(.small)) != nil)
            }
            for image in world.record.images {
                #expect(try world.store.blobs.stat(image.path) == nil, "\(image.path) is still stored after the move")
                #expect(try world.store.blobs.stat(image.thumbnailPath(.small)) == nil)
            }
            try world.expectNothing(under: "attachments/\(source.string)/")
            try world.expectNothing(under: "thumbnails/\(source.string)/")
            let report = try world.store.fsck()
            #expect(report.isClean && report.imagesOutsideTheirBook.isEmpty, "\(report)")
            #expect(try world.store.intentsInFlight() == 0)

            // And back: the record's folder returns to the first book, the second is left empty.
            let back = try world.admin.moveRecord(world.record.id, to: source)
            #expect(back.images.allSatisfy { $0.path.parentComponents == ["attachments", source.string, world.record.id.string] })
            try world.expectNothing(under: "attachments/\(trip.id.string)/")
            try world.expectNothing(under: "thumbnails/\(trip.id.string)/")
        }

        @Test(arguments: StoreBackends.all)
        func aDeletedBookLeavesNothingUnderItsFolders(_ backend: StoreBackend) throws {
            let world = try World(backend, "book-folders-delete")
            let trip = try world.admin.createBook(collection: "diary", name: "Trip")
            let kept = try #require(world.record.book)
            var inTrip: [Record] = []
            for index in 0..<3 {
                inTrip.append(try world.admin.create(RecordDraft(collection: "diary", fields: ["n": .integer(Int64(index))],
                                                                 images: [.file(Self.images[index % Self.images.count])], book: trip.id)))
            }
            try world.admin.trash(inTrip[0].id)
            #expect(try !world.keys(under: "attachments/\(trip.id.string)/").isEmpty)

            try world.admin.deleteBook(trip.id)
            try world.expectNothing(under: "attachments/\(trip.id.string)/")
            try world.expectNothing(under: "thumbnails/\(trip.id.string)/")
            try world.expectNothing(under: "attachments/\(trip.id.string)")  // the folder itself, in a store that has folders
            // The other book is untouched.
            #expect(Set(try world.keys(under: "attachments/\(kept.string)/").filter { !$0.hasSuffix("/") }) == Set(world.record.images.map(\.path.string)))
            let report = try world.store.fsck()
            #expect(report.isClean, "\(report)")
        }

        @Test(arguments: StoreBackends.all)
        func anotherAccountCannotMoveTheRecordNorReadItsImages(_ backend: StoreBackend) throws {
            let world = try World(backend, "book-folders-access")
            let theirs = try world.other.createBook(collection: "diary", name: "Theirs")
            let mine = try world.admin.createBook(collection: "diary", name: "Mine")
            #expect(errorCode { _ = try world.other.moveRecord(world.record.id, to: theirs.id) } == .notFound)
            #expect(errorCode { _ = try world.other.moveRecord(world.record.id, to: mine.id) } == .notFound)
            #expect(errorCode { _ = try world.other.record(world.record.id) } == .notFound)
            #expect(errorCode { _ = try world.other.originalData(of: world.record.images[0]) } == .notFound)
            // Nor can the owner move it into a book they do not read.
            #expect(errorCode { _ = try world.admin.moveRecord(world.record.id, to: theirs.id) } == .notFound)
            let now = try world.store.record(world.record.id)
            #expect(now.version == world.record.version && now.book == world.record.book)
            #expect(now.images.map(\.path) == world.record.images.map(\.path))
            try world.expectNothing(under: "attachments/\(theirs.id.string)/")
            try world.expectNothing(under: "attachments/\(mine.id.string)/")
            #expect(try world.store.intentsInFlight() == 0)
        }
    }
}
