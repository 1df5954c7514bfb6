import Foundation
import KeepsakeS3
import KeepsakeTestSupport

/// Clients for the test radosgw, each test under a prefix of its own.
enum S3Test {
    /// A fresh key prefix (`test/<uuid>/`), so tests never see each other's objects.
    static func prefix() -> String { "test/\(UUID().uuidString.lowercased())/" }

    /// The configuration of the test radosgw, path-style unless told, possibly through another endpoint.
    static func configuration(addressing: S3Addressing = .path, endpoint: String? = nil, secret: String? = nil,
                              bucket: String? = nil) throws -> S3Configuration {
        let server = try TestServers.s3()
        let base = endpoint ?? (addressing == .virtualHost ? server.virtualHostEndpoint : server.endpoint)
        var configuration = try S3Configuration(endpoint: base, region: server.region, bucket: bucket ?? server.bucket, addressing: addressing,
                                                credentials: S3Credentials(accessKeyID: server.accessKeyID,
                                                                           secretAccessKey: secret ?? server.secretAccessKey))
        configuration.timeouts = S3Timeouts(connect: .seconds(5), stall: .seconds(10), total: .seconds(60))
        configuration.retry = S3RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200))
        return configuration
    }

    /// A client of the test radosgw.
    static func client(addressing: S3Addressing = .path) throws -> S3Client {
        S3Client(configuration: try configuration(addressing: addressing))
    }

    /// Bytes of every value, `count` long, different for each seed.
    static func bytes(_ count: Int, seed: UInt8 = 7) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 >> 8) })
    }

    /// Deletes everything under `prefix`.
    static func clean(_ client: S3Client, _ prefix: String) {
        var keys: [String] = []
        try? client.forEachObject(prefix: prefix) { keys.append($0.key) }
        for key in keys { try? client.deleteObject(key: key) }
    }
}

extension FaultProxy {
    /// A client of the test radosgw through this proxy.
    func client(retry: S3RetryPolicy = S3RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200)),
                timeouts: S3Timeouts = S3Timeouts(connect: .seconds(5), stall: .seconds(10), total: .seconds(60))) throws -> S3Client {
        var configuration = try S3Test.configuration(endpoint: url)
        configuration.retry = retry
        configuration.timeouts = timeouts
        return S3Client(configuration: configuration)
    }
}
