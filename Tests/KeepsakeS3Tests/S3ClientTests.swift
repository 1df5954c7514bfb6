import Foundation
import Testing
import KeepsakeS3
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

@Suite("S3 client against radosgw")
struct S3ClientTests {
    @Test("an object put with its hash reads back byte for byte, with its size, type and recorded SHA-256")
    func roundTrip() throws {
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        let key = prefix + "사진/행복한 날 (1)+x.jpg"
        let data = S3Test.bytes(300_001)
        let put = try client.putObject(key: key, data: data, contentType: "image/jpeg", metadata: ["record": "abc"])
        #expect(put.sha256 == SHA256.hex(data))
        #expect(put.size == 300_001)
        #expect(!put.storedByEarlierAttempt)
        let read = try client.getObject(key: key)
        #expect(read.data == data)
        #expect(read.info.size == 300_001)
        #expect(read.info.etag == put.etag)
        let info = try #require(try client.headObject(key: key))
        #expect(info.contentType == "image/jpeg")
        #expect(info.sha256 == SHA256.hex(data))
        #expect(info.metadata["record"] == "abc")
        #expect(info.lastModified.map { abs($0.timeIntervalSinceNow) < 600 } == true)
    }

    @Test("a second PUT of a key is refused as alreadyExists and the first object stays as it was")
    func noOverwrite() throws {
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        try client.putObject(key: prefix + "a", data: Data("first".utf8))
        let error = try #require(throws: S3Error.self) { try client.putObject(key: prefix + "a", data: Data("second".utf8)) }
        #expect(error.kind == .alreadyExists)
        #expect(error.httpStatus == 412)
        #expect(error.attempts == 1)
        #expect(error.description.contains("s3://\(client.bucket)/\(prefix)a"))
        #expect(try client.getObject(key: prefix + "a").data == Data("first".utf8))
        try client.putObject(key: prefix + "a", data: Data("third".utf8), overwrite: true)
        #expect(try client.getObject(key: prefix + "a").data == Data("third".utf8))
    }

