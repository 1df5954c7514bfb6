/// One processed image with the SHA-256 of what will be stored and of the bytes it came from:
/// everything the engine needs to place and record it (an operation's new images wait in this form,
/// outside any transaction, until they are placed).
public struct HashedImage: Sendable {
    /// What the processor made: the original to store, its format, size, capture date, thumbnails.
    public var processed: ProcessedImage
    /// The SHA-256 of `processed.bytes`, lowercase hex.
    public let sha256: String
    /// The SHA-256 of the input bytes, lowercase hex (an import keeps the one its archive recorded).
    public var sourceSHA256: String
}
