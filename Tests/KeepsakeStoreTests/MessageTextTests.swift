import Testing
import KeepsakeStore

/// The one helper that makes user-supplied text safe and short in messages.
@Suite struct MessageTextTests {
    @Test func controlCharactersAreShownNeverPassedThrough() {
        #expect(KeepsakeError.printable("a\nb\u{0}c\u{1B}[31md\u{7F}\u{85}\u{2028}") == "a\\u{a}b\\u{0}c\\u{1b}[31md\\u{7f}\\u{85}\\u{2028}")
        #expect(KeepsakeError.quoted("a\r\nb") == "\"a\\u{d}\\u{a}b\"", "a CRLF, one character, is escaped whole")
        #expect(KeepsakeError.quoted("김밥, 라면 🍜") == "\"김밥, 라면 🍜\"", "other text is kept as it is")
    }

    @Test func longTextIsCutAtItsLimitInWholeCharacters() {
        let long = String(repeating: "가", count: 70)
        #expect(KeepsakeError.quoted(long) == "\"" + String(repeating: "가", count: 60) + "…\"")
        #expect(KeepsakeError.quoted(long, limit: 70) == "\"" + long + "\"")
        #expect(KeepsakeError.printable(String(repeating: "x", count: 250)).count == 201)
        #expect(KeepsakeError.printable(String(repeating: "👩‍👩‍👧", count: 3), limit: 2) == "👩‍👩‍👧👩‍👩‍👧…", "a cut never splits a character")
    }
}
