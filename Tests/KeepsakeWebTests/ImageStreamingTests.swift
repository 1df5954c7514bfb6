import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KeepsakeDiary
import KeepsakeS3
import KeepsakeS3Store
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Synchronization
import Testing
import KeepsakeSupport

/// Images served from an S3 blob store (the test radosgw, through the fault proxy so every request
/// it gets is counted): streamed while they arrive, `304` and ranges that read only what they need,
/// failures that end the response instead of hanging it, and redirects cached no longer than their
/// URL works.
@Suite struct ImageStreamingTests {
    /// Lines the web app logged.
    final class LogLines: Sendable {
        private let lines = Mutex<[String]>([])
        func record(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// A web app over SQLite + an S3 prefix of its own, its blob store reaching radosgw through a
    /// fault proxy, and the API with a token.
    final class S3Web: @unchecked Sendable {
        let place: S3StorePlace
        let proxy: FaultProxy
        let web: WebFixture
        let api: APIFixture
        let log = LogLines()

        init(delivery: S3ImageDelivery = .stream, timeouts: S3Timeouts? = nil) throws {
            place = try S3StorePlace(directory: TemporaryDirectory("web-s3"), delivery: delivery)
            proxy = try FaultProxy()
            let store = try place.open(blobs: try place.blobStore(endpoint: proxy.url, timeouts: timeouts))
            web = try WebFixture(store: store, errorLog: { [log] in log.record($0) })
            api = try APIFixture(web: web)
        }

        /// A diary entry with `photo`.
        func entry(_ photo: URL = Photos.wide) throws -> DiaryEntry {
            try Diary(store: web.store).create(sampleDraft(images: [.file(photo)]))
        }

        /// The object's bytes, read straight from radosgw (not through the proxy or the store).
        func object(_ key: RelativePath) throws -> Data {
            try place.client().getObject(key: place.prefix + key.string).data
        }

        /// What the proxy saw for `key` since the last reset.
        func requests(_ key: RelativePath) throws -> [FaultProxy.Request] { try proxy.requests(for: key.string) }

        func page(_ entry: DiaryEntry, _ image: KeepsakeStore.Attachment, _ variant: String) -> String {
            web.url("/images/\(entry.id.string)/\(image.id)/\(variant)")
        }

        func apiPath(_ entry: DiaryEntry, _ image: KeepsakeStore.Attachment, _ tail: String) -> String {
            "/diary/entries/\(entry.id.string)/images/\(image.id)/\(tail)"
        }
    }

    @Test func imagesFromTheObjectStoreAreStreamedWithTheirLengthAndAHeadFetchesNoBytes() async throws {
        let s3 = try S3Web()
        let entry = try s3.entry()
        let image = try #require(entry.images.first)
        let stored = try s3.object(image.path)
        try s3.proxy.resetStatistics()

        let original = try await s3.web.curl([s3.page(entry, image, "original")])
        #expect(original.status == 200)
        #expect(original.body == stored)
        #expect(original.header("Content-Length") == String(stored.count))
        #expect(original.header("Content-Type") == image.mediaType)
        #expect(original.header("ETag") == "\"\(image.sha256)\"")
        #expect(original.header("Cache-Control") == "private, no-cache")
        let fetched = try s3.requests(image.path)
        #expect(fetched.map(\.method) == ["HEAD", "GET"], "a look-up for the length, then one GET: \(fetched)")
        #expect(fetched.last?.range == nil)

        try s3.proxy.resetStatistics()
        let head = try await s3.web.curl(["-I", s3.page(entry, image, "original")])
        #expect(head.status == 200 && head.header("Content-Length") == String(stored.count))
        // With -I curl writes the head where the body would go: nothing may follow it.
        #expect(head.text.hasPrefix("HTTP/1.1 200") && head.text.hasSuffix("\r\n\r\n") && head.body.count < 4096)
        #expect(try s3.requests(image.path).map(\.method) == ["HEAD"], "HEAD fetched bytes")

        let viaAPI = try await s3.api.call(s3.apiPath(entry, image, "original"))
        #expect(viaAPI.status == 200 && viaAPI.body == stored)
        let thumbnail = try await s3.api.call(s3.apiPath(entry, image, "thumbnails/256"))
        #expect(thumbnail.status == 200)
        #expect(thumbnail.body == (try s3.object(image.thumbnailPath(.small))))
        #expect(await eventually(timeout: .seconds(15)) { s3.web.server.openStreams == 0 })
    }

    @Test func aCurrentCopyGetsA304WithoutAnyRequestToTheObjectStore() async throws {
        let s3 = try S3Web()
        let entry = try s3.entry()
        let image = try #require(entry.images.first)
        let first = try await s3.web.curl([s3.page(entry, image, "original")])
        let lastModified = try #require(first.header("Last-Modified"))
        try s3.proxy.resetStatistics()

        let conditions: [(String, [String])] = [
            (s3.page(entry, image, "original"), ["-H", "If-None-Match: \"\(image.sha256)\""]),
            (s3.page(entry, image, "original"), ["-H", "If-Modified-Since: \(lastModified)"]),
            (s3.page(entry, image, "256"), ["-H", "If-None-Match: \"\(image.sha256)-256\""]),
            (s3.page(entry, image, "1024"), ["-I", "-H", "If-None-Match: \"\(image.sha256)-1024\""]),
        ]
        for (url, headers) in conditions {
            let cached = try await s3.web.curl(headers + [url])
            #expect(cached.status == 304, "\(url) \(headers)")
            #expect(headers.contains("-I") || cached.body.isEmpty)
            #expect(cached.header("ETag") != nil)
            #expect(cached.header("Cache-Control") == "private, no-cache")
        }
        let viaAPI = try await s3.api.call(s3.apiPath(entry, image, "original"), ["-H", "If-None-Match: \"\(image.sha256)\"", "-H", "Range: bytes=0-9"])
        #expect(viaAPI.status == 304)
        let seen = try s3.proxy.requests(for: s3.place.prefix)
        #expect(seen.isEmpty, "a 304 asked the object store: \(seen)")
    }

    @Test func anAPIRangeIsReadWithOneRangedGETOfThatPartOnly() async throws {
        let s3 = try S3Web()
        let entry = try s3.entry()
        let image = try #require(entry.images.first)
        let stored = try s3.object(image.path)
        let size = stored.count
        for (asked, range) in [("bytes=100-1099", 100..<1100), ("bytes=-500", (size - 500)..<size), ("bytes=\(size - 10)-", (size - 10)..<size)] {
            try s3.proxy.resetStatistics()
            let partial = try await s3.api.call(s3.apiPath(entry, image, "original"), ["-H", "Range: \(asked)"])
            #expect(partial.status == 206, "\(asked)")
            #expect(partial.body == stored[range], "\(asked)")
            #expect(partial.header("Content-Length") == String(range.count))
            #expect(partial.header("Content-Range") == "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)")
            let seen = try s3.requests(image.path)
            #expect(seen.filter { $0.method == "GET" }.map(\.range) == ["bytes=\(range.lowerBound)-\(range.upperBound - 1)"], "\(asked): \(seen)")
            #expect(seen.filter { $0.method != "GET" }.map(\.method) == ["HEAD"], "\(asked): \(seen)")
        }
        try s3.proxy.resetStatistics()
        let outside = try await s3.api.call(s3.apiPath(entry, image, "original"), ["-H", "Range: bytes=\(size)-"])
        #expect(outside.status == 416)
        #expect(outside.header("Content-Range") == "bytes */\(size)")
        #expect(try s3.requests(image.path).allSatisfy { $0.method == "HEAD" }, "a range outside the object fetched bytes")
    }

    @Test func aRangeFromTheFolderStoreIsSentFromTheOpenFile() async throws {
        let api = try APIFixture()
        let entry = try Diary(store: api.web.store).create(sampleDraft(images: [.file(Photos.toucan)]))
        let image = try #require(entry.images.first)
        let stored = try api.web.store.originalData(of: image)
        let partial = try await api.call("/diary/entries/\(entry.id.string)/images/\(image.id)/original", ["-H", "Range: bytes=10-2009"])
        #expect(partial.status == 206)
        #expect(partial.body == stored[10..<2010])
        #expect(partial.header("Content-Range") == "bytes 10-2009/\(stored.count)")
        #expect(partial.header("Accept-Ranges") == "bytes")
    }

    @Test func anObjectStoreThatResetsMidBodyEndsTheResponseWithoutAHang() async throws {
        let s3 = try S3Web()
        let entry = try s3.entry(Photos.toucan)
        let image = try #require(entry.images.first)
        let stored = try s3.object(image.path)
        // Every GET of the object (the first and each resumed one) is reset after 1000 bytes.
        try s3.proxy.add(["method": "GET", "path": image.path.string, "fault": "reset", "after_bytes": 1000])
        // A hang would end in curl's timeout (exit 28); a response cut short is exit 18.
        let broken = try await s3.web.curl(["--max-time", "600", s3.page(entry, image, "original")])
        #expect(broken.status == 200 && broken.header("Content-Length") == String(stored.count))
        #expect(broken.exitCode == 18, "curl should see the body cut short (exit \(broken.exitCode))")
        #expect(broken.body.count < stored.count)
        #expect(broken.body == stored.prefix(broken.body.count), "what arrived is the object's start, each byte once")
        #expect(await eventually(timeout: .seconds(15)) { s3.log.all.contains { $0.contains("/images/") && $0.contains("cut short") } }, "\(s3.log.all)")
        #expect(await eventually(timeout: .seconds(15)) { s3.web.server.openStreams == 0 })
        let resets = try s3.requests(image.path).filter { $0.outcome.hasPrefix("reset") }
        #expect(resets.count == 4, "the read was resumed up to the retry limit: \(resets)")

        try s3.proxy.clear()
        let again = try await s3.web.curl([s3.page(entry, image, "original")])
        #expect(again.status == 200 && again.body == stored)
    }

    @Test func aClientThatLeavesMidBodyEndsTheObjectStoreRead() async throws {
        let s3 = try S3Web()
        let folder = TemporaryDirectory("large-photo")
        let entry = try s3.entry(try LargePhoto.make(in: folder, width: 2400, height: 1800))
        let image = try #require(entry.images.first)
        #expect(image.byteSize > 10_000_000)
        // The client reads 100 KB and leaves with most of the body unsent.
        let port = s3.web.server.port, path = "/images/\(entry.id.string)/\(image.id)/original"
        let left = try await RawSocket.pausingGet(port: port, path: path, pauseAfter: 100_000, seconds: 0, leave: true)
        #expect(left.count == 100_000)
        #expect(await eventually(timeout: .seconds(15)) { s3.web.server.openStreams == 0 }, "the stream (and its GET) outlived its client")
        #expect(!s3.log.all.contains { $0.contains("cut short") }, "a client leaving is not an error: \(s3.log.all)")
    }

    @Test func aClientThatPausesLongerThanTheStallLimitStillGetsEveryByteOnce() async throws {
        let s3 = try S3Web(timeouts: S3Timeouts(stall: .seconds(1)))
        let folder = TemporaryDirectory("large-photo")
        let entry = try s3.entry(try LargePhoto.make(in: folder, width: 2400, height: 1800))
        let image = try #require(entry.images.first)
        try s3.proxy.resetStatistics()
        let port = s3.web.server.port, path = "/images/\(entry.id.string)/\(image.id)/original"
        let answer = try await RawSocket.pausingGet(port: port, path: path, pauseAfter: 65_536, seconds: 4)
        let headEnd = try #require(answer.firstRange(of: Array("\r\n\r\n".utf8)))
        let head = String(decoding: answer[..<headEnd.lowerBound], as: UTF8.self)
        let body = Data(answer[headEnd.upperBound...])
        #expect(head.hasPrefix("HTTP/1.1 200") && (head + "\r\n").contains("Content-Length: \(image.byteSize)\r\n"), "\(head)")
        #expect(Int64(body.count) == image.byteSize)
        #expect(SHA256.hex(body) == image.sha256, "every byte once, in order")
        let gets = try s3.requests(image.path).filter { $0.method == "GET" }
        // The read waits for the client without timing out (libcurl's low-speed check does not
        // count a write callback that waits); were it cut, it would resume where it stopped.
        #expect((1...4).contains(gets.count), "\(gets)")
        #expect(gets.first?.range == nil && gets.dropFirst().allSatisfy { $0.range?.hasPrefix("bytes=") == true && $0.range?.hasSuffix("-") == true }, "\(gets)")
    }

    @Test func aThumbnailLostFromTheBucketIsMadeAgainAndStreamed() async throws {
        let s3 = try S3Web()
        let entry = try s3.entry()
        let image = try #require(entry.images.first)
        try s3.place.removeBehindTheStoresBack(prefix: "thumbnails/")
        let thumbnail = try await s3.web.curl([s3.page(entry, image, "256")])
        #expect(thumbnail.status == 200)
        let remade = try s3.object(image.thumbnailPath(.small))
        #expect(!thumbnail.body.isEmpty && thumbnail.body == remade)
    }

    @Test func aRedirectIsCachedForAtMostHalfTheLifeOfItsURLAndACurrentCopyStillGetsA304() async throws {
        // An hour, so the URL still works when a loaded test machine gets round to following it.
        let s3 = try S3Web(delivery: .redirect(expires: .seconds(3600)))
        let entry = try s3.entry()
        let image = try #require(entry.images.first)
        let stored = try s3.object(image.path)
        for url in [s3.page(entry, image, "original"), s3.web.url("/api/v1" + s3.apiPath(entry, image, "original"))] {
            let redirect = try await s3.web.curl(["-H", "Authorization: Bearer \(s3.api.token)", url])
            #expect(redirect.status == 307, "\(url)")
            let cacheControl = try #require(redirect.header("Cache-Control"))
            let maxAge = try #require(Int(cacheControl.replacingOccurrences(of: "private, max-age=", with: "")), "\(cacheControl)")
            #expect((1700...1800).contains(maxAge), "\(cacheControl)")
            #expect(!cacheControl.contains("immutable"))
            #expect(redirect.header("ETag") == nil && redirect.header("Last-Modified") == nil, "a redirect must not be revalidated into a stale URL")
            let location = try #require(redirect.header("Location"))
            let followed = try await curl([location])
            #expect(followed.status == 200 && followed.body == stored, "\(followed.status): \(followed.text.prefix(300))")
        }
        let cached = try await s3.web.curl(["-H", "If-None-Match: \"\(image.sha256)\"", s3.page(entry, image, "original")])
        #expect(cached.status == 304 && cached.header("Cache-Control") == "private, no-cache")

        let brief = try S3Web(delivery: .redirect(expires: .seconds(1)))
        let other = try brief.entry()
        let shortLived = try await brief.web.curl([brief.page(other, other.images[0], "original")])
        #expect(shortLived.status == 307 && shortLived.header("Cache-Control") == "no-store")
    }
}

