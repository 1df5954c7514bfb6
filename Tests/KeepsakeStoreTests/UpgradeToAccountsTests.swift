import Foundation
import Testing
import KeepsakeTestSupport
@testable import KeepsakeStore

/// A store written by the release before accounts (Tests/Fixtures/before-accounts, schema 4) opens
/// as the first admin's books, with every record and image kept.
@Suite struct UpgradeToAccountsTests {
    static let fixture = Corpus.repositoryRoot.appendingPathComponent("Tests/Fixtures/before-accounts/store-before-accounts.tar.gz")
    static let recordIDs = ["5ab046b3-597a-404e-b896-06bb4bd23d25", "71cfb250-8335-4b24-9f4f-2ff3787a8716",
                            "f8453d8c-8289-4945-94a4-71905629c6ef", "0d7aad0e-39a0-48d2-9755-9a18b547625a",
                            "c8b65eb0-bbce-42bb-b186-9c01d2320287", "9574244f-3914-4d54-960b-e3a94e05a010"]

    /// Unpacks the fixture into `directory`.
    static func unpack(into directory: TemporaryDirectory) throws {
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/tar"), ["-xzf", fixture.path, "-C", directory.path])
        guard result.status == 0 else { throw KeepsakeError(.io, "tar failed: \(result.stderr)") }
    }

