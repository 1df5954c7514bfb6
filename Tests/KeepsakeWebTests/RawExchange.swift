import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One request written as bytes on a new TCP connection to 127.0.0.1, for heads curl will not
/// send (a malformed `Content-Length`), and everything the server answers until it closes the
/// connection or the time is up. Runs on a thread of its own, so no Swift concurrency thread the
/// server needs is held while it waits.
enum RawExchange {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// What came back: the bytes as text, and whether the server closed the connection.
    struct Answer: Sendable {
        let text: String
        let closed: Bool

        /// The status codes of the responses in the answer, in order.
        var statuses: [Int] { text.matches(of: #/HTTP/1\.[01] (\d{3}) /#).compactMap { Int($0.1) } }
    }

    /// Sends `request` to `port` and reads the answer for at most `timeout` seconds.
    static func send(_ request: String, port: UInt16, timeout: Double = 5) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try exchange(Array(request.utf8), port: port, timeout: timeout) }) }.start()
        }
    }

    private static func exchange(_ request: [UInt8], port: UInt16, timeout: Double) throws -> Answer {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(String(cString: strerror(errno)))") }
        var offset = 0
        while offset < request.count {
            let sent = request[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { break }  // the server may close before reading everything
            offset += sent
        }
        var received: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1)
            if ready <= 0 { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                return Answer(text: String(decoding: received, as: UTF8.self), closed: true)
            }
        }
        return Answer(text: String(decoding: received, as: UTF8.self), closed: false)
    }
}
