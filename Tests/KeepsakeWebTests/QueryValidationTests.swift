import Foundation
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// A query value the app cannot use is the request's fault: a page or a 400, never a 500.
@Suite struct QueryValidationTests {
    @Test func aTagOver30CharactersOrWithAControlCharacterIs400WithTheReason() async throws {
        let fixture = try WebFixture()
        let long = try await fixture.curl(["-G", "--data-urlencode", "tag=\(String(repeating: "t", count: 31))", fixture.url("/diary")])
        #expect(long.status == 400)
        #expect(long.text.contains("a tag has at most 30"))
        #expect(long.header("Content-Security-Policy") != nil)
        let control = try await fixture.curl(["-G", "--data-urlencode", "tag=bad\u{7}tag", fixture.url("/diary")])
        #expect(control.status == 400)
        #expect(control.text.contains("control character"))
        let fine = try await fixture.curl(["-G", "--data-urlencode", "tag=\(String(repeating: "t", count: 30))", fixture.url("/diary")])
        #expect(fine.status == 200)
    }

    @Test func noHostileQueryValueAnswers500() async throws {
        let fixture = try WebFixture()
        let values = [String(repeating: "x", count: 31), String(repeating: "가", count: 600), "bad\u{1}value", "line\nbreak",
                      "-1", "99999999999999999999999", "2026-13", "0000-00-00", "../../etc/passwd", "<script>", "'; DROP TABLE records; --",
                      "\u{202E}rtl", "🙂", "%", "*", "\"", "NOT", "a OR b", "NEAR(a b)"]
        let targets: [(path: String, name: String)] = [
            ("/diary", "tag"), ("/diary", "emotion"), ("/diary", "day"), ("/diary", "after"),
            ("/diary/search", "q"), ("/diary/calendar", "month"), ("/diary/chart", "month"), ("/diary/trash", "after"),
            ("/ledger", "month"), ("/feed", "after"), ("/feed/trash", "after"), ("/changes", "since"), ("/lang/ko", "back"),
            ("/diary/new", "x"), ("/store", "x"),
        ]
        // (Values stay under a few KB: curl 7.88 cuts a request whose URL and cookies pass 8 KB.)
        var failures: [String] = []
        for target in targets {
            for value in values {
                let response = try await fixture.curl(["-G", "--data-urlencode", "\(target.name)=\(value)", fixture.url(target.path)])
                if response.status >= 500 || response.status == 0 {
                    failures.append("\(target.path)?\(target.name)=\(value.prefix(20).debugDescription): \(response.status)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
