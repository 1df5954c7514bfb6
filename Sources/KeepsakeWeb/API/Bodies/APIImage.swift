import Foundation
import KeepsakeStore
import KeepsakeSupport

/// One stored image as the API answers it: its facts and where its original and thumbnails are.
struct APIImage: APIResponseBody {
    static let schemaName = "Image"
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "position", "mediaType", "width", "height", "byteSize", "sha256", "capturedAt", "createdAt", "original", "thumbnails"], [
            "id": JSONSchema.integer(minimum: 1), "position": JSONSchema.integer(minimum: 0), "mediaType": JSONSchema.string(),
            "width": JSONSchema.integer(), "height": JSONSchema.integer(), "byteSize": JSONSchema.integer(),
            "sha256": JSONSchema.string(pattern: "^[0-9a-f]{64}$"), "capturedAt": JSONSchema.nullableTimestamp, "createdAt": JSONSchema.timestamp,
            "original": JSONSchema.string(), "thumbnails": JSONSchema.map(JSONSchema.string()),
        ])
    }

    let id: Int64
    let position: Int
    let mediaType: String
    let width, height: Int
    let byteSize: Int64
    let sha256: String
    @APINull var capturedAt: Date?
    let createdAt: Date
    let original: String
    let thumbnails: [String: String]
}

extension APIImage {
    /// The image `attachment`, whose resource is at `base` (e.g.
    /// `/api/v1/diary/entries/<id>/images/<attachment id>`), with a thumbnail of each of `sizes`.
    init(_ attachment: Attachment, base: String, sizes: [Int]) {
        let thumbnails = Dictionary(uniqueKeysWithValues: sizes.map { (String($0), "\(base)/thumbnails/\($0)") })
        self.init(id: attachment.id, position: attachment.position, mediaType: attachment.mediaType, width: attachment.width,
                  height: attachment.height, byteSize: attachment.byteSize, sha256: attachment.sha256, capturedAt: attachment.capturedAt,
                  createdAt: attachment.createdAt, original: base + "/original", thumbnails: thumbnails)
    }
}
