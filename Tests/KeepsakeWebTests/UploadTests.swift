import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// Upload limits, photo counts, corrupt images: a clear page with 413 or 400, nothing stored, no
/// staged file left behind.
@Suite struct UploadTests {
    static let small = WebLimits(maxFileBytes: 100_000, maxRequestBytes: 300_000, maxPhotos: 10)

    @Test func aPhotoOverTheSizeLimitIsRefusedWith413() async throws {
        let fixture = try WebFixture(limits: Self.small)
        let big = try randomFile(in: fixture.directory, name: "big.jpg", count: 150_000)
        let response = try await fixture.post("/diary/new", fields: ["title=Big", "emotion=joy", "text=x", "photos=@\(big.path);type=image/jpeg"])
        #expect(response.status == 413)
        #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(response.text.contains("big.jpg"))
        #expect(response.text.contains("100.0 KB"))
        #expect(response.text.contains("name=\"title\" value=\"Big\""), "the form comes back filled in")
        #expect(try fixture.store.status().totalRecords == 0)
        #expect(fixture.stagedUploads.isEmpty)

        // Far over the limit the HTTP layer stops reading and answers by itself, also 413.
        let huge = try randomFile(in: fixture.directory, name: "huge.jpg", count: 250_000)
        let refused = try await fixture.post("/feed/new", fields: ["title=Huge", "photos=@\(huge.path);type=image/jpeg"])
        #expect(refused.status == 413)
        #expect(try fixture.store.status().totalRecords == 0)
        #expect(fixture.stagedUploads.isEmpty)
    }

    @Test func filesTogetherOverTheRequestLimitAreRefusedWith413() async throws {
        let fixture = try WebFixture(limits: Self.small)
        let files = try (0..<4).map { try randomFile(in: fixture.directory, name: "part\($0).jpg", count: 90_000) }
        let response = try await fixture.post("/feed/new", fields: ["title=Many"] + files.map { "photos=@\($0.path);type=image/jpeg" })
        #expect(response.status == 413)
        #expect(response.text.contains("at most"))
        #expect(try fixture.store.status().totalRecords == 0)
    }

    @Test func moreThanTenPhotosAreRefusedWith413() async throws {
        let fixture = try WebFixture()
        let photos = Array(repeating: "photos=@\(Photos.tiny.path);type=image/png", count: 11)
        let response = try await fixture.post("/diary/new", fields: ["title=Eleven", "emotion=calm", "text=x"] + photos)
        #expect(response.status == 413, "over a limit of the store: Content Too Large")
        #expect(response.text.contains("at most 10 photos"))
        #expect(try fixture.store.status().totalRecords == 0)
        let feed = try await fixture.post("/feed/new", fields: ["title=Eleven"] + photos)
        #expect(feed.status == 413)
        #expect(feed.text.contains("at most 10 photos"))
        #expect(try fixture.store.status().totalRecords == 0)
        #expect(fixture.stagedUploads.isEmpty)
        // Ten are fine.
        let ten = try await fixture.post("/feed/new", fields: ["title=Ten"] + Array(photos.prefix(10)))
        #expect(ten.status == 303)
    }

    @Test func aCorruptImageShowsTheErrorAndLeavesNothingBehind() async throws {
        let fixture = try WebFixture()
        let response = try await fixture.post("/diary/new", fields: ["title=Broken", "emotion=sadness", "text=x",
                                                                     "photos=@\(Photos.wide.path);type=image/jpeg",
                                                                     "photos=@\(Photos.corrupt.path);type=image/jpeg"])
        #expect(response.status == 422, "a corrupt image: Unprocessable Content")
        #expect(response.text.contains("data-code=\"corruptImage\""))
        #expect(response.text.contains("role=\"alert\""))
        #expect(response.text.contains("2 photos you picked were not saved"))
        #expect(response.text.contains("truncated_jpeg.jpg"), "the message names the photo the user picked")
        #expect(!response.text.contains("http-upload-"))
        #expect(try fixture.store.status().totalRecords == 0)
        let report = try fixture.store.fsck(repair: false)
        #expect(report.isClean)
        let attachments = fixture.store.location.attachmentsDirectory
        let left = (try? FileManager.default.subpathsOfDirectory(atPath: attachments.path))?.filter { !$0.hasSuffix("/") } ?? []
        #expect(left.allSatisfy { !$0.contains(".") }, "no image file under attachments/: \(left)")
        #expect(fixture.stagedUploads.isEmpty)
    }

    @Test func aReceiptThatIsNotAnImageIsRefused() async throws {
        let fixture = try WebFixture()
        let text = fixture.directory.appending("receipt.jpg")
        try Data("not a picture".utf8).write(to: text)
        let response = try await fixture.post("/ledger/new", fields: ["date=2026-03-14", "kind=expense", "amount=12000", "currency=KRW",
                                                                      "category=Food", "receipt=@\(text.path);type=image/jpeg"])
        #expect(response.status == 422 || response.status == 415, "not an image: \(response.status)")
        #expect(try fixture.store.status().totalRecords == 0)
    }
}
