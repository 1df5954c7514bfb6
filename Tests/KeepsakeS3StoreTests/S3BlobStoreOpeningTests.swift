import Foundation
import Testing
import KeepsakeS3
import KeepsakeS3Store
import KeepsakeStore
import KeepsakeTestSupport

/// Opening an S3 blob store checks the bucket, the credentials and the server's conditional writes,
/// and refuses each wrong one with a typed error that says what to correct.
@Suite("S3BlobStore opening")
struct S3BlobStoreOpeningTests {
    static let quick = S3RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10), maxDelay: .milliseconds(20))

    func configuration(endpoint: String? = nil, bucket: String? = nil, secret: String? = nil) throws -> S3Configuration {
        let server = try TestServers.s3()
        var configuration = try S3Configuration(endpoint: endpoint ?? server.endpoint, region: server.region, bucket: bucket ?? server.bucket,
                                                credentials: S3Credentials(accessKeyID: server.accessKeyID, secretAccessKey: secret ?? server.secretAccessKey))
        configuration.retry = Self.quick
        configuration.timeouts = S3Timeouts(connect: .seconds(2), stall: .seconds(2), total: .seconds(10))
        return configuration
    }

    @Test("a bucket that does not exist is notFound, saying Keepsake never creates buckets")
    func missingBucket() throws {
        let error = try #require(throws: KeepsakeError.self) {
            try S3BlobStore(client: S3Client(configuration: configuration(bucket: "no-such-bucket-\(UUID().uuidString.prefix(8).lowercased())")))
        }
        #expect(error.code == .notFound)
        #expect(error.message.contains("never creates buckets"))
    }

    @Test("wrong credentials are readOnly, saying to check the keys, and never show the secret")
    func wrongSecret() throws {
        let error = try #require(throws: KeepsakeError.self) {
            try S3BlobStore(client: S3Client(configuration: configuration(secret: "not-the-secret-at-all")))
        }
        #expect(error.code == .readOnly)
        #expect(error.message.contains("access key"))
        #expect(!error.description.contains("not-the-secret-at-all"))
        #expect(!error.description.contains(try TestServers.s3().secretAccessKey))
    }

    @Test("an endpoint where nothing listens is an io error naming the endpoint's failure")
    func nothingListening() throws {
        let error = try #require(throws: KeepsakeError.self) {
            try S3BlobStore(client: S3Client(configuration: configuration(endpoint: "http://127.0.0.1:9")))
        }
        #expect(error.code == .io)
        #expect(error.message.contains("connection failed"))
        #expect(error.message.contains("running and reachable"))
    }

    @Test("a server that ignores If-None-Match is refused as incompatible: it could overwrite photos")
    func unconditionalServer() throws {
        let proxy = try FaultProxy()
        try proxy.add(["method": "PUT", "fault": "ignore-precondition"])
        let error = try #require(throws: KeepsakeError.self) {
            try S3BlobStore(client: S3Client(configuration: configuration(endpoint: proxy.url)), prefix: "conformance/\(UUID().uuidString.lowercased())")
        }
        #expect(error.code == .incompatibleStore)
        #expect(error.message.contains("If-None-Match"))
    }

    @Test("the probe runs once per opened store; later checks only look at the bucket")
    func probeOncePerOpen() throws {
        let proxy = try FaultProxy()
        let prefix = "conformance/\(UUID().uuidString.lowercased())/"
        let store = try S3BlobStore(client: S3Client(configuration: configuration(endpoint: proxy.url)), prefix: prefix)
        let opening = try proxy.requests()
        #expect(opening.filter { $0.method == "PUT" }.count == 3)
        #expect(opening.allSatisfy { $0.path.contains(prefix + "keepsake-probe/") || $0.method == "HEAD" })
        try proxy.resetStatistics()
        try store.checkUsable()
        #expect(try proxy.requests().map(\.method) == ["HEAD"])
        // The probe's objects are gone.
        #expect(try S3Client(configuration: configuration()).listObjects(prefix: prefix).objects.isEmpty)
    }
}
