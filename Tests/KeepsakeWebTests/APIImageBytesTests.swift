import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// The API's photo bytes over a local store (answered from the open file, the pages' fast path):
/// the whole file, one range, `416` outside it, `304` for its ETag, and the new bytes once the
/// photo was replaced.
@Suite struct APIImageBytesTests {
    @Test func theBytesOfALocalStoresPhotoAreAnsweredWholeInPartAndAfterAReplace() async throws {
        let api = try APIFixture()
        let entry = try Diary(store: api.web.store).create(sampleDraft(images: [.file(Photos.tiny)]))
        let image = try #require(entry.images.first)
        let path = "/diary/entries/\(entry.id)/images/\(image.id)/original"

        let whole = try await api.call(path)
        #expect(whole.status == 200)
        #expect(SHA256.hex(whole.body) == image.sha256, "the stored photo's bytes")
        let original = whole.body
        #expect(whole.header("ETag") == "\"\(image.sha256)\"")
        let part = try await api.call(path, ["-H", "Range: bytes=0-9"])
        #expect(part.status == 206)
        #expect(part.body == original.prefix(10))
        #expect(part.header("Content-Range") == "bytes 0-9/\(original.count)")
        let outside = try await api.call(path, ["-H", "Range: bytes=\(original.count)-"])
        #expect(outside.status == 416)
        #expect(outside.header("Content-Range") == "bytes */\(original.count)")
        let unchanged = try await api.call(path, ["-H", "If-None-Match: \"\(image.sha256)\""])
        #expect(unchanged.status == 304)
        #expect(unchanged.body.isEmpty)

        // Another photo in its place: the old attachment is gone, the new one's bytes are answered.
        let other = Corpus.url("jpeg/testorig.jpg")
        let replaced = try await api.call("/diary/entries/\(entry.id)/images/\(image.id)",
                                          ["-X", "PUT", "-H", "Idempotency-Key: replace", "-F", "image=@\(other.path);type=image/jpeg"])
        #expect(replaced.status == 200, "\(replaced.text)")
        let now = try #require(try Diary(store: api.web.store).read(entry.id).images.first)
        #expect(try await api.call(path).status == 404)
        let fresh = try await api.call("/diary/entries/\(entry.id)/images/\(now.id)/original")
        #expect(fresh.status == 200)
        #expect(SHA256.hex(fresh.body) == now.sha256 && now.sha256 != image.sha256)
    }
}