    @Test("bytes that do not match their x-amz-content-sha256 are refused as contentMismatch and nothing is stored")
    func wrongHash() throws {
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        let error = try #require(throws: S3Error.self) {
            try client.putObject(key: prefix + "bad", data: Data("the real bytes".utf8), sha256: SHA256.hex(Data("other bytes".utf8)))
        }
        #expect(error.kind == .contentMismatch)
        #expect(error.code == "XAmzContentSHA256Mismatch")
        #expect(error.httpStatus == 400)
        #expect(try client.headObject(key: prefix + "bad") == nil)
    }

    @Test("a file is uploaded while it is read, and its hash is checked by the server")
    func fileUpload() throws {
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        let folder = TemporaryDirectory("s3-upload")
        let file = folder.appending("photo.bin")
        let data = S3Test.bytes(5 * 1024 * 1024 + 17, seed: 3)
        try data.write(to: file)
        let put = try client.putObject(key: prefix + "file", file: file)
        #expect(put.sha256 == SHA256.hex(data))
        #expect(try client.getObject(key: prefix + "file").data == data)
    }

    @Test("ranges read exactly the bytes asked for, and a streamed read hands over every byte once, in order")
    func rangesAndStreaming() throws {
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        let data = S3Test.bytes(1_000_000)
        try client.putObject(key: prefix + "big", data: data)
        let middle = try client.getObject(key: prefix + "big", range: S3ByteRange(1000...1999))
        #expect(middle.data == data[1000...1999])
        #expect(middle.info.size == 1_000_000)
        #expect(try client.getObject(key: prefix + "big", range: S3ByteRange(from: 999_990)).data == data[999_990...])
        var streamed = Data()
        var pieces = 0
        let info = try client.getObject(key: prefix + "big") { piece in
            streamed.append(contentsOf: piece)
            pieces += 1
        }
        #expect(streamed == data)
        #expect(pieces > 1)
        #expect(info.size == 1_000_000)
    }

    @Test("a consumer that throws stops the read, and its own error comes back")
    func consumerStops() throws {
        struct Enough: Error {}
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        try client.putObject(key: prefix + "big", data: S3Test.bytes(2_000_000))
        #expect(throws: Enough.self) { try client.getObject(key: prefix + "big") { _ in throw Enough() } }
        // The connection is still good for the next request.
        #expect(try client.headObject(key: prefix + "big")?.size == 2_000_000)
    }

    @Test("a missing object: GET is notFound, HEAD is nil, DELETE is fine")
    func missing() throws {
        let client = try S3Test.client()
        let key = S3Test.prefix() + "nothing-here"
        let error = try #require(throws: S3Error.self) { try client.getObject(key: key) }
        #expect(error.kind == .notFound)
        #expect(error.code == "NoSuchKey")
        #expect(error.requestID != nil)
        #expect(try client.headObject(key: key) == nil)
        try client.deleteObject(key: key)
        try client.putObject(key: key, data: Data("x".utf8))
        try client.deleteObject(key: key)
        try client.deleteObject(key: key)
        #expect(try client.headObject(key: key) == nil)
    }

    @Test("listing pages through every key under a prefix in byte order, keys with any characters coming back exactly")
    func listing() throws {
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        var keys = (0..<23).map { String(format: "photo-%03d.jpg", $0) }
        keys += ["with space.jpg", "plus+sign.jpg", "percent%41.jpg", "행복.jpg", "é.jpg", "a&b=c?d.jpg", "tab\there.jpg", "z/deeper/x.jpg"]
        for key in keys { try client.putObject(key: prefix + key, data: Data(key.utf8)) }
        try client.putObject(key: S3Test.prefix() + "elsewhere", data: Data())
        var pages: [[String]] = []
        var token: String?
        repeat {
            let page = try client.listObjects(prefix: prefix, continuationToken: token, maxKeys: 10)
            pages.append(page.objects.map(\.key))
            #expect(page.objects.allSatisfy { $0.size > 0 && !$0.etag.isEmpty })
            token = page.nextContinuationToken
        } while token != nil
        #expect(pages.map(\.count) == [10, 10, 10, 1])
        let expected = keys.map { prefix + $0 }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(pages.flatMap { $0 } == expected)
        var all: [String] = []
        try client.forEachObject(prefix: prefix, pageSize: 7) { all.append($0.key) }
        #expect(all == expected)
        let after = try client.listObjects(prefix: prefix, startAfter: prefix + "photo-021.jpg")
        #expect(after.objects.first?.key == prefix + "photo-022.jpg")
        #expect(try client.listObjects(prefix: prefix + "nothing").objects.isEmpty)
    }

    @Test("virtual-host addressing (bucket.localhost) reaches the same bucket")
    func virtualHost() throws {
        let path = try S3Test.client(addressing: .path)
        let virtual = try S3Test.client(addressing: .virtualHost)
        let prefix = S3Test.prefix()
        defer { S3Test.clean(path, prefix) }
        try virtual.putObject(key: prefix + "v", data: Data("virtual".utf8))
        #expect(try path.getObject(key: prefix + "v").data == Data("virtual".utf8))
        #expect(try virtual.listObjects(prefix: prefix).objects.map(\.key) == [prefix + "v"])
        try virtual.checkBucket()
    }

    @Test("a presigned URL serves the object to a client without credentials, until it expires; a changed one is refused")
    func presigned() throws {
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        defer { S3Test.clean(client, prefix) }
        let key = prefix + "shared photo.jpg"
        try client.putObject(key: key, data: Data("presigned bytes".utf8), contentType: "image/jpeg")
        func fetch(_ url: String) throws -> (status: String, body: String) {
            let result = try runProcess(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "-o", "-", "-w", "\n%{http_code}", url])
            let lines = result.stdout.components(separatedBy: "\n")
            return (lines.last ?? "", lines.dropLast().joined(separator: "\n"))
        }
        let url = try client.presignedGetURL(key: key, expires: .seconds(300)).absoluteString
        let good = try fetch(url)
        #expect(good.status == "200")
        #expect(good.body == "presigned bytes")
        let expired = try client.presignedGetURL(key: key, expires: .seconds(1), date: Date().addingTimeInterval(-120)).absoluteString
        #expect(try fetch(expired).status == "403")
        let tampered = url.replacingOccurrences(of: "shared%20photo", with: "shared%20photp")
        #expect(try fetch(tampered).status == "403")
        #expect(throws: S3Error.self) { try client.presignedGetURL(key: key, expires: .seconds(700_000)) }
    }

    @Test("a wrong secret is accessDenied (SignatureDoesNotMatch) and is not retried")
    func wrongSecret() throws {
        let client = S3Client(configuration: try S3Test.configuration(secret: "not-the-secret"))
        let error = try #require(throws: S3Error.self) { try client.putObject(key: S3Test.prefix() + "x", data: Data("x".utf8)) }
        #expect(error.kind == .accessDenied)
        #expect(error.code == "SignatureDoesNotMatch")
        #expect(error.attempts == 1)
        #expect(!error.description.contains("not-the-secret"))
        #expect(error.description.contains("Check the access key"))
    }

    @Test("a bucket that does not exist is noSuchBucket, for the bucket check and for a write")
    func missingBucket() throws {
        let client = S3Client(configuration: try S3Test.configuration(bucket: "keepsake-no-such-bucket"))
        let check = try #require(throws: S3Error.self) { try client.checkBucket() }
        #expect(check.kind == .noSuchBucket)
        let write = try #require(throws: S3Error.self) { try client.putObject(key: "k", data: Data()) }
        #expect(write.kind == .noSuchBucket)
        #expect(write.description.contains("Create the bucket"))
        try S3Test.client().checkBucket()
    }

    @Test("radosgw passes the start-up probe: it refuses an overwrite and bytes with the wrong hash, and the probe cleans up")
    func probe() throws {
        let client = try S3Test.client()
        let prefix = S3Test.prefix()
        try client.probeConditionalWrites(prefix: prefix)
        #expect(try client.listObjects(prefix: prefix).objects.isEmpty)
    }

    @Test("an endpoint where nothing listens is connectionFailed after every attempt, quickly")
    func nothingListens() throws {
        var configuration = try S3Test.configuration(endpoint: "http://127.0.0.1:1")
        configuration.retry = S3RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10), maxDelay: .milliseconds(20))
        let client = S3Client(configuration: configuration)
        let started = ContinuousClock.now
        let error = try #require(throws: S3Error.self) { try client.headObject(key: "x") }
        #expect(error.kind == .connectionFailed)
        #expect(error.attempts == 3)
        #expect(error.curlCode == 7)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("keys S3 cannot hold are refused before any request")
    func badKeys() throws {
        let client = try S3Test.client()
        #expect(throws: S3Error.self) { try client.putObject(key: "", data: Data()) }
        #expect(throws: S3Error.self) { try client.getObject(key: String(repeating: "k", count: 1025)) }
    }
}
