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
    /// Most bytes of an API request body that is not a photo upload (JSON), refused with `413`
    /// from its `Content-Length` before any byte is read, and stopped once a chunked one grows
    /// past it (``WebApp/bodyLimit(for:)``); the default is ``defaultMaxJSONBodyBytes``.
    public var maxJSONBodyBytes: Int

    /// The default of ``maxJSONBodyBytes``: 1 MiB. The largest valid JSON body is a diary entry
    /// whose text has the most characters allowed (`DiaryLimits.maxTextLength`, 50,000); JSON may
    /// send each as an escaped surrogate pair (`\ud83d\ude00`, 12 bytes), 600,000 bytes, plus a
    /// title of 100 and 20 tags of 30 characters so escaped (8,400) and the other fields (a few
    /// hundred): under 610 KB. 1 MiB leaves room for whitespace, and is the HTTP layer's in-memory
    /// body size, so a JSON body is never staged to disk. (Before this limit a JSON body was read
    /// and parsed whole up to the 240 MB request limit, at about 30 times its size in memory.)
    public static let defaultMaxJSONBodyBytes = 1 << 20

    /// Creates limits; the defaults suit phone photos (a 12-megapixel JPEG is about 4 MB).
    public init(maxFileBytes: Int = 25 << 20, maxRequestBytes: Int = 120 << 20, maxPhotos: Int = 10,
                maxJSONBodyBytes: Int = WebLimits.defaultMaxJSONBodyBytes) {
        self.maxFileBytes = maxFileBytes
        self.maxRequestBytes = maxRequestBytes
        self.maxPhotos = maxPhotos
        self.maxJSONBodyBytes = maxJSONBodyBytes
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
