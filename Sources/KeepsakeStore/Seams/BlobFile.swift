public import Foundation
import Synchronization

/// A file opened for reading (never through a symbolic link), closed when this value goes away
/// unless its descriptor is handed on with ``takeDescriptor()``.
public final class BlobFile: Sendable {
    private let state: Mutex<Int32>
    /// Size in bytes when it was opened.
    public let size: Int64
    /// Last change of the file, when it was opened.
    public let modified: Date

    /// Wraps an open descriptor, which this value now owns.
    public init(descriptor: Int32, size: Int64, modified: Date) {
        state = Mutex(descriptor)
        self.size = size
        self.modified = modified
    }

    /// Hands the descriptor on (the receiver closes it); later calls return -1.
    public func takeDescriptor() -> Int32 {
        state.withLock { descriptor in
            defer { descriptor = -1 }
            return descriptor
        }
    }

    /// Reads the whole file from its start.
    public func readAll() throws -> Data {
        try state.withLock { descriptor in
            guard descriptor >= 0 else { throw KeepsakeError(.invalidArgument, "This open file was handed on already.") }
            var data = Data(count: Int(size))
            var done = 0
            try data.withUnsafeMutableBytes { buffer in
                while done < Int(size) {
                    let n = pread(descriptor, buffer.baseAddress! + done, Int(size) - done, off_t(done))
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw KeepsakeError.posix(errno, operation: "read", path: "an open image")
                    }
                    if n == 0 { break }
                    done += n
                }
            }
            if done < Int(size) { data.removeSubrange(done..<Int(size)) }
            return data
        }
    }

    deinit {
        let descriptor = state.withLock { $0 }
        if descriptor >= 0 { close(descriptor) }
    }
}
