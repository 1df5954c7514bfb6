internal import Foundation

/// A file in the staging folder that receives a body or an upload chunk by chunk.
///
/// Used from one connection thread only (the request that owns it).
final class StagedFile {
    /// Where the bytes go.
    let url: URL
    /// Bytes written so far.
    private(set) var byteCount = 0
    private var descriptor: Int32

    /// Creates a new, empty file (mode 0600) with a unique name in `directory`.
    init(in directory: URL) throws(StagingError) {
        let url = directory.appendingPathComponent("http-upload-\(UUID().uuidString)", isDirectory: false)
        let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            return open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { throw StagingError(code: errno) }
        self.url = url
        self.descriptor = descriptor
    }

    /// Appends bytes, retrying short writes and interrupted calls.
    func write(_ bytes: UnsafeRawBufferPointer) throws(StagingError) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = posixWrite(descriptor, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw StagingError(code: errno)
            }
            base += written
            remaining -= written
            byteCount += written
        }
    }

    /// Closes the file (it stays on disk). Safe to call more than once.
    func close() {
        if descriptor >= 0 {
            posixClose(descriptor)
            descriptor = -1
        }
    }

    /// Closes and deletes the file. A file the handler moved away is simply gone already.
    func remove() {
        close()
        _ = url.withUnsafeFileSystemRepresentation { path in
            path.map { unlink($0) }
        }
    }

    deinit {
        close()
    }
}

/// A failed system call while staging a body, with its `errno`.
struct StagingError: Error, CustomStringConvertible {
    /// The `errno` value.
    let code: Int32

    /// The system's text for the error, e.g. "No space left on device".
    var description: String { String(cString: strerror(code)) }
}

/// `write(2)`, named apart from ``StagedFile/write(_:)``.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, bytes, count)
    #else
    return Darwin.write(descriptor, bytes, count)
    #endif
}

/// `close(2)`, named apart from ``StagedFile/close()``.
private func posixClose(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}
