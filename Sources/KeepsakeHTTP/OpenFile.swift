public import Foundation
internal import Synchronization

/// A regular file already open for reading, for a response body that the server sends straight from
/// the descriptor (`sendfile`, through libmicrohttpd's response from a file descriptor), without
/// reading it into memory and without opening any path itself.
///
/// It owns its descriptor: the server closes it once the response has been sent (or the client
/// went away); a response that is never sent closes it when its last copy goes away. So a handler
/// that opens a file it has checked (a store handing out a descriptor it opened with `O_NOFOLLOW`
/// under its own folder, say) passes exactly that file on, with nothing opened again by name.
public final class OpenFile: Sendable, Hashable, CustomStringConvertible {
    /// The descriptor while this object still owns it.
    private let descriptor: Mutex<Int32?>
    /// The number of bytes sent, the `Content-Length`: the file's size when it was wrapped, or the
    /// length of the range asked for.
    public let size: Int
    /// Where in the file sending starts: 0, or the start of the range asked for.
    public let offset: Int

    /// Why a descriptor cannot be sent.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The `errno` of the failed call, or 0 when the descriptor is not a regular file.
        public let code: Int32
        /// A sentence saying what was wrong.
        public let description: String
    }

    /// Takes ownership of `descriptor`, which must be open for reading on a regular file; its size
    /// is read now (`fstat`). On failure the descriptor is closed too, so it never leaks.
    public convenience init(descriptor: Int32) throws(Failure) {
        self.init(descriptor: descriptor, checkedSize: try Self.regularFileSize(descriptor))
    }

    /// Takes ownership of `descriptor`, open for reading on a regular file of `size` bytes that
    /// the caller has just checked with `fstat` itself (a store that opened and checked the
    /// file), so it is not asked again.
    public init(descriptor: Int32, checkedSize size: Int) {
        self.descriptor = Mutex(descriptor)
        self.size = size
        offset = 0
    }

    /// Takes ownership of `descriptor` like ``init(descriptor:)``, to send only the bytes `range`
    /// of the file (a `206 Partial Content` answer), straight from the descriptor. A range that
    /// is empty or reaches past the end of the file is refused (and the descriptor closed).
    public init(descriptor: Int32, range: Range<Int>) throws(Failure) {
        let fileSize = try Self.regularFileSize(descriptor)
        guard range.lowerBound >= 0, !range.isEmpty, range.upperBound <= fileSize else {
            close(descriptor)
            throw Failure(code: EINVAL, description: "The bytes \(range.lowerBound)..<\(range.upperBound) are not all in the file to send (\(fileSize) bytes).")
        }
        self.descriptor = Mutex(descriptor)
        size = range.count
        offset = range.lowerBound
    }

    /// The size of the regular file open on `descriptor`; closes it and throws otherwise.
    private static func regularFileSize(_ descriptor: Int32) throws(Failure) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(code: code, description: "The file to send cannot be read (fstat: \(String(cString: strerror(code)))).")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw Failure(code: 0, description: "Only regular files can be sent; this descriptor is a folder or a device.")
        }
        return Int(info.st_size)
    }

    /// Opens the regular file at `url` for reading (`O_CLOEXEC`; with `followLinks: false` also
    /// `O_NOFOLLOW`, so a symbolic link in its last component is refused).
    public static func open(_ url: URL, followLinks: Bool = true) throws(Failure) -> OpenFile {
        let flags = O_RDONLY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW)
        let opened = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            return openForReading(path, flags)
        }
        guard opened >= 0 else {
            let code = errno
            throw Failure(code: code, description: "\(url.path) cannot be opened (\(String(cString: strerror(code)))).")
        }
        return try OpenFile(descriptor: opened)
    }

    /// Hands the descriptor to the caller, who must close it; `nil` if it was taken already.
    func take() -> Int32? {
        descriptor.withLock { owned in
            defer { owned = nil }
            return owned
        }
    }

    deinit {
        if let descriptor = take() { close(descriptor) }
    }

    public static func == (lhs: OpenFile, rhs: OpenFile) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { offset == 0 ? "OpenFile(\(size) bytes)" : "OpenFile(\(size) bytes from \(offset))" }
}

/// `open(2)` under a name the static `OpenFile.open` does not hide.
private func openForReading(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}
