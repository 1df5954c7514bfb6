internal import CMicroHTTPD
internal import Foundation

/// Moves a ``HTTPBodyStream``'s bytes from its producer thread to libmicrohttpd, which pulls them
/// on a polling thread (``pull(into:max:)``, libmicrohttpd's content reader) and must never block
/// there.
///
/// Between the two sits a ring buffer of `capacity` bytes. When it is empty the polling thread
/// suspends the connection and returns 0; the producer resumes the connection as soon as it has
/// written more (or has ended). When it is full, the producer waits. Exactly one party resumes a
/// suspended connection: whoever takes the `suspended` mark under the lock, and libmicrohttpd
/// never closes a suspended connection, so the pointer is alive until then.
///
/// The connection is suspended with the lock held, so the producer can never resume it before it
/// is suspended (which libmicrohttpd does not allow); the producer and ``abort(_:)`` call
/// `MHD_resume_connection` only after releasing the lock, and the free callback calls nothing of
/// libmicrohttpd, so no lock order can cycle.
///
/// `@unchecked Sendable`: every mutable field, and the ring's memory, is used only while
/// `condition` is locked.
final class BodyPump: @unchecked Sendable {
    /// libmicrohttpd's `MHD_CONTENT_READER_END_WITH_ERROR` (a macro with a cast, not imported).
    static let endWithError = -2

    let size: Int64
    let capacity: Int
    private let producer: HTTPBodyStream.Producer
    private let condition = NSCondition()

    // Guarded by `condition`.
    private var ring: UnsafeMutableRawBufferPointer?
    private var head = 0
    private var buffered = 0
    private var produced: Int64 = 0
    private var connection: OpaquePointer?
    private var label = ""
    private var log: (@Sendable (String) -> Void)?
    private var onSettled: (@Sendable () -> Void)?
    private var bound = false
    private var started = false
    private var producerEnded = false
    /// Why the body cannot be completed; the reader then ends the response with an error.
    private var failure: String?
    /// Nobody reads the body any more: its response was freed, or the server is stopping.
    private var closed = false
    /// Why it was closed first (what ``HTTPBodyStream/Cancelled`` says).
    private var closedBecause = ""
    private var freed = false
    /// The connection is suspended until there are bytes (or an end) to give it.
    private var suspended = false

    init(size: Int64, capacity: Int, producer: @escaping HTTPBodyStream.Producer) {
        self.size = size
        self.capacity = capacity
        self.producer = producer
    }

    deinit {
        ring?.deallocate()
    }

    /// Ties the body to the connection it is sent on; `false` if it was tied to one already (a
    /// stream is sent once). `label` names the request in log lines; `onSettled` runs once, when
    /// both the response is freed and the producer (if it started) has returned.
    func bind(to connection: OpaquePointer, label: String, log: (@Sendable (String) -> Void)?, onSettled: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !bound else { return false }
        bound = true
        self.connection = connection
        self.label = label
        self.log = log
        self.onSettled = onSettled
        return true
    }

    // MARK: - The polling thread

    /// libmicrohttpd asks for up to `max` bytes: copies what is buffered, or suspends the connection
    /// and returns 0 until the producer has more, or ends the response with an error. Starts the
    /// producer on the first call.
    func pull(into destination: UnsafeMutableRawPointer, max: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        if failure != nil { return Self.endWithError }
        if !started {
            started = true
            ring = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
            let thread = Thread { [self] in runProducer() }
            thread.name = "keepsake-http-stream"
            thread.start()
        }
        if buffered > 0, let ring, let base = ring.baseAddress {
            let count = min(max, buffered)
            let first = min(count, capacity - head)
            destination.copyMemory(from: base + head, byteCount: first)
            if count > first { (destination + first).copyMemory(from: base, byteCount: count - first) }
            head = (head + count) % capacity
            buffered -= count
            condition.broadcast()
            return count
        }
        // Everything written was sent, yet libmicrohttpd wants more: the producer came up short
        // (its end sets `failure` first, so this is only a safeguard).
        if producerEnded { return Self.endWithError }
        guard let connection else { return Self.endWithError }
        MHD_suspend_connection(connection)
        suspended = true
        return 0
    }

