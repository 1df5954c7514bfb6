import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Holes an attack on a running `keepsake serve` from outside found in the web layer (issue 25),
/// each kept fixed by a test that failed before its fix. Real server, real curl.
@Suite struct AttackRegressionTests {
    /// A token of this store (its id's HMAC is good) with a secret that is not its own.
    static func wrongSecret(of token: String) -> String {
        let parts = token.split(separator: "_")
        let secret = String(parts[2])
        let other = secret.hasPrefix("0") ? "1" + secret.dropFirst() : "0" + secret.dropFirst()
        return "ks_\(parts[1])_\(other)"
    }

    /// A diary entry made through the API; its id.
    static func entry(_ fixture: APIFixture) async throws -> String {
        let created = try await fixture.call("/diary/entries", ["-H", "Idempotency-Key: \(UUID().uuidString)", "-H", "Content-Type: application/json",
                                                               "--data-binary", #"{"emotion":"joy","intensity":3,"text":"first"}"#])
        #expect(created.status == 201, "\(created.text)")
        return try #require(try APIFixture.object(created)["id"] as? String)
    }

    // MARK: - Item 4: the secret is checked before the body

    @Test func aRealTokenIdWithAWrongSecretIsRefusedBeforeItsUploadIsStaged() async throws {
        let fixture = try APIFixture()
        let big = fixture.web.directory.appending("big.jpg")
        try Data(count: 5 << 20).write(to: big)
        let forged = Self.wrongSecret(of: fixture.token)
        var response: CurlResponse?
        // 5 MB at 1 MB/s would take 5 s to send in full.
        let seen = try await UnauthenticatedUploadTests.watchUploads(fixture.web) {
            response = try await fixture.call("/diary/entries", ["--limit-rate", "1M", "-H", "Idempotency-Key: \(UUID().uuidString)",
                                                                 "-F", #"entry={"emotion":"joy"}"#, "-F", "image=@\(big.path);type=image/jpeg"],
                                              token: forged)
        }
        #expect(response?.status == 401)
        #expect(response?.header("Content-Type") == "application/problem+json")
        let sent = response?.uploadedBytes ?? Int.max
        #expect(sent < 2 << 20, "curl sent \(sent) bytes before the answer: the body was read instead of refused from its head")
        #expect(seen == 0, "nothing was staged in the upload folder")
        // The right secret still works, and a made-up one on a known id stays refused afterwards.
        #expect(try await fixture.call("/store/status").status == 200)
        #expect(try await fixture.call("/store/status", token: forged).status == 401)
    }

    // MARK: - Item 3: JSON bodies have a small limit of their own

    @Test func aLargeJSONBodyIsRefusedFromItsContentLengthBeforeItIsSent() async throws {
        let fixture = try APIFixture()
        let id = try await Self.entry(fixture)
        let body = fixture.web.directory.appending("big.json")
        try Data(("[" + Array(repeating: "1", count: 1_000_000).joined(separator: ",") + "]").utf8).write(to: body)  // 2 MB
        let response = try await fixture.call("/diary/entries/\(id)", ["-X", "PATCH", "-H", "Content-Type: application/json",
                                                                       "-H", "Expect: 100-continue", "--expect100-timeout", "20",
                                                                       "--data-binary", "@\(body.path)"])
        #expect(response.status == 413, "\(response.text)")
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(try APIFixture.object(response)["code"] as? String == "limitExceeded")
        #expect(response.uploadedBytes == 0, "refused from Content-Length: curl sent \(response.uploadedBytes) bytes")
        // A body of the largest valid size still goes through: a text of the documented maximum,
        // every character escaped as JSON allows.
        let largestBody = fixture.web.directory.appending("largest.json")
        try Data((#"{"text":""# + String(repeating: "\\ud83d\\ude00", count: DiaryLimits.maxTextLength) + #"","tags":[]}"#).utf8).write(to: largestBody)
        let largest = try await fixture.call("/diary/entries/\(id)", ["-X", "PATCH", "-H", "Content-Type: application/json",
                                                                      "--data-binary", "@\(largestBody.path)"])
        #expect(largest.status == 200, "\(largest.text.prefix(300))")
    }

    @Test func aChunkedJSONBodyIsStoppedOnceItGrowsPastTheLimit() async throws {
        let fixture = try APIFixture()
        let id = try await Self.entry(fixture)
        let body = fixture.web.directory.appending("big.json")
        try Data((#"{"text":""# + String(repeating: "x", count: 2_000_000) + #""}"#).utf8).write(to: body)
        let response = try await fixture.call("/diary/entries/\(id)", ["-X", "PATCH", "-H", "Content-Type: application/json",
                                                                       "-H", "Transfer-Encoding: chunked", "--data-binary", "@\(body.path)"])
        #expect(response.status == 413, "\(response.text)")
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(try APIFixture.object(response)["code"] as? String == "limitExceeded")
        let entry = try APIFixture.object(try await fixture.call("/diary/entries/\(id)"))
        #expect(entry["text"] as? String == "first", "the body never reached the handler")
    }

    @Test func aPhotoBodyLargerThanTheJSONLimitStillUploads() async throws {
        let fixture = try APIFixture()
        let id = try await Self.entry(fixture)
        let photo = try LargePhoto.make(in: fixture.web.directory, width: 700, height: 700)  // about 1.8 MB
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: photo.path)[.size] as? Int)
        #expect(bytes > WebLimits().maxJSONBodyBytes)
        let raw = try await fixture.call("/diary/entries/\(id)/images", ["-H", "Idempotency-Key: \(UUID().uuidString)",
                                                                        "-H", "Content-Type: image/jpeg", "--data-binary", "@\(photo.path)"])
        #expect(raw.status == 201, "\(raw.text)")
        let multipart = try await fixture.call("/diary/entries/\(id)/images", ["-H", "Idempotency-Key: \(UUID().uuidString)",
                                                                              "-F", "image=@\(photo.path);type=image/jpeg"])
        #expect(multipart.status == 201, "\(multipart.text)")
    }

    // MARK: - If-Match over several header lines

    @Test func ifMatchStarInOneLineDoesNotHideAStaleTagInAnother() async throws {
        let fixture = try APIFixture()
        let id = try await Self.entry(fixture)
        func patch(_ ifMatch: [String], _ body: String) async throws -> CurlResponse {
            try await fixture.call("/diary/entries/\(id)", ["-X", "PATCH", "-H", "Content-Type: application/json", "--data-binary", body]
                                   + ifMatch.flatMap { ["-H", "If-Match: \($0)"] })
        }
        #expect(try await patch([#""v1""#], #"{"intensity":5}"#).status == 200)  // now v2
        let stale = try await patch(["*", #""v1""#], #"{"intensity":1}"#)
        #expect(stale.status == 412, "\(stale.text)")
        #expect(try await patch([#""v2", *"#], #"{"intensity":1}"#).status == 200, "every listed tag matches")  // now v3
        #expect(try await patch([#""v3""#, #""v2""#], #"{"intensity":2}"#).status == 412, "one listed tag does not match")
        #expect(try await patch(["*"], #"{"intensity":2}"#).status == 200, "* alone: the entry exists")
        let entry = try APIFixture.object(try await fixture.call("/diary/entries/\(id)"))
        #expect(entry["intensity"] as? Int == 2)
        #expect(entry["version"] as? Int == 4)
    }

    // MARK: - Private data is never kept by a cache

    @Test func privateAnswersAreNoStoreAndPhotosAreRevalidated() async throws {
        let fixture = try APIFixture()
        let created = try await fixture.call("/diary/entries", ["-H", "Idempotency-Key: \(UUID().uuidString)",
                                                               "-F", #"entry={"emotion":"joy","text":"t"}"#, "-F", "image=@\(Photos.wide.path);type=image/jpeg"])
        let entry = try APIFixture.object(created)
        let id = try #require(entry["id"] as? String)
        let image = try #require((entry["images"] as? [[String: Any]])?.first)
        let original = try #require(image["original"] as? String)
        for path in ["/diary/entries", "/diary/entries/\(id)", "/store/status", "/ledger/export.csv", "/changes?after=0"] {
            let response = try await fixture.call(path)
            #expect(response.status == 200, "\(path)")
            #expect(response.header("Cache-Control") == "no-store", "\(path)")
        }
        let csv = try await fixture.web.get("/ledger/export.csv")
        #expect(csv.status == 200 && csv.header("Cache-Control") == "no-store", "the page's CSV export")
        let attachment = try #require(image["id"] as? Int)
        for (what, bytes) in [("API", try await curl(["-H", "Authorization: Bearer \(fixture.token)", fixture.web.url(original)])),
                              ("page", try await fixture.web.get("/images/\(id)/\(attachment)/original"))] {
            #expect(bytes.status == 200, "\(what)")
            #expect(bytes.header("Cache-Control") == "private, no-cache", "\(what): no shared cache, and the browser asks again each time")
            let etag = try #require(bytes.header("ETag"), "\(what)")
            let again = what == "API" ? try await curl(["-H", "Authorization: Bearer \(fixture.token)", "-H", "If-None-Match: \(etag)", fixture.web.url(original)])
                : try await fixture.web.get("/images/\(id)/\(attachment)/original", headers: ["If-None-Match: \(etag)"])
            #expect(again.status == 304, "\(what): the ETag still saves the bytes")
        }
    }

    // MARK: - No server paths in what a client sees

    @Test func theStoreStatusAndErrorsNameNoPathOfTheServersDisk() async throws {
        let fixture = try APIFixture()
        let root = fixture.web.directory.url.path
        let status = try await fixture.call("/store/status")
        #expect(status.status == 200)
        #expect(!status.text.contains(root), "\(status.text)")
        #expect(!status.text.contains(fixture.web.store.location.dataDirectory.path))
        let page = try await fixture.web.get("/store")
        #expect(page.status == 200 && !page.text.contains(root), "the store page")

        // A photo that is not one: the error speaks of the photo, not of the staging file.
        let junk = fixture.web.directory.appending("junk.jpg")
        try Data(repeating: 0x41, count: 4_000).write(to: junk)
        let id = try await Self.entry(fixture)
        for arguments in [["-H", "Content-Type: image/jpeg", "--data-binary", "@\(junk.path)"], ["-F", "image=@\(junk.path);type=image/jpeg"]] {
            let refused = try await fixture.call("/diary/entries/\(id)/images", ["-H", "Idempotency-Key: \(UUID().uuidString)"] + arguments)
            #expect((400..<500).contains(refused.status), "\(refused.text)")
            let detail = try #require(try APIFixture.object(refused)["detail"] as? String)
            #expect(!detail.contains("http-upload-") && !detail.contains(root) && !detail.contains(fixture.web.server.uploadDirectory.path), "\(detail)")
        }
    }

    @Test func aMessageKeepsItsSenseWithoutTheServersPaths() {
        let message = "Cannot write /srv/keepsake/web-uploads/1234/http-upload-5B8C7A2E-9D4F-4B7A-8E2F-1C3D5E7F9A0B: Permission denied; see /api/v1/openapi.json."
        let shown = ServerPaths.removed(from: message)
        #expect(!shown.contains("/srv") && !shown.contains("http-upload-"), "\(shown)")
        #expect(shown.contains("Permission denied"))
        #expect(ServerPaths.removed(from: "The title is 1/2 of the limit: and/or.") == "The title is 1/2 of the limit: and/or.")
        #expect(ServerPaths.removed(from: "attachments/diary/x/image_1-ab.jpg is missing.") == "attachments/diary/x/image_1-ab.jpg is missing.")
    }

    // MARK: - API paths always answer problems

    @Test func aMalformedAPIAddressIsAProblem() async throws {
        let fixture = try APIFixture()
        for path in ["/diary/entries/%zz", "/diary/%C3", "/diary/search?q=%zz"] {
            let response = try await fixture.call(path)
            #expect(response.status == 400, "\(path)")
            #expect(response.header("Content-Type") == "application/problem+json", "\(path): \(response.text)")
        }
        let page = try await fixture.web.get("/diary%zz")
        #expect(page.status == 400 && page.header("Content-Type") == "text/plain; charset=utf-8", "pages keep the plain sentence")
    }

    /// The HTTP layer's refusal of a malformed `Content-Length` on an API path: one answer, a
    /// problem document, then the connection closes. libmicrohttpd refuses such a head itself, before
    /// any callback, and sent its own page's head twice (a bare 400 head, then its HTML page); the
    /// HTTP layer now answers in its place (`HeadRefusal`), in the words of
    /// ``WebApp/refusal(for:status:message:)`` (issue 25, item 5).
    @Test func aMalformedContentLengthOnAnAPIPathIsOneProblem() async throws {
        let fixture = try APIFixture()
        for length in ["+5", "-1", "0x10", "5, 5", "1e2", "99999999999999999999"] {
            let answer = try await exchangeOnOwnThread(port: fixture.web.server.port, "POST /api/v1/diary/entries HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.web.server.port)\r\n"
                                                    + "Authorization: Bearer \(fixture.token)\r\nContent-Type: application/json\r\n"
                                                    + "Content-Length: \(length)\r\n\r\n{}\r\n")
            // 20 digits are a number, only too large: 413 is as right as 400 there.
            #expect(statusCodes(in: answer.text) == [400] || (length.count == 20 && statusCodes(in: answer.text) == [413]), "Content-Length: \(length): \(answer.text)")
            #expect(answer.text.lowercased().contains("content-type: application/problem+json"), "Content-Length: \(length): \(answer.text)")
            #expect(answer.closed, "Content-Length: \(length)")
        }
    }
}
