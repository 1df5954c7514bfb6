import Foundation
import Testing
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
@testable import KeepsakeStoreTransfer
import KeepsakeSupport

/// Stores filled for the mover's tests, and the comparisons they make.
enum StoreMoverFixture {
    /// Photos of several formats, one rotated by EXIF and one with a capture date.
    static let photos = Corpus.smallImages + [Corpus.url("exif/Landscape_6.jpg"), Corpus.url("exif/Landscape_1.jpg")]

    /// Fills `store` through the three apps: diary entries (with photos, tags, Korean text, an edit,
    /// a moved and an added photo, one in the trash), ledger transactions (receipts, one in the
    /// trash), feed posts (photos, a reorder, one in the trash, one without photos), two API tokens
    /// (one revoked) and web session settings. Returns every record as stored.
    @discardableResult
    static func fillWithEveryApp(_ store: Store) throws -> [Record] {
        let diary = Diary(store: store), ledger = Ledger(store: store), feed = Feed(store: store)
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        let picnic = try diary.create(DiaryDraft(moment: Date(timeIntervalSince1970: 1_700_000_000.25), timeZone: seoul, emotion: .joy, intensity: 4,
                                                 title: "피크닉", text: "한강에서 피크닉을 했다", tags: ["family", "봄"],
                                                 images: photos.prefix(3).map(ImageSource.file)))
        _ = try diary.moveImage(of: picnic.id, from: 0, to: 2)
        _ = try diary.addImages([.file(photos[8])], to: picnic.id)
        let rainy = try diary.create(DiaryDraft(moment: Date(timeIntervalSince1970: 1_700_100_000), timeZone: seoul, emotion: .calm,
                                                text: "rain all day", images: [.file(photos[3])]))
        _ = try diary.update(rainy.id, DiaryEdit(text: "rain all day, then sun"))
        let gone = try diary.create(DiaryDraft(moment: Date(timeIntervalSince1970: 1_700_200_000), timeZone: seoul, emotion: .sadness,
                                               title: "forget it", images: [.file(photos[9])]))
        _ = try diary.delete(gone.id)
        _ = try diary.create(DiaryDraft(moment: Date(timeIntervalSince1970: 1_700_300_000), timeZone: seoul, emotion: .gratitude, text: "no photo"))

        let lunch = try ledger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2025-03-01"), kind: .expense,
                                                          amount: try Money(parsing: "12500", currency: .krw), category: "food",
                                                          memo: "김밥", receipt: .file(photos[4])))
        _ = lunch
        _ = try ledger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2025-03-02"), kind: .income,
                                                  amount: try Money(parsing: "1200.50", currency: .usd), category: "salary"))
        let refund = try ledger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2025-03-03"), kind: .expense,
                                                           amount: try Money(parsing: "30", currency: .usd), category: "books",
                                                           receipt: .file(photos[5])))
        _ = try ledger.delete(refund.id)

        let ramen = try feed.create(FeedDraft(title: "Ramen at Menya", contents: "Rich broth.", date: Date(timeIntervalSince1970: 1_700_400_000),
                                            images: [photos[6], photos[7], photos[0]].map(ImageSource.file)))
        _ = try feed.reorderImages(of: ramen.id, order: [2, 0, 1])
        let old = try feed.create(FeedDraft(title: "Old post", date: Date(timeIntervalSince1970: 1_600_000_000), images: [.file(photos[1])]))
        _ = try feed.delete(old.id)
        _ = try feed.create(FeedDraft(title: "Words only", contents: "No photos here.", date: Date(timeIntervalSince1970: 1_700_500_000)))

        let tokens = APITokens(store: store)
        _ = try tokens.create(name: "phone", readOnly: false)
        _ = try tokens.create(name: "backup", readOnly: true)
        try tokens.revoke("backup")
        _ = try SessionSecret.loadOrCreate(for: store)
        // A logout: the session's nonce → until when it stays refused (what SessionRevocations writes).
        try store.metadata.write { try $0.setSetting(String(repeating: "5e", count: 16), in: "web.revocations", to: "4102444800") }
        return try allRecords(store)
    }

    /// `count` small records in one collection, each with one or two photos, for the tests that
    /// need a move long enough to be killed midway.
    static func fillWithMany(_ store: Store, count: Int) throws {
        for index in 0..<count {
            let images = (0..<(1 + index % 2)).map { ImageSource.file(Corpus.smallImages[(index + $0) % Corpus.smallImages.count]) }
            _ = try store.create(RecordDraft(collection: "test", date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
                                             fields: ["n": .integer(Int64(index))], images: images))
        }
    }

    /// Every record of every collection, live and trashed, by id.
    static func allRecords(_ store: Store) throws -> [Record] {
        var records: [Record] = []
        for collection in try store.status().collections {
            var query = RecordQuery(collection: try CollectionName(collection.name))
            query.trash = .all
            query.limit = 500
            try store.forEachPage(of: query) { records += $0.records }
        }
        return records.sorted { $0.id < $1.id }
    }

    /// The settings a move copies, by namespace.
    static func settings(_ store: Store) throws -> [String: [String: String]] {
        try store.metadata.read { tx in
            var all: [String: [String: String]] = [:]
            for namespace in StoreMover.defaultSettingNamespaces { all[namespace] = try tx.settings(in: namespace) }
            return all
        }
    }

    /// Expects `copy` to hold exactly the records of `original`, identical in everything a move
    /// keeps: ids, collections, dates, fields, creation, change and trash times, and every image's
    /// bytes (read back and hashed), hashes, media types, sizes and capture dates.
    static func expectSameRecords(_ copy: Store, as original: [Record], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let copied = try allRecords(copy)
        #expect(copied.map(\.id) == original.map(\.id), sourceLocation: sourceLocation)
        for (record, twin) in zip(original, copied) {
            #expect(twin.collection == record.collection, sourceLocation: sourceLocation)
            #expect(twin.date == record.date, sourceLocation: sourceLocation)
            #expect(twin.fields == record.fields, sourceLocation: sourceLocation)
            #expect(twin.createdAt == record.createdAt, sourceLocation: sourceLocation)
            #expect(twin.updatedAt == record.updatedAt, sourceLocation: sourceLocation)
            #expect(twin.trashedAt == record.trashedAt, sourceLocation: sourceLocation)
            #expect(twin.images.map(\.sha256) == record.images.map(\.sha256), sourceLocation: sourceLocation)
            #expect(twin.images.map(\.sourceSHA256) == record.images.map(\.sourceSHA256), sourceLocation: sourceLocation)
            #expect(twin.images.map(\.byteSize) == record.images.map(\.byteSize), sourceLocation: sourceLocation)
            #expect(twin.images.map(\.mediaType) == record.images.map(\.mediaType), sourceLocation: sourceLocation)
            #expect(twin.images.map { "\($0.width)x\($0.height)" } == record.images.map { "\($0.width)x\($0.height)" }, sourceLocation: sourceLocation)
            #expect(twin.images.map(\.capturedAt) == record.images.map(\.capturedAt), sourceLocation: sourceLocation)
            for image in twin.images {
                #expect(SHA256.hex(try copy.originalData(of: image)) == image.sha256, sourceLocation: sourceLocation)
            }
        }
    }
}
