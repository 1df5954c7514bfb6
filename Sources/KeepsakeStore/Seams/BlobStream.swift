/// An object's size and a way to read its bytes later, chunk by chunk, for a blob store whose
/// objects are not local files (an object store): the web server sends them while they arrive
/// and never holds a whole object in memory.
///
/// Making one costs at most a look-up of the object (its size, and whether it is there); the
/// bytes are fetched only when ``read(range:chunk:)`` is called, once per call.
public struct BlobStream: Sendable {
    /// The size of the whole object in bytes.
    public let size: Int64
    private let reader: @Sendable (Range<Int64>?, (UnsafeRawBufferPointer) throws -> Void) throws -> Void

    /// A stream of an object of `size` bytes that `read` fetches: the whole object for a `nil`
    /// range, else that byte range, handing each piece to its `chunk` argument as it arrives.
    public init(size: Int64, read: @escaping @Sendable (_ range: Range<Int64>?, _ chunk: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) {
        self.size = size
        reader = read
    }

    /// Reads the whole object, or `range` of it, handing the bytes to `chunk` in order as they
    /// arrive (one request to the store). An error thrown by `chunk` ends the read and is
    /// rethrown as it is; a store failure is a ``KeepsakeError``.
    public func read(range: Range<Int64>? = nil, chunk: (UnsafeRawBufferPointer) throws -> Void) throws {
        try reader(range, chunk)
    }
}
