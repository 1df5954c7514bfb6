import Foundation
import KeepsakeStore

/// A listening Unix-domain socket that qemu's `-chardev socket,path=…` connects to, and the one
/// connection it accepts, read line by line.
final class UnixListener: @unchecked Sendable {
    // @unchecked: `fd` and `path` are immutable; `connection` is set once by `accept` before any
    // reader thread starts and only closed after those threads ended.
    let path: String
    private let fd: Int32
    private(set) var connection: Int32 = -1

    /// Binds and listens at `path` (removed first; at most 107 bytes).
    init(path: String) throws {
        self.path = path
        unlink(path)
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw KeepsakeError.posix(errno, operation: "create a socket", path: path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw KeepsakeError(.invalidArgument, "The socket path \(path) is too long; use a shorter --tmp.")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            let code = errno
            close(fd)
            throw KeepsakeError.posix(code, operation: "listen on", path: path)
        }
    }

    deinit {
        if connection >= 0 { close(connection) }
        close(fd)
        unlink(path)
    }

    /// Waits at most `seconds` for the connection; false if none came.
    func accept(within seconds: Double) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return false }
        connection = Glibc.accept(fd, nil, nil)
        return connection >= 0
    }

    /// Reads lines until the peer closes (qemu was killed or ended), calling `line` for each.
    func readLines(_ line: (String) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            for byte in buffer[0..<count] {
                if byte == UInt8(ascii: "\n") {
                    line(String(decoding: pending, as: UTF8.self).trimmingCharacters(in: .init(charactersIn: "\r")))
                    pending.removeAll(keepingCapacity: true)
                } else {
                    pending.append(byte)
                }
            }
        }
    }

    /// Writes `text` on the connection; false if the peer has gone.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.send(connection, $0.baseAddress! + done, $0.count - done, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            done += count
        }
        return true
    }
}
