import Foundation
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// The pages and the JSON API write through one path (issue 21): the same refusals, with the same
/// status and the same sentence in the client's language, against a real web app over a real store.
@Suite struct APIWritePathTests {
    /// The `detail` of a problem document, after checking it is one with `status` and `code`.
    private static func detail(_ response: CurlResponse, status: Int, code: String) throws -> String {
        #expect(response.status == status, "\(response.text)")
        #expect(response.header("Content-Type") == "application/problem+json")
        let problem = try APIFixture.object(response)
        #expect(problem["code"] as? String == code)
        #expect(problem["type"] as? String == "urn:keepsake:problem:" + code)
        return try #require(problem["detail"] as? String)
    }

    /// `text` as a page shows it.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    @Test func elevenPhotosAreRefusedWith413AndThePagesSentence() async throws {
        let api = try APIFixture()
        let photos = Array(repeating: "image=@\(Photos.tiny.path);type=image/png", count: 11)
        for language in ["en", "ko"] {
            let entry = #"{"emotion":"calm","title":"Eleven","text":"x"}"#
            let refused = try await api.call("/diary/entries", ["-H", "Idempotency-Key: eleven-\(language)", "-H", "Accept-Language: \(language)",
                                                                "--form-string", "entry=\(entry)"] + photos.flatMap { ["-F", $0] })
            let detail = try Self.detail(refused, status: 413, code: "limitExceeded")
            #expect(refused.header("Content-Language") == language)
            let page = try await api.web.post("/diary/new", fields: ["title=Eleven", "emotion=calm", "text=x"]
                                                  + photos.map { $0.replacingOccurrences(of: "image=", with: "photos=") },
                                              headers: ["Accept-Language: \(language)"])
            #expect(page.status == 413)
            #expect(page.text.contains(Self.escaped(detail)), "the page says what the API says: \(detail)")
        }
        #expect(try api.web.store.status().totalRecords == 0)
        #expect(api.web.stagedUploads.isEmpty)
    }

    @Test func anOverLongTitleIsRefusedWith400AndThePagesSentenceInKorean() async throws {
        let api = try APIFixture()
        let title = String(repeating: "가", count: 101)
        let english = try await api.call("/diary/entries", ["-H", "Idempotency-Key: long-en", "-H", "Content-Type: application/json",
                                                            "--data-binary", #"{"emotion":"joy","title":"\#(title)"}"#])
        let englishDetail = try Self.detail(english, status: 400, code: "invalidArgument")
        #expect(englishDetail.contains("at most 100"), "the diary's own sentence, not the schema's: \(englishDetail)")
        #expect(english.header("Content-Language") == "en")

        let korean = try await api.call("/diary/entries", ["-H", "Idempotency-Key: long-ko", "-H", "Content-Type: application/json",
                                                           "-H", "Accept-Language: ko-KR, en;q=0.5",
                                                           "--data-binary", #"{"emotion":"joy","title":"\#(title)"}"#])
        let koreanDetail = try Self.detail(korean, status: 400, code: "invalidArgument")
        #expect(korean.header("Content-Language") == "ko")
        #expect(koreanDetail != englishDetail && koreanDetail.contains("입력한 값을 받을 수 없습니다"), "\(koreanDetail)")
        let page = try await api.web.post("/diary/new", fields: ["title=\(title)", "emotion=joy", "text=x"], headers: ["Accept-Language: ko"])
        #expect(page.status == 400)
        #expect(page.text.contains(Self.escaped(koreanDetail)), "the Korean page says what the Korean API says: \(koreanDetail)")

        // The feed's rule, likewise.
        let post = try await api.call("/feed/posts", ["-H", "Idempotency-Key: long-post", "-H", "Content-Type: application/json",
                                                      "-H", "Accept-Language: ko", "--data-binary", #"{"title":"\#(String(repeating: "x", count: 500))"}"#])
        let postDetail = try Self.detail(post, status: 400, code: "invalidArgument")
        let postPage = try await api.web.post("/feed/new", fields: ["title=\(String(repeating: "x", count: 500))"], headers: ["Accept-Language: ko"])
        #expect(postPage.status == 400)
        #expect(postPage.text.contains(Self.escaped(postDetail)), "\(postDetail)")
        #expect(try api.web.store.status().totalRecords == 0)
    }

    @Test func aPhotoOverTheSizeLimitIsRefusedByTheWritePathInTheClientsLanguage() async throws {
        let web = try WebFixture(limits: WebLimits(maxFileBytes: 100_000, maxRequestBytes: 300_000, maxPhotos: 10))
        let api = try APIFixture(web: web)
        let entry = try #require(try await api.call("/diary/entries", ["-H", "Idempotency-Key: one", "-H", "Content-Type: application/json",
                                                                        "--data-binary", #"{"emotion":"joy","title":"One"}"#]).header("Location"))
        let big = try randomFile(in: web.directory, name: "big.jpg", count: 150_000)
        for language in ["en", "ko"] {
            let multipart = try await api.call(String(entry.dropFirst("/api/v1".count)) + "/images",
                                               ["-H", "Idempotency-Key: big-\(language)", "-H", "Accept-Language: \(language)",
                                                "-F", "image=@\(big.path);type=image/jpeg"])
            let detail = try Self.detail(multipart, status: 413, code: "limitExceeded")
            #expect(detail.contains("big.jpg") && detail.contains("100.0 KB"), "\(detail)")
            let page = try await web.post("/diary/new", fields: ["title=Big", "emotion=joy", "text=x", "photos=@\(big.path);type=image/jpeg"],
                                          headers: ["Accept-Language: \(language)"])
            #expect(page.status == 413)
            #expect(page.text.contains(Self.escaped(detail)), "\(detail)")

            // The whole body as the photo: the same limit, the same words but for its name.
            let whole = try await api.call(String(entry.dropFirst("/api/v1".count)) + "/images",
                                           ["-H", "Idempotency-Key: whole-\(language)", "-H", "Accept-Language: \(language)",
                                            "-H", "Content-Type: image/jpeg", "--data-binary", "@\(big.path)"])
            #expect(try Self.detail(whole, status: 413, code: "limitExceeded").contains("100.0 KB"))
        }
        #expect(try web.store.status().totalRecords == 1)
        #expect(web.stagedUploads.isEmpty)
    }

    @Test func editsTrashAndPurgeAreRefusedInTheClientsLanguage() async throws {
        let api = try APIFixture()
        let created = try await api.call("/diary/entries", ["-H", "Idempotency-Key: edit", "-H", "Content-Type: application/json",
                                                            "--data-binary", #"{"emotion":"joy","title":"Kept"}"#])
        let path = String(try #require(created.header("Location")).dropFirst("/api/v1".count))
        // A stale version: 412 with If-Match, in Korean.
        let stale = try await api.call(path, ["-X", "PATCH", "-H", "Content-Type: application/json", "-H", "If-Match: \"v9\"",
                                              "-H", "Accept-Language: ko", "--data-binary", #"{"title":"Changed"}"#])
        #expect(try Self.detail(stale, status: 412, code: "conflict").hasPrefix("그 사이에 다른 곳에서 바뀌어"))
        #expect(stale.header("Content-Language") == "ko")
        // Purging a live entry: 409, in English by default.
        let purge = try await api.call(path.replacingOccurrences(of: "/entries/", with: "/trash/"), ["-X", "DELETE"])
        #expect(try Self.detail(purge, status: 409, code: "conflict").contains("not in the trash"))
        #expect(purge.header("Content-Language") == "en")
        // The document says so: every problem may carry Content-Language, en or ko.
        let document = try JSONValue(parsing: try await api.call("/openapi.json").body)
        #expect(document["components"]?["responses"]?["Problem"]?["headers"]?["Content-Language"]?["schema"]?["enum"] == ["en", "ko"])
        let read = try await api.call(path)
        #expect(read.status == 200)
        #expect(try APIFixture.object(read)["title"] as? String == "Kept")
    }
}
