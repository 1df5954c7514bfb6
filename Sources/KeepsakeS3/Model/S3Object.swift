public import Foundation

/// An object's bytes (or the range asked for) with its description.
public struct S3Object: Sendable {
    /// What the server says about the object.
    public let info: S3ObjectInfo
    /// The bytes read.
    public let data: Data
    /// The range read, if a range was asked for.
    public let range: S3ByteRange?
}
