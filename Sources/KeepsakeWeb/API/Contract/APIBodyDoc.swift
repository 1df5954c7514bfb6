import KeepsakeSupport

/// The body an operation takes, as the document describes it.
enum APIBodyDoc: Sendable {
    /// A JSON object of this schema; with `multipartField`, also `multipart/form-data` with the
    /// JSON in that field and photos as files `image`.
    case json(schema: JSONValue, multipartField: String?, maxPhotos: Int?)
    /// Photos: multipart files `image` (one when `single`), or one photo as the whole body.
    case images(single: Bool)
}
