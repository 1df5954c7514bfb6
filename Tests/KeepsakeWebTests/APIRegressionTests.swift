import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeFeed
import KeepsakeWeb
import Testing

/// Failures schemathesis found against a live server, kept fixed.
@Suite struct APIRegressionTests {
    /// A NUL in a search ended the text handed to SQLite early ("unterminated string", a 500).
    @Test func aSearchWithControlCharactersIsAnAnswerNotAServerError() async throws {
        let fixture = try APIFixture()
        _ = try Feed(store: fixture.web.store).create(FeedDraft(title: "Ramen yK"))
        for path in ["/feed/search?q=%00%C3%9D+%3F", "/ledger/search?q=y%00K%22%02kv", "/diary/search?q=a%00b"] {
            let response = try await fixture.call(path)
            #expect(response.status == 200, "\(path): \(response.text)")
        }
        let found = try APIFixture.object(try await fixture.call("/feed/search?q=yK%00ramen"))
        #expect((found["items"] as? [Any])?.count == 1)
        #expect(Store.searchWords("y\u{0}K\u{2}kv") == ["y", "K", "kv"])
    }

    /// The HTTP layer's own refusal of a malformed multipart body was plain text on an API path.
    @Test func theHTTPLayersRefusalsOnAPIPathsAreProblems() async throws {
        let fixture = try APIFixture()
        let boundary = "b0undary"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"\r\nContent-Type: image/*\r\n\r\n{}\r\n--\(boundary)--\r\n"
        let response = try await fixture.call("/diary/entries", ["-H", "Idempotency-Key: k", "-H", "Content-Type: multipart/form-data; boundary=\(boundary)",
                                                                 "--data-binary", body])
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(try APIFixture.object(response)["code"] as? String == "invalidArgument")
    }
}
