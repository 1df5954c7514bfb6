/// A response body of a known size that is made while it is sent, for bytes that live elsewhere
/// (an object store, say) and must never be held whole in memory.
///
/// ```swift
/// let body = HTTPBodyStream(size: object.size) { write in
///     try objectStore.read(key) { chunk in try write(chunk) }   // streamed as it arrives
/// }
/// return .stream(body, contentType: "image/jpeg")
/// ```
///
/// The server sends `Content-Length: size` and, when the client first asks for body bytes, runs
/// `producer` on a thread of its own (never on a polling thread, never for a `HEAD` request or for
/// a response that is not sent). The producer hands the bytes over with `write`, in pieces of any
/// size; the server takes them from a buffer of ``bufferSize`` bytes as fast as the client reads,
/// and `write` blocks while the buffer is full, so a slow client slows the producer down instead of
/// filling memory.
///
/// - Once nobody will read the body any more (the client went away, the server is stopping),
///   `write` throws ``Cancelled``: let it propagate so the producer stops and frees what it holds.
/// - When the producer throws anything else, writes more than `size` bytes or returns before it has
///   written `size`, the response ends with an error (libmicrohttpd's
///   `MHD_CONTENT_READER_END_WITH_ERROR`: the connection closes before `Content-Length` bytes, so
///   the client knows the body is incomplete) and the failure goes to
///   ``HTTPServer/Configuration/errorLog``.
///
/// A stream can be sent once. ``HTTPServer/openStreams`` counts the streams whose response or
/// producer is still alive.
public final class HTTPBodyStream: Sendable, Hashable, CustomStringConvertible {
    /// Hands the next bytes of the body to the server; blocks while its buffer is full; throws
    /// ``Cancelled`` once the body will not be read any more.
    public typealias Write = (UnsafeRawBufferPointer) throws -> Void
    /// Makes the whole body, writing it in order through `write`; runs on a thread of its own.
    public typealias Producer = @Sendable (_ write: Write) throws -> Void

    /// Thrown by ``Write`` when the body will not be read any more: the client went away or the
    /// server is stopping.
    public struct Cancelled: Error, Sendable, CustomStringConvertible {
        /// Why.
        public let description: String
    }

    /// The number of bytes of the body, sent as `Content-Length`.
    public let size: Int64
    /// The most bytes waiting between the producer and the client.
    public let bufferSize: Int
    /// Moves the bytes from the producer to the server.
    let pump: BodyPump

    /// A body of exactly `size` bytes (at least 0) that `producer` writes; at most `bufferSize`
    /// bytes (at least 4 KiB) wait in memory for the client.
    public init(size: Int64, bufferSize: Int = 256 * 1024, producer: @escaping Producer) {
        precondition(size >= 0, "a streamed body has a size of 0 or more bytes")
        self.size = size
        self.bufferSize = max(4096, bufferSize)
        pump = BodyPump(size: size, capacity: self.bufferSize, producer: producer)
    }

    public static func == (lhs: HTTPBodyStream, rhs: HTTPBodyStream) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "HTTPBodyStream(\(size) bytes)" }
}
