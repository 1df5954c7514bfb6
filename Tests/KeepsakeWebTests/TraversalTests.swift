import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// URLs can never name a file: images are found by record and attachment id, assets by a fixed name.
@Suite struct TraversalTests {
    @Test func pathTricksNeverReachTheFileSystem() async throws {
        let fixture = try WebFixture()
        let entry = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide)]))
        let image = try #require(entry.images.first)
        let id = entry.id.string
        let attempts = [
            "/images/../../etc/passwd",
            "/images/%2e%2e/%2e%2e/etc/passwd",
            "/images/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
            "/images/\(id)/..%2F..%2F..%2Fetc%2Fpasswd/original",
            "/images/\(id)/\(image.id)/..%2F..%2Fkeepsake.sqlite",
            "/images/\(id)/\(image.id)/../../keepsake.sqlite",
            "/images/\(id)/\(image.id)/original/../../../../etc/passwd",
            "/images/not-a-uuid/\(image.id)/original",
            "/images/\(id.uppercased())x/\(image.id)/original",
            "/images/\(id)/-1/original",
            "/images/\(id)/+\(image.id)/original",
            "/images/\(id)/\(image.id)0000000000000000000/original",
            "/images/\(id)/\(image.id)/512",
            "/images/\(id)/\(image.id)/%32%35%36x",
            "/images/\(UUID().uuidString.lowercased())/\(image.id)/original",
            "/images/\(id)/999999/original",
            "/assets/../../../../etc/passwd",
            "/assets/..%2F..%2F..%2Fetc%2Fpasswd",
            "/assets/%2e%2e/keepsake.sqlite",
            "/assets/app.js/..",
            "/diary/not-a-uuid",
            "/diary/..%2F..%2Fetc%2Fpasswd/edit",
            "/feed/%00",
        ]
        for path in attempts {
            let response = try await fixture.curl(["--path-as-is", fixture.url(path)])
            #expect([400, 404].contains(response.status), "\(path) → \(response.status)")
            #expect(!response.text.contains("root:"), "\(path)")
            #expect(!response.text.contains("SQLite format"), "\(path)")
        }
        // The real URL works, and the lookup is by id: the same attachment id under another record is 404.
        #expect(try await fixture.get("/images/\(id)/\(image.id)/original").status == 200)
        let other = try Diary(store: fixture.store).create(sampleDraft(title: "Other"))
        #expect(try await fixture.get("/images/\(other.id.string)/\(image.id)/original").status == 404)
    }

    @Test func aNulByteInThePathIsABadRequest() async throws {
        let fixture = try WebFixture()
        let response = try await fixture.curl(["--path-as-is", fixture.url("/images/%00/1/original")])
        #expect(response.status == 400)
    }
}
