import Foundation
import KeepsakeStore
import KeepsakeSupport

/// One stored image as the API answers it: its facts and where its original and thumbnails are.
struct APIImage: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "position", "mediaType", "width", "height", "byteSize", "sha256", "capturedAt", "createdAt", "original", "thumbnails"], [
            "id": JSONSchema.integer(minimum: 1), "position": JSONSchema.integer(minimum: 0), "mediaType": JSONSchema.string(),
            "width": JSONSchema.integer(), "height": JSONSchema.integer(), "byteSize": JSONSchema.integer(),
            "sha256": JSONSchema.string(pattern: "^[0-9a-f]{64}$"), "capturedAt": JSONSchema.nullableTimestamp, "createdAt": JSONSchema.timestamp,
            "original": JSONSchema.string(), "thumbnails": JSONSchema.map(JSONSchema.string()),
        ])
    }

    let id, byteSize: Int64
    let position, width, height: Int
    let mediaType, sha256, original: String
    @APINull var capturedAt: Date?
    let createdAt: Date
    let thumbnails: [String: String]
}

extension APIImage {
    /// The image `attachment`, whose resource is at `base` (e.g.
    /// `/api/v1/diary/entries/<id>/images/<attachment id>`), with a thumbnail of each of `sizes`.
    init(_ attachment: Attachment, base: String, sizes: [Int]) {
        let thumbnails = Dictionary(uniqueKeysWithValues: sizes.map { (String($0), "\(base)/thumbnails/\($0)") })
        self.init(id: attachment.id, byteSize: attachment.byteSize, position: attachment.position, width: attachment.width, height: attachment.height,
                  mediaType: attachment.mediaType, sha256: attachment.sha256, original: base + "/original", capturedAt: attachment.capturedAt,
                  createdAt: attachment.createdAt, thumbnails: thumbnails)
    }

    /// The photos of the record at `record` (its API path), in order.
    static func list(_ attachments: [Attachment], of record: String, sizes: [Int]) -> [APIImage] {
        attachments.map { APIImage($0, base: "\(record)/images/\($0.id)", sizes: sizes) }
    }
}
