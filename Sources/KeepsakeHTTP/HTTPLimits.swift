/// Size and count limits applied to every request body.
///
/// When a request goes over a limit the server stops storing its body, deletes any partial upload
/// files and answers with a short plain-text error instead of calling the handler:
/// 413 for a body, file or field that is too large, 400 for too many files or fields.
public struct HTTPLimits: Sendable, Hashable {
    /// Most bytes of one uploaded file.
    public var maxFileBytes: Int
    /// Most bytes of a whole request body. A `Content-Length` above it is refused before any
    /// byte of the body is read.
    public var maxBodyBytes: Int
    /// Most uploaded files in one request.
    public var maxFiles: Int
    /// Most bytes of one form field value (files aside).
    public var maxFieldBytes: Int
    /// Most form fields in one request (files aside).
    public var maxFields: Int
    /// A raw (non-form) body up to this size is kept in memory; a larger one is staged to a file.
    public var maxInMemoryBodyBytes: Int

    /// Creates limits; the defaults suit a local photo app.
    public init(maxFileBytes: Int = 50 << 20,
                maxBodyBytes: Int = 256 << 20,
                maxFiles: Int = 20,
                maxFieldBytes: Int = 64 << 10,
                maxFields: Int = 1_000,
                maxInMemoryBodyBytes: Int = 1 << 20) {
        self.maxFileBytes = maxFileBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxFiles = maxFiles
        self.maxFieldBytes = maxFieldBytes
        self.maxFields = maxFields
        self.maxInMemoryBodyBytes = maxInMemoryBodyBytes
    }
}
