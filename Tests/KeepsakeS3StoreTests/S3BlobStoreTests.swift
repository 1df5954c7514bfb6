import Foundation
import Testing
import KeepsakeS3
import KeepsakeS3Store
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// The S3 blob store's own rules, on the real radosgw, each test under a fresh prefix of the test bucket.
@Suite("S3BlobStore")
struct S3BlobStoreTests {
    @Test("putNew stores originals under the prefix and refuses a key that exists, leaving that object as it was")
    func putNewNeverOverwrites() throws {
        let place = try S3StoreTest.place()
        let store = try place.blobStore()
        let first = S3StoreTest.object("attachments/diary/r1/image_0-aa.jpg", S3StoreTest.bytes(2000))
        try store.putNew([first], intent: "i1", instance: "me")
        #expect(try S3StoreTest.bucketKeys(place) == ["attachments/diary/r1/image_0-aa.jpg"])
        let info = try #require(try place.client().headObject(key: place.prefix + first.key.string))
        #expect(info.contentType == "image/jpeg")
        #expect(info.sha256 == first.sha256)

        let other = S3StoreTest.object(first.key.string, S3StoreTest.bytes(2000, seed: 9))
        let error = try #require(throws: KeepsakeError.self) { try store.putNew([other], intent: "i2", instance: "me") }
        #expect(error.code == .conflict)
        #expect(error.path == first.key.string)
        #expect(error.message.contains("never writes over"))
        #expect(try store.read(first.key) == first.bytes)
    }

    @Test("putNew refuses bytes that do not match their SHA-256 and stores nothing under the key")
    func putNewChecksBytes() throws {
        let place = try S3StoreTest.place()
        let store = try place.blobStore()
        var object = S3StoreTest.object("attachments/diary/r1/image_0-aa.jpg", S3StoreTest.bytes(500))
        object.sha256 = SHA256.hex(S3StoreTest.bytes(500, seed: 1))
        let error = try #require(throws: KeepsakeError.self) { try store.putNew([object], intent: "i", instance: "me") }
        #expect(error.code == .corruptImage)
        #expect(try store.stat(object.key) == nil)
        #expect(try S3StoreTest.bucketKeys(place).isEmpty)
    }

    @Test("putReplacing writes a thumbnail over the one under its key")
    func putReplacingOverwrites() throws {
        let store = try S3StoreTest.place().blobStore()
        let key = "thumbnails/diary/r1/image_0-aa-256.webp"
        try store.putReplacing(S3StoreTest.object(key, Data("old".utf8)), instance: "me")
        try store.putReplacing(S3StoreTest.object(key, Data("new".utf8)), instance: "me")
        #expect(try store.read(S3StoreTest.key(key)) == Data("new".utf8))
    }

    @Test("reads: whole, streamed byte ranges clamped like a file's, empty ranges; a missing object is notFound naming it")
    func reads() throws {
        let store = try S3StoreTest.place().blobStore()
        let bytes = S3StoreTest.bytes(100_000)
        let object = S3StoreTest.object("attachments/diary/r1/image_0-aa.png", bytes)
        try store.putNew([object], intent: "i", instance: "me")
        func streamed(_ range: Range<Int64>?) throws -> Data {
            var data = Data()
            try store.read(object.key, range: range) { data.append(contentsOf: $0) }
            return data
        }
        #expect(try store.read(object.key) == bytes)
        #expect(try streamed(nil) == bytes)
        #expect(try streamed(10..<20) == bytes[10..<20])
        #expect(try streamed(99_990..<200_000) == bytes[99_990...])
        #expect(try streamed(5..<5).isEmpty)
        #expect(try streamed(100_000..<100_010).isEmpty)
        #expect(try store.stat(object.key) == BlobInfo(size: 100_000))

        let missing = S3StoreTest.key("attachments/diary/r1/image_1-bb.png")
        #expect(try store.stat(missing) == nil)
        for read in [{ _ = try store.read(missing) }, { try store.read(missing, range: nil) { _ in } }, { try store.read(missing, range: 3..<3) { _ in } },
                     { _ = try store.body(of: missing) }] {
            let error = try #require(throws: KeepsakeError.self) { try read() }
            #expect(error.code == .notFound)
            #expect(error.path == missing.string)
            #expect(error.remedy == .checkStore)
        }
    }

