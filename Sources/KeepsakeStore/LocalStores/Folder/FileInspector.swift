public import Foundation

/// What `lstat` says a path is.
public enum FileKind: Sendable, Equatable {
    /// Nothing there.
    case missing
    /// A regular file of this many bytes.
    case file(size: Int64, modified: Date)
    /// A real directory.
    case directory
    /// A symbolic link (never followed).
    case symlink
    /// A device, socket or FIFO.
    case other
}

/// Read-only file-system queries, which need no fault seam. They never follow symbolic links.
public enum FileInspector {
    /// What is at `path`, by `lstat`.
    public static func kind(of path: String) -> FileKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        return PosixFile.kind(info)
    }

    /// The names in a directory (not `.` or `..`), sorted; empty if it does not exist.
    public static func contents(of path: String) throws -> [String] {
        guard let dir = opendir(path) else {
            if errno == ENOENT { return [] }
            throw KeepsakeError.posix(errno, operation: "list", path: path)
        }
        defer { closedir(dir) }
        return PosixFile.names { readdir(dir) }
    }

    /// Reads a whole regular file. Inside the store, symbolic links are never followed; a user's
    /// input file outside the store may be reached through one (`followSymlinks`).
    public static func read(_ path: String, limit: Int = Int.max, followSymlinks: Bool = false) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (followSymlinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw KeepsakeError.posix(errno, operation: "read", path: path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw KeepsakeError.posix(errno, operation: "read", path: path) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(path)) is not a regular file.", path: path)
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw KeepsakeError(.imageTooLarge, "\(KeepsakeError.printable(path)) is \(size) bytes, over the limit of \(limit) bytes.", path: path)
        }
        var data = Data(count: size)
        var done = 0
        try data.withUnsafeMutableBytes { buffer in
            while done < size {
                let n = Foundation.read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw KeepsakeError.posix(errno, operation: "read", path: path)
                }
                if n == 0 { break }
                done += n
            }
        }
        if done < size { data.removeSubrange(done..<size) }
        return data
    }
}