    /// The response was freed (sent, abandoned by its client, never queued, or the server
    /// stopped): the producer's next write throws ``HTTPBodyStream/Cancelled``.
    func release() {
        condition.lock()
        freed = true
        close(because: "the client is gone")
        // A suspended connection is never freed; if it were, it must not be resumed now.
        suspended = false
        condition.broadcast()
        let settled = !started || producerEnded
        let settle = onSettled
        condition.unlock()
        if settled { settle?() }
    }

    /// Ends the body with an error at once (the server is stopping): wakes the producer, whose
    /// next write throws, and resumes the connection if it waits, so it can be closed.
    func abort(_ reason: String) {
        condition.lock()
        if failure == nil && !freed { failure = reason }
        close(because: reason)
        condition.broadcast()
        let resume = takeSuspended()
        condition.unlock()
        if let resume { MHD_resume_connection(resume) }
    }

    // MARK: - The producer thread

    private func runProducer() {
        var thrown: (any Error)?
        do {
            try producer { bytes in try write(bytes) }
        } catch {
            thrown = error
        }
        condition.lock()
        producerEnded = true
        var report: String?
        if failure == nil, let overflow = thrown as? BodyOverflow {
            // A producer's mistake, worth a line even when nobody reads the body any more.
            failure = "\(overflow)"
            report = "\(overflow); the bytes past them were not sent"
        } else if failure == nil && !closed {
            if let thrown {
                failure = "the body failed after \(produced) of \(size) bytes: \(thrown)"
            } else if produced < size {
                failure = "the body ended after \(produced) of \(size) bytes"
            }
            report = failure.map { "\($0); the response was cut short" }
        }
        let resume = takeSuspended()
        let settled = freed
        let settle = onSettled, log = log, label = label
        condition.unlock()
        if let resume { MHD_resume_connection(resume) }
        if let report { log?("\(label): \(report)") }
        if settled { settle?() }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            condition.lock()
            while !closed && buffered == capacity { condition.wait() }
            let remaining = bytes.count - offset
            guard produced + Int64(remaining) <= size else {
                condition.unlock()
                throw BodyOverflow(size: size)
            }
            if closed {
                condition.unlock()
                throw HTTPBodyStream.Cancelled(description: closedBecause)
            }
            let count = min(remaining, capacity - buffered)
            if let ring, let base = ring.baseAddress, let source = bytes.baseAddress {
                let tail = (head + buffered) % capacity
                let first = min(count, capacity - tail)
                (base + tail).copyMemory(from: source + offset, byteCount: first)
                if count > first { base.copyMemory(from: source + offset + first, byteCount: count - first) }
            }
            buffered += count
            produced += Int64(count)
            offset += count
            let resume = takeSuspended()
            condition.unlock()
            if let resume { MHD_resume_connection(resume) }
        }
    }

    /// Marks the body closed, keeping the first reason. Call with the lock held.
    private func close(because reason: String) {
        if !closed { closedBecause = reason }
        closed = true
    }

    /// The suspended connection, for the caller to resume once it has released the lock; `nil`
    /// when it is not suspended. Call with the lock held.
    private func takeSuspended() -> OpaquePointer? {
        guard suspended else { return nil }
        suspended = false
        return connection
    }
}

/// A producer wrote more bytes than its stream's size.
struct BodyOverflow: Error, CustomStringConvertible {
    let size: Int64
    var description: String { "the producer wrote more than the \(size) bytes announced" }
}

/// `MHD_ContentReaderCallback` of a streamed body: `cls` is its retained ``BodyPump``.
func streamedBodyReader(_ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ max: Int) -> Int {
    guard let cls, let buffer else { return BodyPump.endWithError }
    return Unmanaged<BodyPump>.fromOpaque(cls).takeUnretainedValue().pull(into: UnsafeMutableRawPointer(buffer), max: max)
}

/// `MHD_ContentReaderFreeCallback` of a streamed body: the response is gone; releases its
/// ``BodyPump``.
func streamedBodyFreed(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<BodyPump>.fromOpaque(cls).takeRetainedValue().release()
}