    @Test func aStoreFromBeforeAccountsOpensAsTheFirstAdminsBooksWithEveryImage() throws {
        let directory = TemporaryDirectory(), pristine = TemporaryDirectory("pristine")
        try Self.unpack(into: directory)
        try Self.unpack(into: pristine)
        let version = try runProcess(URL(fileURLWithPath: "/usr/bin/sqlite3"), [directory.appending("keepsake.sqlite").path, "PRAGMA user_version"])
        if version.status == 0 { #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "4") }

        let store = try TestStores.open(directory)
        let admin = try requireAccount(try store.firstAdmin())
        #expect(admin.login.name == "admin")
        #expect(admin.displayName == "Admin")
        #expect(admin.isAdmin)
        #expect(admin.passwordHash == nil)
        #expect(try store.accounts().map(\.id) == [admin.id])

        let asAdmin = store.acting(as: .account(admin.id))
        let books = try asAdmin.books()
        #expect(books.map(\.collection) == ["diary", "feed", "ledger"])
        #expect(books.allSatisfy { $0.defaultOf == admin.id })
        var images = 0
        for text in Self.recordIDs {
            let record = try asAdmin.record(try RecordID(parsing: text))
            let book = try #require(record.book)
            #expect(books.first { $0.id == book }?.collection == record.collection)
            #expect(record.author == admin.id)
            for image in record.images {
                let bytes = try asAdmin.originalData(of: image)
                #expect(bytes == (try Data(contentsOf: pristine.appending(image.path.string))))
                images += 1
            }
        }
        #expect(images == 5)
        #expect(try asAdmin.record(try RecordID(parsing: Self.recordIDs[5])).isTrashed)
        #expect(try asAdmin.count("diary", trash: .all) + asAdmin.count("ledger", trash: .all) + asAdmin.count("feed", trash: .all) == 6)
        #expect(try store.changes(after: 0).allSatisfy { $0.book != nil })
        #expect(try asAdmin.changes(after: 0).count == (try store.changes(after: 0)).count)
        let report = try store.fsck()
        #expect(report.isClean)
        #expect(report.recordsWithoutBook.isEmpty)
        #expect(report.recordsChecked == 6)

        // A second account sees none of it.
        let other = try store.createAccount(AccountDraft(login: try LoginName("other")))
        let asOther = store.acting(as: .account(other.id))
        for text in Self.recordIDs {
            #expect(errorCode { _ = try asOther.record(try RecordID(parsing: text)) } == .notFound)
        }
        for collection: CollectionName in ["diary", "ledger", "feed"] {
            #expect(try asOther.list(RecordQuery(collection: collection)).records.isEmpty)
            #expect(try asOther.count(collection, trash: .all) == 0)
        }
        #expect(try asOther.changes(after: 0).isEmpty)
        #expect(try asOther.books().isEmpty)
    }

    /// The fixture's images lie under `attachments/<collection>/`, as before books had folders: fsck
    /// says so without calling it a problem, and `--repair` moves each record's images into its
    /// book's folder, bytes, ids and thumbnails kept, the old folders gone.
    @Test func repairMovesImagesStoredBeforeBooksHadFoldersIntoTheirBooks() throws {
        let directory = TemporaryDirectory(), pristine = TemporaryDirectory("pristine")
        try Self.unpack(into: directory)
        try Self.unpack(into: pristine)
        let store = try TestStores.open(directory)
        let before = try Self.recordIDs.map { try store.record(try RecordID(parsing: $0)) }
        let report = try store.fsck()
        #expect(report.isClean)
        #expect(report.imagesOutsideTheirBook.count == 5)
        #expect(report.imagesOutsideTheirBook.allSatisfy { ["diary", "ledger", "feed"].contains($0.path.split(separator: "/")[1]) })

        let repaired = try store.fsck(repair: true)
        #expect(repaired.isClean, "\(repaired)")
        #expect(repaired.unrepairable.isEmpty)
        #expect(repaired.repairs.filter { $0.contains("into its book's folder") }.count == 3)  // three records hold images
        for old in before {
            let now = try store.record(old.id)
            let book = try #require(now.book)
            #expect(now.images.map(\.id) == old.images.map(\.id))
            #expect(now.fields == old.fields)
            for (image, was) in zip(now.images, old.images) {
                #expect(image.path.parentComponents == ["attachments", book.string, old.id.string])
                #expect(try store.originalData(of: image) == (try Data(contentsOf: pristine.appending(was.path.string))))
                #expect(try store.blobs.stat(image.thumbnailPath(.small)) != nil)
                #expect(try store.blobs.stat(was.path) == nil)
            }
        }
        for collection in ["diary", "ledger", "feed"] {
            let left = (try? FileManager.default.subpathsOfDirectory(atPath: directory.appending("attachments/\(collection)").path)) ?? []
            #expect(left == [], "\(collection): \(left)")
        }
        let again = try store.fsck()
        #expect(again.isClean && again.imagesOutsideTheirBook.isEmpty && again.orphanThumbnails.isEmpty)
    }

    @Test func theUpgradeRunsOnceAndANewStoreGetsItsAdmin() throws {
        let directory = TemporaryDirectory()
        try Self.unpack(into: directory)
        let firstAdmin: Account
        do {
            let store = try TestStores.open(directory)
            firstAdmin = try requireAccount(try store.firstAdmin())
        }
        let store = try TestStores.open(directory)
        #expect(try store.accounts().map(\.id) == [firstAdmin.id])
        #expect(try store.books().count == 3)

        let empty = try TestStores.open(TemporaryDirectory("empty"))
        let admin = try requireAccount(try empty.firstAdmin())
        #expect(admin.login.name == "admin")
        #expect(try empty.books().isEmpty)
        #expect(try empty.create(RecordDraft(collection: "diary")).author == admin.id)
    }

    @Test func fsckReportsARecordWithoutABookOrWithAMissingOne() throws {
        let directory = TemporaryDirectory()
        let store = try TestStores.open(directory)
        let lost = try store.create(RecordDraft(collection: "diary"))
        let orphaned = try store.create(RecordDraft(collection: "ledger"))
        let database = try #require(store.metadata as? SQLiteMetadataStore).database
        try database.write { db in
            try db.run("UPDATE record SET book_id = NULL WHERE id = ?", [.text(lost.id.string)])
            try db.run("UPDATE record SET book_id = ? WHERE id = ?", [.text(BookID.random().string), .text(orphaned.id.string)])
        }
        let report = try store.fsck()
        #expect(report.recordsWithoutBook == [lost.id.string, orphaned.id.string].sorted())
        #expect(!report.isClean)
    }
}
