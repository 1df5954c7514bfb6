import Foundation
@testable import KeepsakeWeb
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// The store page says how photos are stored; the timeline's faster escaping and excerpts give
/// exactly what the general code gives.
@Suite struct PhotoStorageAndRenderingTests {
    @Test func theStorePageShowsHowPhotosAreStoredInBothLanguages() async throws {
        let fixture = try WebFixture()
        let english = try await fixture.get("/store", headers: ["Accept-Language: en"])
        #expect(english.text.contains("Photos stored as"))
        #expect(english.text.contains("JPEG photos as the camera wrote them"), "\(english.text)")
        let korean = try await fixture.get("/store", headers: ["Accept-Language: ko-KR,ko;q=0.9"])
        #expect(korean.text.contains("사진 저장 방식"))
        #expect(korean.text.contains("카메라가 저장한 그대로"))
    }

    /// The character-by-character escaping the byte scan replaced, kept here as the reference.
    static func referenceEscape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\u{0}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    @Test func escapingScansBytesButGivesWhatEscapingEachCharacterGives() {
        let samples = ["", "plain text", "한강 피크닉 🍙", "<script>alert('x')</script>", "a&b", "\"quoted\"", "nul\u{0}byte",
                       "é<ü>&ß", "👩‍👩‍👧 & 家族", String(repeating: "&<>\"'", count: 50), "trailing &", "& leading"]
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "&", "<", ">", "\"", "'", "\u{0}", "한", "é", "🍙", " ", "\n"]
        let random = (0..<200).map { _ in String((0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
        for text in samples + random {
            #expect(HTML.escape(text) == Self.referenceEscape(text), "\(text.debugDescription)")
        }
    }

    /// The excerpt as the general path makes it (lines joined, characters counted).
    static func referenceExcerpt(_ text: String, length: Int) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return line.count > length ? String(line.prefix(length)) + "…" : line
    }

    @Test func excerptsOfPlainASCIIAreTheSameAsTheGeneralPathGives() {
        let texts = ["A walk by the river, coffee, and photos of the light on the water. Entry 12.", "  padded  ", "short", " x", "y ",
                     String(repeating: "x", count: 60), String(repeating: "y", count: 61), "two\nlines", "tab\there", "한국어 텍스트",
                     "", "   "]
        for text in texts {
            for length in [0, 5, 60, 200] {
                #expect(Excerpt.of(text, length: length) == Self.referenceExcerpt(text, length: length), "\(text.debugDescription), \(length)")
            }
        }
    }

    @Test func queryValuesArePercentEncodedAsFoundationEncodesThem() {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        for text in ["family", "", "a b", "한강", "#tag", "100%", "a&b=c", "e\u{301}", "🍙", "~._-", "slash/and?query", "\u{0}"] {
            #expect(WebRequest.encode(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved), "\(text.debugDescription)")
        }
    }

    @Test func theTimelineRendersEveryEntryOffTheMainActor() async throws {
        let fixture = try WebFixture()
        let diary = Diary(store: fixture.store)
        for k in 0..<3 {
            _ = try diary.create(DiaryDraft(timeZone: TimeZone(identifier: "UTC")!, emotion: .calm, intensity: 2,
                                            title: "Day <\(k)>", text: "Tea & cake", tags: ["t\(k)"]))
        }
        let page = try await fixture.get("/diary")
        #expect(page.status == 200)
        for k in 0..<3 { #expect(page.text.contains("Day &lt;\(k)&gt;")) }
        #expect(page.text.contains("Tea &amp; cake"))
    }
}
