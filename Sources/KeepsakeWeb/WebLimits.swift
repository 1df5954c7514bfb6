public import KeepsakeHTTP

/// What one request to the web app may upload.
///
/// The web app checks these itself and answers with a page in the user's language (413 for a
/// photo or a request that is too large, 400 for too many photos). Far beyond them (twice the
/// size, or many more files) the HTTP layer stops reading the upload and answers with a short
/// plain-text sentence and the same status; see ``httpLimits``.
public struct WebLimits: Sendable, Hashable {
    /// Most bytes of one uploaded photo, receipt or CSV file.
    public var maxFileBytes: Int
    /// Most bytes of all the files of one request together.
    public var maxRequestBytes: Int
    /// Most photos on one diary entry or feed post (seed 002's picker: 10).
    public var maxPhotos: Int

    /// Creates limits; the defaults suit phone photos (a 12-megapixel JPEG is about 4 MB).
    public init(maxFileBytes: Int = 25 << 20, maxRequestBytes: Int = 120 << 20, maxPhotos: Int = 10) {
        self.maxFileBytes = maxFileBytes
        self.maxRequestBytes = maxRequestBytes
        self.maxPhotos = maxPhotos
    }

    /// The hard limits given to the HTTP server: twice the web app's sizes, and room for every
    /// photo of a form being replaced at once plus a few more, so that the web app sees (and
    /// explains) ordinary excess itself.
    public var httpLimits: HTTPLimits {
        HTTPLimits(maxFileBytes: maxFileBytes * 2,
                   maxBodyBytes: maxRequestBytes * 2,
                   maxFiles: maxPhotos * 2 + 10,
                   maxFieldBytes: 256 << 10,
                   maxFields: 1_000)
    }
}
