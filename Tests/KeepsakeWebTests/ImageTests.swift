import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// Originals and thumbnails from the store: types, validators, caching, 304.
@Suite struct ImageTests {
    @Test func originalsAndThumbnailsCarryValidatorsAndAnswer304() async throws {
        let fixture = try WebFixture()
        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide), .file(Photos.toucan)]))
        let jpeg = entry.images[0], png = entry.images[1]
        let original = try await fixture.get("/images/\(entry.id.string)/\(jpeg.id)/original")
        #expect(original.status == 200)
        #expect(original.header("Content-Type") == jpeg.mediaType)
        #expect(original.header("ETag") == "\"\(jpeg.sha256)\"")
        #expect(original.header("Last-Modified") != nil)
        #expect(original.header("Cache-Control") == "private, no-cache")
        #expect(original.header("X-Content-Type-Options") == "nosniff")
        #expect(original.body == (try fixture.store.originalData(of: jpeg)))

        let again = try await fixture.get("/images/\(entry.id.string)/\(jpeg.id)/original", headers: ["If-None-Match: \"\(jpeg.sha256)\""])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let changed = try await fixture.get("/images/\(entry.id.string)/\(jpeg.id)/original", headers: ["If-None-Match: \"something-else\""])
        #expect(changed.status == 200)

        for size in [256, 1024] {
            let thumbnail = try await fixture.get("/images/\(entry.id.string)/\(png.id)/\(size)")
            #expect(thumbnail.status == 200)
            #expect(thumbnail.header("Content-Type") == png.thumbnailFormat.mediaType)
            let etag = try #require(thumbnail.header("ETag"))
            #expect(etag == "\"\(png.sha256)-\(size)\"")
            let cached = try await fixture.get("/images/\(entry.id.string)/\(png.id)/\(size)", headers: ["If-None-Match: \(etag)"])
            #expect(cached.status == 304)
        }
        // HEAD sends the headers only.
        let head = try await fixture.curl(["-I", fixture.url("/images/\(entry.id.string)/\(jpeg.id)/original")])
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(jpeg.byteSize))
    }

    @Test func aThumbnailDeletedFromTheCacheIsMadeAgain() async throws {
        let fixture = try WebFixture()
        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide)]))
        let image = try #require(entry.images.first)
        try FileManager.default.removeItem(at: fixture.store.location.thumbnailsDirectory)
        let thumbnail = try await fixture.get("/images/\(entry.id.string)/\(image.id)/256")
        #expect(thumbnail.status == 200)
        #expect(!thumbnail.body.isEmpty)
    }

    @Test func listsShowSmallThumbnailsAndNeverOriginals() async throws {
        let fixture = try WebFixture()
        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide), .file(Photos.square)]))
        let page = try await fixture.get("/diary")
        for image in entry.images {
            #expect(page.text.contains("/images/\(entry.id.string)/\(image.id)/256"))
        }
        #expect(!page.text.contains("/original\""))
        let entryPage = try await fixture.get("/diary/\(entry.id.string)")
        #expect(entryPage.text.contains("/images/\(entry.id.string)/\(entry.images[0].id)/1024"))
        #expect(entryPage.text.contains("/images/\(entry.id.string)/\(entry.images[0].id)/original"))
    }

    @Test func vendorScriptsAreServedWithLongCacheHeaders() async throws {
        let fixture = try WebFixture()
        for name in ["app.js", "app.css"] + (fixture.app.hasCharts ? ["chart.js"] : []) + (fixture.app.hasSortable ? ["sortable.js"] : []) {
            let response = try await fixture.get("/assets/\(name)")
            #expect(response.status == 200, "\(name)")
            #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
            let etag = try #require(response.header("ETag"))
            #expect(try await fixture.get("/assets/\(name)", headers: ["If-None-Match: \(etag)"]).status == 304)
        }
        #expect(try await fixture.get("/assets/jquery.js").status == 404)
    }
}
