import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to 127.0.0.1 over a raw socket, for requests curl will not send (smuggling
/// attempts, NUL bytes, a malformed `Content-Length`, clients that trickle, pause or never finish):
/// the one raw-socket client of the tests. It can leave from another loopback address
/// (`127.0.0.2`, ...), so one test can play several clients.
public final class RawSocket {
    /// A socket call that failed, with the call and the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed and why.
        public let description: String
    }

    /// The socket's file descriptor.
    public let descriptor: Int32
    /// Whether ``close()`` has not been called yet.
    public private(set) var isOpen = true

    /// Connects to 127.0.0.1:`port`, from `source` (an address of 127.0.0.0/8) when given.
    /// `blocking: false` returns at once, the connection completing in the background.
    /// `receiveBuffer` sets the kernel's receive buffer (bytes), so a client that stops reading
    /// makes the server wait soon.
    public init(port: UInt16, from source: String? = nil, blocking: Bool = true, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer {
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else {
                Glibc.close(descriptor)
                throw Failure(description: "not an address: \(source)")
            }
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let reason = String(cString: strerror(errno))
                Glibc.close(descriptor)
                throw Failure(description: "bind \(source): \(reason)")
            }
        }
        if !blocking {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        } else {
            // A connect that the listen queue cannot take gives up after 2 s instead of minutes.
            var limit = timeval(tv_sec: 2, tv_usec: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 || (!blocking && errno == EINPROGRESS) else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw Failure(description: "connect: \(reason)")
        }
    }

    deinit {
        close()
    }

    /// Sends every byte (on a blocking socket); `false` when the connection is gone.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return true }  // a non-blocking socket with a full buffer: fine for a flood
                return false
            }
            offset += sent
        }
        return true
    }

    /// Sends the UTF-8 bytes of `text`.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Reads until the server closes the connection or `timeout` seconds pass. `closed` says
    /// whether the server closed it (end of stream or reset).
    public func receive(timeout: Double) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return (received, false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(remaining * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                return (received, true)
            }
        }
    }

    /// Whether the server has closed the connection (checked without waiting; reads and drops
    /// anything it sent).
    public var closedByServer: Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else { return false }
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { continue }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { return false }
            return true
        }
    }

    /// Reads `pauseAfter` bytes, stops reading for `seconds`, then reads until the server closes
    /// the connection; with `leave`, closes it once it has `pauseAfter` bytes instead.
    public func receive(pausingAfter pauseAfter: Int, for seconds: Double, leave: Bool = false) -> [UInt8] {
        var received: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536), paused = false
        while true {
            if !paused && received.count >= pauseAfter {
                if leave { close(); break }
                paused = true
                Thread.sleep(forTimeInterval: seconds)
            }
            let count = recv(descriptor, &buffer, paused ? buffer.count : min(buffer.count, pauseAfter - received.count), 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// `GET path` on 127.0.0.1:`port` read as ``receive(pausingAfter:for:leave:)`` reads it (with a
    /// 64 KB receive buffer), on a thread of its own, so no Swift concurrency thread the server
    /// needs is held while the client pauses.
    public static func pausingGet(port: UInt16, path: String, pauseAfter: Int, seconds: Double, leave: Bool = false) async throws -> [UInt8] {
        try await onOwnThread {
            let connection = try RawSocket(port: port, receiveBuffer: 64 * 1024)
            guard connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n") else {
                throw Failure(description: "send: the connection closed")
            }
            return connection.receive(pausingAfter: pauseAfter, for: seconds, leave: leave)
        }
    }

    /// Makes later sends and receives return at once instead of waiting.
    public func makeNonBlocking() {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Closes the socket. Safe to call more than once.
    public func close() {
        if isOpen {
            Glibc.close(descriptor)
            isOpen = false
        }
    }
}

/// One complete request sent on a new connection, and everything the server answers until it
/// closes the connection (or `timeout` passes).
public func exchange(port: UInt16, _ request: [UInt8], from source: String? = nil, timeout: Double = 5) throws -> (text: String, closed: Bool) {
    let connection = try RawSocket(port: port, from: source)
    connection.send(request)
    let (bytes, closed) = connection.receive(timeout: timeout)
    return (String(decoding: bytes, as: UTF8.self), closed)
}

/// The same with the request as text.
public func exchange(port: UInt16, _ request: String, from source: String? = nil, timeout: Double = 5) throws -> (text: String, closed: Bool) {
    try exchange(port: port, Array(request.utf8), from: source, timeout: timeout)
}

/// ``exchange(port:_:from:timeout:)`` on a thread of its own, so no Swift concurrency thread the
/// server needs is held while it waits.
public func exchangeOnOwnThread(port: UInt16, _ request: String, timeout: Double = 5) async throws -> (text: String, closed: Bool) {
    try await onOwnThread { try exchange(port: port, request, timeout: timeout) }
}

/// Runs `work` on a new thread and gives back what it returns or throws.
func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// The status codes of the responses in `text`, in order (each `HTTP/1.x NNN` status line; the
/// test servers' bodies never contain one).
public func statusCodes(in text: String) -> [Int] {
    text.matches(of: #/HTTP/1\.[01] (\d{3}) /#).compactMap { Int($0.1) }
}