    @Test("a reader's own error ends a streamed read and comes back as it was thrown")
    func readerErrorsPassThrough() throws {
        struct Stop: Error {}
        let store = try S3StoreTest.place().blobStore()
        let object = S3StoreTest.object("attachments/diary/r1/image_0-aa.png", S3StoreTest.bytes(300_000))
        try store.putNew([object], intent: "i", instance: "me")
        #expect(throws: Stop.self) { try store.read(object.key, range: nil) { _ in throw Stop() } }
    }

    @Test("listing pages through keys in byte order, below this store's prefix only, with odd keys as unexpected")
    func listing() throws {
        let place = try S3StoreTest.place()
        let neighbour = try S3StoreTest.place()  // another store sharing the bucket
        let store = try place.blobStore()
        let keys = ["attachments/diary/r1/image_10-aa.jpg", "attachments/diary/r1/image_9-aa.jpg", "attachments/diary/r1/image_1-aa.jpg",
                    "attachments/diary/R2/image_0-aa.jpg", "attachments/diary/r-3/image_0-aa.jpg", "attachments/diary/r_4/image_0-aa.jpg",
                    "attachments/diary/r.5/image_0-aa.jpg", "attachments/feed/r1/image_0-aa.jpg"]
        for key in keys { try store.putNew([S3StoreTest.object(key, Data(key.utf8))], intent: "i", instance: "me") }
        try neighbour.plant(S3StoreTest.key("attachments/diary/r1/image_5-aa.jpg"), bytes: Data("theirs".utf8))
        try store.putReplacing(S3StoreTest.object("thumbnails/diary/r1/image_1-aa-256.jpg", Data("t".utf8)), instance: "me")
        // What the store never makes: a folder marker, an empty part, a name outside the checked characters.
        let client = try place.client()
        for odd in ["attachments/diary/r1/", "attachments/diary//image_0-aa.jpg", "attachments/diary/r1/사진.jpg"] {
            try client.putObject(key: place.prefix + odd, data: Data(), overwrite: true)
        }

        var seen: [BlobEntry] = []
        var after: String?
        var pages = 0
        repeat {
            let page = try store.list(prefix: "attachments/", after: after, limit: 3)
            #expect(page.entries.count <= 3)
            seen += page.entries
            after = page.nextAfter
            pages += 1
        } while after != nil
        let expected = (keys + ["attachments/diary/r1/", "attachments/diary//image_0-aa.jpg", "attachments/diary/r1/사진.jpg"])
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(seen.map(\.key) == expected)
        #expect(pages == 4)
        for entry in seen {
            if keys.contains(entry.key) {
                #expect(entry.kind == .object(size: Int64(entry.key.utf8.count)))
            } else {
                #expect(entry.kind == .unexpected, "\(entry.key)")
            }
        }
        #expect(try store.list(prefix: "thumbnails/", after: nil, limit: 1000).entries.map(\.key) == ["thumbnails/diary/r1/image_1-aa-256.jpg"])
        #expect(try store.list(prefix: "attachments/diary/r1/image_1", after: nil, limit: 1000).entries.map(\.key)
                == ["attachments/diary/r1/image_10-aa.jpg", "attachments/diary/r1/image_1-aa.jpg"].sorted())
    }

    @Test("moving aside copies to lost+found/<stamp>/… under the prefix and deletes; an interrupted move finishes; another object in the way is a conflict")
    func lostAndFound() throws {
        let place = try S3StoreTest.place()
        let store = try place.blobStore()
        let key = "attachments/diary/r1/image_9-000000000000.jpg"
        let bytes = S3StoreTest.bytes(40_000)
        try place.plant(S3StoreTest.key(key), bytes: bytes)
        #expect(try store.moveToLostAndFound(key, stamp: "20261201T101010Z") == "lost+found/20261201T101010Z/\(key)")
        #expect(try S3StoreTest.bucketKeys(place) == ["lost+found/20261201T101010Z/\(key)"])
        #expect(try place.client().getObject(key: place.prefix + "lost+found/20261201T101010Z/\(key)").data == bytes)

        // The copy was made but the original not deleted (the answer was lost): the next move finishes.
        try place.plant(S3StoreTest.key(key), bytes: bytes)
        #expect(try store.moveToLostAndFound(key, stamp: "20261201T101010Z") == "lost+found/20261201T101010Z/\(key)")
        #expect(try S3StoreTest.bucketKeys(place) == ["lost+found/20261201T101010Z/\(key)"])

        // Different bytes under the same name in lost+found are never replaced.
        try place.plant(S3StoreTest.key(key), bytes: S3StoreTest.bytes(10, seed: 3))
        let error = try #require(throws: KeepsakeError.self) { try store.moveToLostAndFound(key, stamp: "20261201T101010Z") }
        #expect(error.code == .conflict)
        #expect(try store.read(S3StoreTest.key(key)) == S3StoreTest.bytes(10, seed: 3))
        #expect(try place.client().getObject(key: place.prefix + "lost+found/20261201T101010Z/\(key)").data == bytes)

        let gone = try #require(throws: KeepsakeError.self) { try store.moveToLostAndFound("attachments/diary/r1/image_8-00.jpg", stamp: "s") }
        #expect(gone.code == .notFound)
    }

    @Test("odd keys are moved or removed as listed, except ones with empty, '.' or '..' parts, which a proxy could resolve elsewhere")
    func oddKeys() throws {
        let place = try S3StoreTest.place()
        let store = try place.blobStore()
        let client = try place.client()
        for odd in ["thumbnails/diary/r1/", "thumbnails/diary/r1/x.y.z", "attachments/diary/r1/사진.jpg", "thumbnails/a/../b", "thumbnails/a//b"] {
            try client.putObject(key: place.prefix + odd, data: Data("x".utf8), overwrite: true)
        }
        try store.removeStray("thumbnails/diary/r1/")
        try store.removeStray("thumbnails/diary/r1/x.y.z")
        try store.removeStray("thumbnails/diary/r1/x.y.z")  // absent is fine
        #expect(try store.moveToLostAndFound("attachments/diary/r1/사진.jpg", stamp: "s1") == "lost+found/s1/attachments/diary/r1/사진.jpg")
        for unsafe in ["thumbnails/a/../b", "thumbnails/a//b"] {
            let error = try #require(throws: KeepsakeError.self) { try store.removeStray(unsafe) }
            #expect(error.code == .unsafePath)
        }
        #expect(try S3StoreTest.bucketKeys(place) == ["lost+found/s1/attachments/diary/r1/사진.jpg", "thumbnails/a//b", "thumbnails/a/../b"].sorted())
    }

    @Test("images are streamed by default (their size first, their bytes or a range of them read later), or answered with a presigned URL that fetches them; a missing one is notFound either way")
    func bodies() throws {
        let bytes = S3StoreTest.bytes(5000)
        let object = S3StoreTest.object("thumbnails/diary/r1/image_0-aa-256.webp", bytes)
        let streaming = try S3StoreTest.place().blobStore()
        try streaming.putReplacing(object, instance: "me")
        guard case .stream(let stream) = try streaming.body(of: object.key) else { Issue.record("not a stream"); return }
        #expect(stream.size == 5000)
        var whole = Data(), part = Data()
        try stream.read { whole.append(contentsOf: $0) }
        try stream.read(range: 100..<1100) { part.append(contentsOf: $0) }
        #expect(whole == bytes)
        #expect(part == bytes[100..<1100])
        let missing = try #require(throws: KeepsakeError.self) { try streaming.body(of: S3StoreTest.key("thumbnails/diary/r1/image_0-aa-1024.webp")) }
        #expect(missing.code == .notFound)

        let place = try S3StoreTest.place(delivery: .redirect(expires: .seconds(60)))
        let redirecting = try place.blobStore()
        try redirecting.putReplacing(object, instance: "me")
        let asked = Date()
        guard case .redirect(let url, let expires) = try redirecting.body(of: object.key) else { Issue.record("not a redirect"); return }
        #expect(url.absoluteString.contains("X-Amz-Expires=60"))
        #expect(abs(expires.timeIntervalSince(asked) - 60) < 5, "the body says when its URL expires")
        #expect(!url.absoluteString.contains(place.server.secretAccessKey))
        let download = place.directory.appending("download")
        let curl = try runProcess(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "-f", "-o", download.path, "-w", "%{content_type}", url.absoluteString])
        #expect(curl.status == 0, "\(curl.stderr)")
        #expect(curl.stdout == "image/webp")
        #expect(try Data(contentsOf: download) == bytes)
        let error = try #require(throws: KeepsakeError.self) { try redirecting.body(of: S3StoreTest.key("thumbnails/diary/r1/image_0-aa-1024.webp")) }
        #expect(error.code == .notFound)
    }

    @Test("status names the endpoint, region, bucket, prefix, addressing and delivery, never a credential")
    func status() throws {
        let place = try S3StoreTest.place()
        let status = try place.blobStore().status()
        #expect(status.kind == "s3")
        #expect(status.location == "s3://\(place.server.bucket)/\(place.prefix)")
        let figures = Dictionary(uniqueKeysWithValues: status.figures.map { ($0.label, $0.value) })
        #expect(figures["endpoint"] == place.server.endpoint)
        #expect(figures["bucket"] == place.server.bucket)
        #expect(figures["prefix"] == place.prefix)
        #expect(figures["addressing"] == "path-style")
        #expect(figures["images"] == "streamed through Keepsake")
        let text = "\(status)"
        #expect(!text.contains(place.server.secretAccessKey))
        #expect(!text.contains(place.server.accessKeyID))
    }

    @Test("there is no staging and no reserve: nothing to discard, nothing to give back")
    func noStagingNoReserve() throws {
        let place = try S3StoreTest.place()
        let store = try place.blobStore()
        try store.putNew([S3StoreTest.object("attachments/diary/r1/image_0-aa.jpg", Data("a".utf8))], intent: "i", instance: "me")
        try store.discardStaging(of: "me")
        store.releaseStaging(of: "me")
        store.ensureReserve(instance: "me")
        #expect(store.releaseReserve() == false)
        try store.pruneFolder(S3StoreTest.key("attachments/diary/r1"))
        #expect(try S3StoreTest.bucketKeys(place) == ["attachments/diary/r1/image_0-aa.jpg"])
    }

    @Test("a prefix is made of checked parts between single slashes")
    func prefixes() throws {
        #expect(try S3BlobStore.normalized(prefix: "") == "")
        #expect(try S3BlobStore.normalized(prefix: "/") == "")
        #expect(try S3BlobStore.normalized(prefix: "family") == "family/")
        #expect(try S3BlobStore.normalized(prefix: "/family/photos/") == "family/photos/")
        for bad in ["a//b", "a/../b", "..", "a/./b", "사진", "a b", String(repeating: "a/", count: 300)] {
            #expect(throws: KeepsakeError.self, "\(bad)") { try S3BlobStore.normalized(prefix: bad) }
        }
    }

    @Test("virtual-host addressing (bucket.localhost) works end to end")
    func virtualHost() throws {
        let server = try TestServers.s3()
        var configuration = try S3Configuration(endpoint: server.virtualHostEndpoint, region: server.region, bucket: server.bucket, addressing: .virtualHost,
                                                credentials: S3Credentials(accessKeyID: server.accessKeyID, secretAccessKey: server.secretAccessKey))
        configuration.retry = S3RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10), maxDelay: .milliseconds(50))
        let store = try S3BlobStore(client: S3Client(configuration: configuration), prefix: "conformance/\(UUID().uuidString.lowercased())")
        let object = S3StoreTest.object("attachments/diary/r1/image_0-aa.jpg", S3StoreTest.bytes(3000))
        try store.putNew([object], intent: "i", instance: "me")
        #expect(try store.read(object.key) == object.bytes)
        #expect(try store.list(prefix: "attachments/", after: nil, limit: 10).entries.map(\.key) == [object.key.string])
        #expect(try store.status().figures.contains(.init("addressing", "virtual-host")))
    }
}
