/// A byte range of an object, as an HTTP `Range` header asks for it.
public struct S3ByteRange: Sendable, Hashable, CustomStringConvertible {
    /// The first byte (0-based).
    public let start: Int64
    /// The last byte, included; `nil` for "to the end".
    public let end: Int64?

    /// Bytes `range.lowerBound` through `range.upperBound`, both included.
    public init(_ range: ClosedRange<Int64>) {
        start = range.lowerBound
        end = range.upperBound
    }

    /// Bytes from `start` to the end of the object.
    public init(from start: Int64) {
        self.start = start
        end = nil
    }

    /// `bytes=start-end`, or `bytes=start-`.
    public var headerValue: String { "bytes=\(start)-\(end.map(String.init) ?? "")" }

    /// `start-end` or `start-`.
    public var description: String { "\(start)-\(end.map(String.init) ?? "")" }

    /// The range after the first `count` bytes of this one were received.
    func advanced(by count: Int64) -> S3ByteRange {
        if let end { return S3ByteRange((start + count)...end) }
        return S3ByteRange(from: start + count)
    }
}
