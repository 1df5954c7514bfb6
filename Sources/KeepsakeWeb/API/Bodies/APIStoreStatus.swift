import KeepsakeStore
import KeepsakeSupport

/// Counts and sizes of the store (`GET /api/v1/store/status`), without the server's paths.
struct APIStoreStatus: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["collections", "totalRecords", "totalImages", "totalBytes", "intentsInFlight", "imageProcessor", "metadata", "blobs",
                                     "lastChangeSequence"], [
            "collections": JSONSchema.array(JSONSchema.object(required: ["name", "live", "trashed", "images", "bytes"], [
                "name": JSONSchema.string(), "live": JSONSchema.integer(), "trashed": JSONSchema.integer(), "images": JSONSchema.integer(),
                "bytes": JSONSchema.integer(),
            ])),
            "totalRecords": JSONSchema.integer(), "totalImages": JSONSchema.integer(), "totalBytes": JSONSchema.integer(),
            "intentsInFlight": JSONSchema.integer(), "imageProcessor": JSONSchema.string(), "metadata": Backend.schema, "blobs": Backend.schema,
            "lastChangeSequence": JSONSchema.integer(),
        ])
    }

    /// One collection's counts.
    struct Collection: Encodable, Sendable {
        let name: String
        let live, trashed, images: Int
        let bytes: Int64
    }

    /// A backend (metadata or blobs): its kind, where it is (described, not a path), its figures.
    struct Backend: Encodable, Sendable {
        static var schema: JSONValue {
            JSONSchema.object(required: ["kind", "location", "figures"], [
                "kind": JSONSchema.string(), "location": JSONSchema.string(),
                "figures": JSONSchema.array(JSONSchema.object(required: ["label", "value"], ["label": JSONSchema.string(), "value": JSONSchema.string()])),
            ])
        }

        /// One figure of a backend.
        struct Figure: Encodable, Sendable {
            let label, value: String
        }

        let kind, location: String
        let figures: [Figure]

        /// `status` as the API shows it (``ServerPaths/described(_:)``: no path of the server's disk).
        init(_ status: BackendStatus) {
            let status = ServerPaths.described(status)
            kind = status.kind
            location = status.location
            figures = status.figures.map { Figure(label: $0.label, value: $0.value) }
        }
    }

    let collections: [Collection]
    let totalRecords, totalImages: Int
    let totalBytes: Int64
    let intentsInFlight: Int
    let imageProcessor: String
    let metadata, blobs: Backend
    let lastChangeSequence: Int64
}
