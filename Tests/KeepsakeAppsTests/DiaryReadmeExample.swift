import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

/// The Diary example shown in the README.
func diaryReadmeExample(store: Store) throws {
    let diary = Diary(store: store)                  // entries live in the "diary" collection, up to 10 photos each
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let entry = try diary.create(DiaryDraft(moment: Date(), timeZone: seoul, emotion: .joy, intensity: 4,
                                            title: "한강 피크닉", text: "Picnic by the river with friends.", tags: ["Friends"],
                                            images: [.file(Corpus.url("jpeg/testorig.jpg")), .file(Corpus.url("png/toucan.png"))]))
    try diary.replaceImage(of: entry.id, at: 1, with: .file(Corpus.url("webp/test.webp")))   // seed 000's "update image n"
    try diary.update(entry.id, emotion: .gratitude)
    let today = try diary.entries(on: entry.day)     // the day in the entry's own time zone
    let found = try diary.search("피크닉")            // title, text and tags; Korean and English
    let month = try diary.calendar(year: entry.day.year, month: entry.day.month)   // days with count and dominant emotion
    _ = (today, found, month)
    try diary.delete(entry.id)                       // to the trash; diary.restore(entry.id) brings it back
}

@Suite struct DiaryReadmeExampleTests {
    @Test func theReadmeExampleRunsOnAFreshStore() throws {
        let dir = TemporaryDirectory("diary-readme")
        let store = try TestStores.open(dir)
        try diaryReadmeExample(store: store)
        let trashed = try Diary(store: store).trash().entries
        #expect(trashed.map(\.title) == ["한강 피크닉"])
        #expect(trashed.first?.emotion == .gratitude)
        #expect(trashed.first?.images.count == 2)
        #expect(try store.fsck().isClean)
    }
}
