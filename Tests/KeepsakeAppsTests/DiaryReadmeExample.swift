import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

/// The Diary example shown in the README.
func diaryReadmeExample(store: Store) throws {
    let diary = Diary(store: store)                  // entries live in the "diary" collection, up to 10 photos each
    let entry = try diary.create(DiaryDraft(timeZone: TimeZone(identifier: "Asia/Seoul")!, emotion: .joy, intensity: 4,
                                            title: "한강 피크닉", text: "Picnic by the river with friends.", tags: ["Friends"],
                                            images: [.file(Corpus.url("jpeg/testorig.jpg")), .file(Corpus.url("png/toucan.png"))]))
    try diary.replaceImage(of: entry.id, at: 1, with: .file(Corpus.url("webp/test.webp")))   // seed 000's "update image n"
    try diary.update(entry.id, emotion: .gratitude, intensity: 5)
    for found in try diary.search("피크닉") {         // title, text and tags, in Korean or English
        print(found.day, found.emotion.koreanName, found.title ?? "")             // 2026-11-29 감사 한강 피크닉
    }
    for day in try diary.calendar(year: entry.day.year, month: entry.day.month) {  // days in each entry's own time zone
        print(day.day, day.count, day.dominantEmotion.englishName)                 // 2026-11-29 1 Gratitude
    }
    try diary.delete(entry.id)                       // to the trash; diary.restore(entry.id) brings it back
}

@Suite struct DiaryReadmeExampleTests {
    @Test func theReadmeExampleRunsOnAFreshStore() throws {
        let dir = TemporaryDirectory("diary-readme")
        let store = try TestStores.open(dir)
        try diaryReadmeExample(store: store)
        let trashed = try Diary(store: store).trash().entries
        #expect(trashed.map(\.title) == ["한강 피크닉"])
        #expect(trashed.first?.emotion == .gratitude && trashed.first?.intensity == 5)
        #expect(trashed.first?.images.count == 2)
        #expect(try store.fsck().isClean)
    }
}
