public import Foundation

/// The POSIX steps the folder store (``PosixFileSystem``, ``FileInspector``) and the named image
/// cache's folder (KeepsakeImageCache) share, written once: what a `stat` says an entry is, the
/// names a directory stream lists, and a new file written whole and made durable.
public enum PosixFile {
    /// What `info` (from `lstat`, or `fstatat` with `AT_SYMLINK_NOFOLLOW`) says an entry is.
    public static func kind(_ info: stat) -> FileKind {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            #if canImport(Darwin)
            let seconds = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
            #else
            let seconds = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            #endif
            return .file(size: Int64(info.st_size), modified: Date(timeIntervalSince1970: seconds))
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// The names `next` (`readdir` on an open stream) gives, without `.` and `..`, sorted.
    public static func names(_ next: () -> UnsafeMutablePointer<dirent>?) -> [String] {
        var names: [String] = []
        while let entry = next() {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Writes `data` whole into the new file open as `fd`, fsyncs and closes it; returns the
    /// failure, if any (the caller then removes the half-written file, which is its own).
    /// `path` names the file in messages.
    public static func finishNewFile(_ fd: Int32, data: Data, path: String) -> KeepsakeError? {
        var failure: KeepsakeError?
        data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = write(fd, buffer.baseAddress! + done, buffer.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = KeepsakeError.posix(errno, operation: "write", path: path)
                    return
                }
                done += count
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = KeepsakeError.posix(errno, operation: "flush (fsync)", path: path) }
        if close(fd) != 0, failure == nil { failure = KeepsakeError.posix(errno, operation: "close", path: path) }
        return failure
    }
}
