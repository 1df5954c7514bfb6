import Foundation
import KeepsakeDiary
import KeepsakeStore
import Testing

/// The timeline keeps its cards rendered between requests (``DiaryCardCache``): a change of an
/// entry, from the page or from another writer of the store, shows on the next load, in each language.
@Suite struct TimelineCardTests {
    @Test func anEditedEntryShowsItsNewCardAndEachLanguageItsOwn() async throws {
        let fixture = try WebFixture()
        let diary = Diary(store: fixture.store)
        let entry = try diary.create(DiaryDraft(emotion: .joy, title: "First words", text: "x", tags: ["walk"]))
        let before = try await fixture.get("/diary")
        #expect(before.text.contains("First words"))
        #expect(try await fixture.get("/diary").text.contains("First words"), "the kept card")

        _ = try diary.update(entry.id, DiaryEdit(title: "Second words"))  // as the CLI would, behind the server's back
        let after = try await fixture.get("/diary")
        #expect(after.text.contains("Second words"))
        #expect(!after.text.contains("First words"))

        let korean = try await fixture.get("/diary", headers: ["Accept-Language: ko"])
        #expect(korean.text.contains("기쁨"), "the Korean card, not the English one kept")
        #expect(try await fixture.get("/diary").text.contains(">Joy "), "and the English one again")

        _ = try diary.delete(entry.id)
        #expect(!(try await fixture.get("/diary")).text.contains("Second words"))
        let trash = try await fixture.get("/diary/trash")
        #expect(trash.text.contains("Second words") && trash.text.contains("/restore"), "the trash's cards carry their restore form")
    }
}
