import Foundation
import KeepsakeS3
import KeepsakeS3Store
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

/// Blob stores on the test radosgw, each under a fresh prefix.
enum S3StoreTest {
    /// A fresh place (SQLite in a folder + a fresh prefix of the test bucket).
    static func place(_ label: String = "s3-store", delivery: S3ImageDelivery = .stream) throws -> S3StorePlace {
        try S3StorePlace(directory: PlaceFolders.make(label), delivery: delivery)
    }

    /// A checked key.
    static func key(_ text: String) -> RelativePath { try! RelativePath(text) }

    /// An object to store with its right hash.
    static func object(_ key: String, _ bytes: Data) -> BlobObject {
        BlobObject(key: Self.key(key), bytes: bytes, sha256: SHA256.hex(bytes))
    }

    /// Bytes of every value, `count` long, different for each seed.
    static func bytes(_ count: Int, seed: UInt8 = 7) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 >> 8) })
    }

    /// Every key under the place's prefix, as the bucket lists them (behind the store's back).
    static func bucketKeys(_ place: S3StorePlace, under prefix: String = "") throws -> [String] {
        var keys: [String] = []
        try place.client().forEachObject(prefix: place.prefix + prefix) { keys.append(String($0.key.dropFirst(place.prefix.count))) }
        return keys
    }
}
