import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct DiaryTrashTests {
    @Test func aDeletedEntryKeepsItsPhotosInTheTrashUntilRestoredOrPurged() throws {
        let fixture = try DiaryFixture()
        let entry = try fixture.diary.create(DiaryDraft(moment: diaryDate("2026-11-29T10:00:00+09:00"), timeZone: diarySeoul, emotion: .sadness,
                                                        text: "Rainy", tags: ["rain"], images: [.file(Corpus.url("jpeg/testorig.jpg"))]))
        let file = try fixture.store.originalURL(of: entry.images[0])

        let trashed = try fixture.diary.delete(entry.id)
        #expect(trashed.isTrashed && trashed.trashedAt == fixture.clock.now)
        #expect(try fixture.diary.newest().entries.isEmpty)
        #expect(try fixture.diary.entries(on: diaryDay("2026-11-29")).isEmpty)
        #expect(try fixture.diary.entries(tag: "rain").entries.isEmpty)
        #expect(try fixture.diary.search("rainy").isEmpty)
        #expect(try fixture.diary.trash().entries.map(\.id) == [entry.id])
        #expect(try fixture.diary.read(entry.id).isTrashed)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect { try fixture.diary.delete(entry.id) } throws: { diaryError($0, .conflict, "already in the trash") }

        let restored = try fixture.diary.restore(entry.id)
        #expect(!restored.isTrashed && restored.images == entry.images)
        #expect(try fixture.diary.newest().entries.map(\.id) == [entry.id])
        #expect(try fixture.diary.trash().entries.isEmpty)
        #expect { try fixture.diary.restore(entry.id) } throws: { diaryError($0, .conflict, "not in the trash") }
        #expect { try fixture.diary.purge(entry.id) } throws: { diaryError($0, .conflict, "delete it first") }

        try fixture.diary.delete(entry.id)
        try fixture.diary.purge(entry.id)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect { try fixture.diary.read(entry.id) } throws: { diaryError($0, .notFound) }
        #expect(try fixture.store.fsck().isClean)
    }

    @Test func purgingTheTrashRemovesOnlyDiaryEntriesOlderThanTheAgeGiven() throws {
        let fixture = try DiaryFixture()
        let day: TimeInterval = 86_400
        let old = try fixture.diary.create(DiaryDraft(moment: diaryDate("2026-11-01T10:00:00+09:00"), timeZone: diarySeoul, emotion: .anger,
                                                      text: "old", images: [.file(Corpus.url("png/toucan.png"))]))
        let recent = try fixture.write("2026-11-02T10:00:00+09:00", diarySeoul, .fear, text: "recent")
        let kept = try fixture.write("2026-11-03T10:00:00+09:00", diarySeoul, .joy, text: "kept")
        let ledger = try fixture.store.create(RecordDraft(collection: "ledger", fields: ["text": .string("receipt")]))
        let oldFile = try fixture.store.originalURL(of: old.images[0])

        try fixture.diary.delete(old.id)
        try fixture.store.trash(ledger.id)
        fixture.clock.advance(by: 10 * day)
        try fixture.diary.delete(recent.id)
        fixture.clock.advance(by: 1 * day)

        #expect(try fixture.diary.trash().entries.map(\.id) == [recent.id, old.id])
        #expect(try fixture.diary.purgeTrash(olderThan: 7 * day) == [old.id])
        #expect(!FileManager.default.fileExists(atPath: oldFile.path))
        #expect(try fixture.diary.trash().entries.map(\.id) == [recent.id])
        #expect(try fixture.diary.purgeTrash() == [recent.id])
        #expect(try fixture.diary.trash().entries.isEmpty)
        #expect(try fixture.store.record(ledger.id).isTrashed, "another collection's trash is left alone")
        #expect(try fixture.diary.newest().entries.map(\.id) == [kept.id])
        #expect(try fixture.store.fsck().isClean)
    }
}
